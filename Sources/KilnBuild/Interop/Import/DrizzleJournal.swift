import Foundation

/// drizzle-kit's `meta/_journal.json`: the migrations in the order drizzle runs them, each naming its file
/// (`<tag>.sql`) and the `when` (milliseconds since 1970) that drizzle writes as its `created_at`.
struct DrizzleJournal: Decodable {
    /// One journal entry.
    struct Entry: Decodable {
        /// The entry's index as drizzle-kit wrote it.
        let idx: Int?
        /// When the migration was generated, which drizzle records as `created_at`.
        let when: Int64
        /// The file's name without `.sql`.
        let tag: String
    }

    /// The entries, in the order drizzle runs them.
    let entries: [Entry]

    /// The path of the journal inside the migration folder.
    static let path = "meta/_journal.json"

    /// Reads the journal of `folder`.
    ///
    /// - Returns: the journal.
    /// - Throws: ``ImportError`` when it is missing or is not drizzle-kit's journal.
    static func read(_ folder: SourceFolder) throws -> DrizzleJournal {
        guard folder.folders.contains("meta"), try folder.list("meta").contains("_journal.json") else {
            throw ImportError(
                .toolFile(
                    "\(folder.shownPath(path)) is missing: drizzle runs the migrations in the order its journal "
                        + "gives"))
        }
        let bytes = try folder.read(path)
        let journal: DrizzleJournal
        do {
            journal = try JSONDecoder().decode(DrizzleJournal.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw ImportError(
                .toolFile("this is not drizzle-kit's journal: \(describe(error))"), at: folder.location(path))
        }
        for entry in journal.entries where entry.tag.isEmpty || entry.tag.contains("/") {
            throw ImportError(
                .toolFile("this journal's tag '\(entry.tag)' names no file of the folder"), at: folder.location(path))
        }
        return journal
    }

    /// What a decoding error says, with where in the journal (`entries[3].when`).
    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
                .description
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(place(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(place(context.codingPath)) is not what drizzle-kit writes there"
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "it is not JSON"
        case .dataCorrupted(let context): return "\(place(context.codingPath)) is not what drizzle-kit writes there"
        @unknown default: return "it cannot be read"
        }
    }
}
