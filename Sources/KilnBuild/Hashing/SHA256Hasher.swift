import Foundation
import Kiln

#if canImport(CryptoKit)
    import CryptoKit
#else
    import CCrypto
#endif

/// Incremental SHA-256 (FIPS 180-4): CryptoKit on Apple platforms, OpenSSL's libcrypto elsewhere.
/// kiln never implements the hash itself.
///
/// ```swift
/// var hasher = SHA256Hasher()
/// hasher.update("migrations/countries/0001_create_country.sql")
/// let hex = hasher.finalize().hex
/// ```
public struct SHA256Hasher {
    #if canImport(CryptoKit)
        private var state = SHA256()
    #else
        private let context: DigestContext
    #endif

    /// A hasher that has seen nothing yet.
    public init() {
        #if !canImport(CryptoKit)
            context = DigestContext()
        #endif
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        #if canImport(CryptoKit)
            state.update(bufferPointer: bytes)
        #else
            context.update(bytes)
        #endif
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds a string's UTF-8.
    public mutating func update(_ text: String) {
        update(Array(text.utf8))
    }

    /// The digest of everything fed so far; the hasher must not be used afterwards.
    public mutating func finalize() -> SHA256Digest {
        #if canImport(CryptoKit)
            return SHA256Digest(bytes: Array(state.finalize()))
        #else
            return SHA256Digest(bytes: context.finalize())
        #endif
    }

    /// The digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> SHA256Digest {
        var hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }
}

/// A SHA-256 digest: 32 bytes.
public struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The digest's bytes.
    public let bytes: [UInt8]

    /// Lowercase hexadecimal, 64 characters.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    public var description: String { hex }
}

#if !canImport(CryptoKit)
    /// The one owner of an OpenSSL `EVP_MD_CTX`: created and freed here, nowhere else.
    private final class DigestContext {
        private let context: OpaquePointer

        init() {
            guard let context = EVP_MD_CTX_new() else { fatalError("OpenSSL could not allocate a digest context") }
            self.context = context
            // EVP_DigestInit_ex returns 1 on success; SHA-256 is always available in libcrypto.
            precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "OpenSSL could not start SHA-256")
        }

        deinit { EVP_MD_CTX_free(context) }

        func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            precondition(EVP_DigestUpdate(context, base, bytes.count) == 1, "OpenSSL SHA-256 update failed")
        }

        func finalize() -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            precondition(EVP_DigestFinal_ex(context, &digest, &length) == 1, "OpenSSL SHA-256 final failed")
            return Array(digest.prefix(Int(length)))
        }
    }
#endif

extension FileSystem {
    /// The SHA-256 of a file's bytes, read in chunks.
    package static func sha256(ofFileAt path: String) throws -> SHA256Digest {
        let file = try FileDescriptor(opening: path, .readOnly)
        var hasher = SHA256Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return hasher.finalize()
    }
}
