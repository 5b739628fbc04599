#if canImport(CryptoKit)
    import CryptoKit
#else
    import CCrypto
#endif

/// SHA-384 (FIPS 180-4) in one call: CryptoKit on Apple platforms, OpenSSL's libcrypto elsewhere. kiln never
/// implements the hash itself; it needs it only for sqlx's checksums, which are SHA-384 of each file.
package enum SHA384 {
    /// The 48-byte digest of `bytes`.
    ///
    /// - Returns: the digest's bytes.
    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        #if canImport(CryptoKit)
            // Read, not compiled, on Linux.
            return Array(CryptoKit.SHA384.hash(data: bytes))
        #else
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            let succeeded = bytes.withUnsafeBytes { input in
                EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha384(), nil) == 1
            }
            // SHA-384 is always available in libcrypto; EVP_Digest fails only without memory.
            precondition(succeeded, "OpenSSL SHA-384 failed")
            return Array(digest.prefix(Int(length)))
        #endif
    }
}
