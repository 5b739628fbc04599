import KilnBuild
import Testing

@Suite("SHA-256 hasher")
struct SHA256HasherTests {
    private let emptyDigest = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    private let abcDigest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    @Test("known digests of FIPS 180-4's examples")
    func knownDigests() {
        #expect(SHA256Hasher.hash([]).hex == emptyDigest)
        #expect(SHA256Hasher.hash(Array("abc".utf8)).hex == abcDigest)
        var hasher = SHA256Hasher()
        hasher.update("a")
        hasher.update([UInt8]())
        hasher.update("bc")
        #expect(hasher.finalize().hex == abcDigest)
    }

    @Test("a copy is a value: updating it leaves the original's digest unchanged")
    func copyIsAValue() {
        var original = SHA256Hasher()
        original.update("ab")
        var copy = original
        copy.update("c")
        #expect(copy.finalize().hex == abcDigest)
        #expect(original.finalize().hex == SHA256Hasher.hash(Array("ab".utf8)).hex)
    }

    @Test("finalizing a copy leaves the original usable")
    func finalizeOnACopy() {
        var original = SHA256Hasher()
        original.update("a")
        var copy = original
        #expect(copy.finalize().hex == SHA256Hasher.hash(Array("a".utf8)).hex)
        original.update("bc")
        #expect(original.finalize().hex == abcDigest)
    }

    @Test("a fresh hasher copied before any update stays empty")
    func copyOfFresh() {
        let fresh = SHA256Hasher()
        var copy = fresh
        copy.update("abc")
        var original = fresh
        #expect(original.finalize().hex == emptyDigest)
        #expect(copy.finalize().hex == abcDigest)
    }
}
