import Foundation

/// A file's UTF-8 text, whose byte offsets turn into line and column.
///
/// No line index is kept: a location is asked for only to report something, so its lines are counted then, up to
/// the offset asked for (`memchr`, gigabytes a second). A large migration that applies without a problem costs
/// no memory beyond its bytes.
public struct SourceText: Sendable {
    /// The path used in locations.
    public let path: String
    /// The file's bytes.
    public let bytes: [UInt8]

    /// Wraps `bytes`, read from `path`.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The location of a byte offset; offsets past the end point just after the last byte.
    package func location(ofByte offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var line = 1
        var lineStart = 0
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while lineStart < clamped, let found = memchr(base + lineStart, 0x0A, clamped - lineStart) {
                line += 1
                lineStart = base.distance(to: UnsafeRawPointer(found)) + 1
            }
        }
        return SourceLocation(path: path, line: line, column: clamped - lineStart + 1)
    }
}
