#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// Starts a detached thread with `pthread_create` and says whether the system made one. Foundation's
/// `Thread.start()` cannot say: a fleet that counted on a worker the system refused (a container's limit on
/// processes, `RLIMIT_NPROC`) would wait for it forever.
enum DetachedThread {
    /// What the new thread runs, handed to it through `pthread_create`'s context pointer.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `body` on a new detached thread with a stack of `stackSize` bytes.
    ///
    /// - Returns: whether the thread was created; when it was not, `body` never runs.
    static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0,
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0
        else { return false }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        guard pthread_create(&thread, &attributes, { DetachedThread.run($0) }, context) == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// The new thread's entry point: takes back the body and runs it.
    private static func run(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }
}
