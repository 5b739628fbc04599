import Kiln

#if canImport(CryptoKit)
    import CryptoKit
#endif

/// Incremental SHA-256 (FIPS 180-4): CryptoKit on Apple platforms, OpenSSL's libcrypto elsewhere.
/// kiln never implements the hash itself.
///
/// A hasher is a value: after `var copy = hasher; copy.update(more)`, `hasher` still hashes only what it was
/// fed. CryptoKit's `SHA256` is a value already; the OpenSSL context is copied on write (``OpenSSLDigest``).
///
/// ```swift
/// var hasher = SHA256Hasher()
/// hasher.update("migrations/countries/0001_create_country.sql")
/// let hex = hasher.finalize().hex
/// ```
package struct SHA256Hasher {
    #if canImport(CryptoKit)
        // Read, not compiled, on Linux: CryptoKit's SHA256 is a struct, so copies never share state.
        private var state = SHA256()
    #else
        private var state = OpenSSLDigest()
    #endif

    /// A hasher that has seen nothing yet.
    package init() {}

    /// Feeds bytes.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        #if canImport(CryptoKit)
            state.update(bufferPointer: bytes)
        #else
            state.update(bytes)
        #endif
    }

    /// Feeds bytes.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds a string's UTF-8.
    package mutating func update(_ text: String) {
        update(Array(text.utf8))
    }

    /// The digest of everything fed so far; the hasher must not be used afterwards (its copies may).
    ///
    /// - Returns: the 32-byte digest.
    package mutating func finalize() -> SHA256Digest {
        #if canImport(CryptoKit)
            return SHA256Digest(bytes: Array(state.finalize()))
        #else
            return SHA256Digest(bytes: state.finalize())
        #endif
    }

    /// The digest of `bytes`.
    ///
    /// - Returns: the 32-byte digest.
    package static func hash(_ bytes: [UInt8]) -> SHA256Digest {
        var hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }
}
