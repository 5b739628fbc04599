#if !canImport(CryptoKit)
    import CCrypto

    /// SHA-256 over OpenSSL's `EVP_MD_CTX`, with value semantics: the context lives in a class, and a mutation
    /// through a copy that shares it first duplicates it (`EVP_MD_CTX_copy_ex`), so copies never see each
    /// other's updates.
    struct OpenSSLDigest {
        private var context = DigestContext()

        /// Feeds bytes.
        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count > 0 else { return }
            makeUnique()
            context.update(bytes)
        }

        /// The digest of everything fed so far.
        ///
        /// - Returns: the digest's bytes.
        mutating func finalize() -> [UInt8] {
            // Finalizing changes the context too: a copy must keep its own.
            makeUnique()
            return context.finalize()
        }

        private mutating func makeUnique() {
            if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        }
    }

    /// The one owner of an OpenSSL `EVP_MD_CTX`: created, copied and freed here, nowhere else.
    private final class DigestContext {
        private let context: OpaquePointer

        /// A context started for SHA-256.
        init() {
            context = Self.allocate()
            // EVP_DigestInit_ex returns 1 on success; SHA-256 is always available in libcrypto.
            precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "OpenSSL could not start SHA-256")
        }

        private init(copying other: DigestContext) {
            context = Self.allocate()
            precondition(EVP_MD_CTX_copy_ex(context, other.context) == 1, "OpenSSL could not copy a SHA-256 context")
        }

        deinit { EVP_MD_CTX_free(context) }

        private static func allocate() -> OpaquePointer {
            guard let context = EVP_MD_CTX_new() else { fatalError("OpenSSL could not allocate a digest context") }
            return context
        }

        /// An independent context in the same state.
        ///
        /// - Returns: the copy.
        func copy() -> DigestContext { DigestContext(copying: self) }

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
