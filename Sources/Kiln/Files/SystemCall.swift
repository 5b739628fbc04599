#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The one rule for interrupted system calls: a call that fails with `EINTR` (a signal arrived before it
/// did anything) is made again; any other result, success or failure, is returned as it is, with `errno`
/// left as the call set it.
///
/// - Parameter call: the system call, returning -1 on failure as POSIX calls do.
/// - Returns: the first result that is not an `EINTR` failure.
@inline(__always)
package func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result != -1 || errno != EINTR { return result }
    }
}

// The system's own calls, under names apart from the methods of `FileDescriptor` and `FileSystem` that wrap them.

func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
        Darwin.close(descriptor)
    #else
        Glibc.close(descriptor)
    #endif
}

func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
    #else
        Glibc.read(descriptor, buffer, count)
    #endif
}

func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
        Darwin.write(descriptor, buffer, count)
    #else
        Glibc.write(descriptor, buffer, count)
    #endif
}

func systemRename(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Darwin)
        Darwin.rename(source, destination)
    #else
        Glibc.rename(source, destination)
    #endif
}

func systemLink(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Darwin)
        Darwin.link(source, destination)
    #else
        Glibc.link(source, destination)
    #endif
}
