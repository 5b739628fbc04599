import Foundation

/// The plain files under `Tests/Fixtures/` (the 64-migration ledger, other tools' migration folders), found
/// from this source file's place so any test target can read them.
public enum TestFixtures {
    /// `Tests/Fixtures/<relative>`.
    public static func url(_ relative: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(relative)
    }
}
