import Foundation
import KilnTestSupport

/// A folder of `Tests/Fixtures/import/`, with the order its tool applies its up files in, written out by
/// hand so the comparison does not trust the importer's own ordering.
struct ImportFixture: CustomStringConvertible, Sendable {
    /// The tool, as `--from` names it.
    let tool: String
    /// Whether the folder is detected without `--from`.
    let isDetected: Bool
    /// The up files in the tool's order, relative to the folder.
    let upFiles: [String]
    /// For goose and dbmate, the down marker the up section ends at.
    let downMarker: String?
    /// The folder of `Tests/Fixtures/` the tool's folder is in.
    var root = "import"

    var description: String { "\(root)/\(tool)" }

    /// The fixture folder.
    var path: String {
        TestFixtures.url("\(root)/\(tool)").path
    }

    /// The SQL the tool runs, in its order: each up file, cut at the down marker.
    func upSQL() throws -> String {
        try upFiles.map { file in
            let text = try String(contentsOfFile: "\(path)/\(file)", encoding: .utf8)
            guard let marker = downMarker, let range = text.range(of: marker) else { return text }
            return String(text[..<range.lowerBound])
        }.joined(separator: "\n")
    }

    static let stems = [
        "20240102150405_create_users", "20240105093000_create_notes", "20240211120000_add_tags",
        "20240301080000_touch_notes", "20240320171500_pin_notes",
    ]

    static let all: [ImportFixture] = [
        ImportFixture(
            tool: "diesel", isDetected: true,
            upFiles: [
                "2024-01-02-150405_create_users", "2024-01-05-093000_create_notes", "2024-02-11-120000_add_tags",
                "2024-03-01-080000_touch_notes", "2024-03-20-171500_pin_notes",
            ].map { "\($0)/up.sql" }, downMarker: nil),
        ImportFixture(tool: "sqlx", isDetected: true, upFiles: stems.map { "\($0).sql" }, downMarker: nil),
        ImportFixture(
            tool: "golang-migrate", isDetected: false,
            upFiles: [
                "000001_create_users", "000002_create_notes", "000003_add_tags", "9_touch_notes", "10_pin_notes",
            ].map { "\($0).up.sql" }, downMarker: nil),
        ImportFixture(
            tool: "goose", isDetected: true, upFiles: stems.map { "\($0).sql" }, downMarker: "-- +goose Down"),
        ImportFixture(
            tool: "dbmate", isDetected: true, upFiles: stems.map { "\($0).sql" }, downMarker: "-- migrate:down"),
        ImportFixture(
            tool: "flyway", isDetected: true,
            upFiles: [
                "V1__create_users.sql", "V1.2__create_notes.sql", "V1.9__add_tags.sql", "V1.10__touch_notes.sql",
                "V2_1__pin_notes.sql",
            ], downMarker: nil),
        // The journal's order, and the folders' (prisma's localeCompare puts `0_init` first here too).
        ImportFixture(
            tool: "drizzle", isDetected: true,
            upFiles: [
                "0000_create_users", "0001_create_notes", "0002_create_tags", "0003_note_tags",
                "0004_custom_placeholder", "0005_add_display_name", "0006_notes_updated_index", "0007_pinned",
                "0008_notes_title_required", "0009_create_folders", "0010_custom_touch_trigger",
                "0011_notes_folder", "0012_pinned_index", "0013_create_sessions", "0014_sessions_expiry",
                "0015_create_attachments", "0016_tags_color", "0017_note_tags_tag_index", "0018_users_last_seen",
                "0019_pinned_notes_view", "0020_folders_unique", "0021_attachments_mime",
            ].map { "\($0).sql" }, downMarker: nil),
        ImportFixture(
            tool: "prisma", isDetected: true,
            upFiles: [
                "0_init", "20240105093000_create_notes", "20240211120000_create_tags", "20240212081500_note_tags",
                "20240220100000_empty", "20240301080000_display_name", "20240302090000_notes_updated_index",
                "20240310120000_pinned", "20240320171500_title_required", "20240401000000_create_folders",
                "20240402000000_touch_notes", "20240415000000_notes_folder", "20240420000000_pinned_index",
                "20240501000000_create_sessions", "20240502000000_sessions_expiry",
                "20240601000000_create_attachments", "20240610000000_tags_color", "20240611000000_users_last_seen",
                "20240701000000_tags_rename_color", "20240702000000_folders_unique",
                "20240801000000_pinned_notes_view", "20240802000000_attachments_mime",
            ].map { "\($0)/migration.sql" }, downMarker: nil),
    ]
}

/// The `sqlite3` command-line shell, the reference the imported migrations are compared with.
enum SQLiteShell {
    static let path = "/usr/bin/sqlite3"
    /// Whether the comparison can run; under CI (`CI` set) it always runs, so a missing shell fails the run
    /// instead of skipping the import tests (.ci/run installs it).
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: path) || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Runs `sqlite3 -bail <database>` with `input` on standard input; returns its standard output.
    @discardableResult
    static func run(_ database: String, _ input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-bail", database]
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let errors = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, errors.isEmpty else {
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: String(decoding: errors, as: UTF8.self)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
