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
