/// What makes bytes unusable as the text of a file kiln reads (a migration, a schema file, a queries or
/// fixtures file, `kiln.json`, a file `kiln import` copies).
package enum TextProblem: Equatable, Sendable {
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// A NUL byte. SQLite stops reading SQL text at the first one even when it is given the text's length
    /// (<https://www.sqlite.org/c3ref/prepare.html>), so every statement after it would silently never run;
    /// in a name or a path, C cuts the text short there.
    case nulByte
}

extension TextProblem {
    /// What a NUL byte in a SQL file is, in one lowercase line: the same words wherever such a file is read.
    package static let nulByteInSQLMessage =
        "a NUL byte: SQLite stops reading SQL at it, so nothing after it would run"

    /// What to do about a NUL byte in a text file.
    package static let nulByteHint =
        "remove it; a file saved as UTF-16 has one beside every ASCII character: save the file as UTF-8"

    /// The problem in a SQL file (a migration, queries, fixtures, a file `kiln import` copies), in one
    /// lowercase line: the same words wherever such a file is read.
    package var messageInSQLFile: String {
        switch self {
        case .invalidUTF8: "the file is not valid UTF-8"
        case .nulByte: Self.nulByteInSQLMessage
        }
    }

    /// What to do about it.
    package var hint: String {
        switch self {
        case .invalidUTF8: "save the file as UTF-8"
        case .nulByte: Self.nulByteHint
        }
    }
}

/// Checking bytes for well-formed UTF-8, fast on ASCII, without building strings (and without
/// `String(validating:)`, which Apple platforms only have from iOS 18 and macOS 15).
package enum UTF8Validation {
    /// The offset of the first byte that is not part of valid UTF-8 (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF), or nil when all of it is valid.
    package static func firstInvalidOffset(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        firstProblem(bytes, count, stoppingAtNUL: false)?.offset
    }

    /// The first byte of `bytes` that makes them no text: one that is not part of valid UTF-8, or a NUL; nil
    /// when all of it is text. The one rule every text file kiln reads is held to before any of it is used.
    package static func firstProblem(in bytes: [UInt8]) -> (offset: Int, problem: TextProblem)? {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { firstProblem($0, buffer.count, stoppingAtNUL: true) }
        }
    }

    /// One pass over the bytes: the first invalid UTF-8 sequence, or (when `stoppingAtNUL`) the first NUL,
    /// whichever comes first.
    @inline(__always)
    private static func firstProblem(_ bytes: UnsafePointer<UInt8>, _ count: Int, stoppingAtNUL: Bool)
        -> (offset: Int, problem: TextProblem)?
    {
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0 && stoppingAtNUL { return (index, .nulByte) }
                index += 1
                continue
            }
            guard let length = sequenceLength(bytes + index, count - index) else { return (index, .invalidUTF8) }
            index += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence that starts at `bytes` (whose lead byte is above 0x7F),
    /// with `remaining` bytes available; nil when it is not well formed.
    @inline(__always)
    private static func sequenceLength(_ bytes: UnsafePointer<UInt8>, _ remaining: Int) -> Int? {
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[0] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard length <= remaining else { return nil }
        guard bytes[1] >= low && bytes[1] <= high else { return nil }
        for offset in 2..<max(2, length) where bytes[offset] & 0xC0 != 0x80 { return nil }
        return length
    }
}
