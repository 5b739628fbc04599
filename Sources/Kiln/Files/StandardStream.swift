#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The process's standard output and standard error, written through the same EINTR rule as every other
/// descriptor. They are not owned (the process keeps them open), so this is not a ``FileDescriptor``.
package enum StandardStream {
    /// Standard output: data.
    case output
    /// Standard error: diagnostics and progress.
    case error

    /// Writes all of `text`'s UTF-8 bytes, continuing after short writes. A stream that cannot be written (a
    /// closed pipe, a full disk behind a redirect) drops the rest: there is nowhere left to report it.
    package func write(_ text: String) {
        let descriptor = self == .output ? STDOUT_FILENO : STDERR_FILENO
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var written = 0
            while written < buffer.count {
                let count = retryingOnInterrupt { systemWrite(descriptor, base + written, buffer.count - written) }
                guard count > 0 else { return }
                written += count
            }
        }
    }

    /// Whether the stream is a terminal (progress lines and colour are only for terminals).
    package var isTerminal: Bool { isatty(self == .output ? STDOUT_FILENO : STDERR_FILENO) != 0 }

    /// The columns of the terminal standard output is, else of the one standard error is; nil when neither
    /// is a terminal (output into a pipe or a file) or the terminal does not say.
    package static var terminalColumns: Int? {
        for stream in [output, error] {
            if let columns = stream.columns { return columns }
        }
        return nil
    }

    /// The columns of this stream's own terminal, asked with `TIOCGWINSZ` each time (cheap, so a caller may ask
    /// again to see a resize); nil when the stream is not a terminal or the terminal does not say.
    package var columns: Int? {
        var size = winsize()
        #if canImport(Darwin)
            let request = TIOCGWINSZ
        #else
            let request = UInt(TIOCGWINSZ)
        #endif
        let descriptor = self == .output ? STDOUT_FILENO : STDERR_FILENO
        guard ioctl(descriptor, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
