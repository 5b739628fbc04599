import Kiln

/// Which storage classes a column holds and a STRICT column accepts (<https://www.sqlite.org/stricttables.html>),
/// asked of SQLite: a STRICT column takes a value of its type, or one SQLite converts losslessly by the type's
/// affinity, and refuses every other (`cannot store TEXT value in INTEGER column`), so copying into it can fail
/// where copying into an ordinary column never does. An ordinary column holds more than its affinity's class:
/// an INTEGER column keeps `'abc'` as TEXT and `1.5` as REAL, a TEXT column keeps blobs.
///
/// Each answer comes from sample values of every class stored in a table of a private in-memory database, one
/// table per declared type and strictness, asked once.
final class StrictStorage {
    /// One of SQLite's storage classes other than NULL, named as `typeof` names it.
    enum Class: String, CaseIterable, Comparable {
        case integer, real, text, blob

        static func < (left: Class, right: Class) -> Bool {
            allCases.firstIndex(of: left) ?? 0 < allCases.firstIndex(of: right) ?? 0
        }
    }

    /// What a column of one declared type and strictness does with each class.
    struct Storage: Equatable {
        /// The classes its values may have.
        var held: Set<Class>
        /// The classes it takes every value of (for an ordinary column, all).
        var accepted: Set<Class>
    }

    /// Values of each class, the hardest ones for a STRICT type to take: the extreme integers (which REAL
    /// rounds), a fraction and a huge real (which INTEGER refuses), text that is no number, blobs.
    static let samples: [(Class, String)] = [
        (.integer, "1"), (.integer, "9223372036854775807"), (.integer, "-9223372036854775808"),
        (.real, "1.5"), (.real, "1e300"), (.text, "'x'"), (.text, "''"), (.blob, "x'00'"), (.blob, "x''"),
    ]

    private let connection: SQLiteConnection?
    private var answers: [String: Storage] = [:]

    /// A prober with its own in-memory database (nothing is written to the schemas being planned).
    init() { connection = try? SQLiteConnection(path: ":memory:") }

    /// What a column of `declaredType` holds and accepts. An ordinary column is asked by the keyword of its
    /// `affinity` (which decides how it stores values); a STRICT one by its own type, one of the few STRICT
    /// allows. Without an answer (a type that cannot be written into SQL), the column may hold anything and a
    /// STRICT one accepts only what every type does: nothing is assumed to fit.
    func storage(declaredType: String, affinity: TypeAffinity, isStrict: Bool) -> Storage {
        let type = isStrict ? declaredType.uppercased() : (affinity == .blob ? "" : affinity.rawValue)
        let key = "\(type) \(isStrict)"
        if let known = answers[key] { return known }
        let all = Set(Class.allCases)
        let answer = probe(type: type, isStrict: isStrict) ?? Storage(held: all, accepted: isStrict ? [] : all)
        answers[key] = answer
        return answer
    }

    /// Stores every sample in a fresh table of `type`: the classes stored, and those none of whose samples the
    /// table refused.
    private func probe(type: String, isStrict: Bool) -> Storage? {
        guard let connection, type.allSatisfy({ $0.isLetter || $0 == " " }) else { return nil }
        do {
            try connection.execute(
                sql: "DROP TABLE IF EXISTS probe; CREATE TABLE probe (v \(type))\(isStrict ? " STRICT" : "")")
            var refused: Set<Class> = []
            for (storageClass, value) in Self.samples {
                do { try connection.execute(sql: "INSERT INTO probe VALUES (\(value))") } catch {
                    refused.insert(storageClass)
                }
            }
            let held = try connection.rows(sql: "SELECT DISTINCT typeof(v) FROM probe").compactMap { row in
                if case .text(let name) = row.first { Class(rawValue: name) } else { nil }
            }
            return Storage(held: Set(held), accepted: Set(Class.allCases).subtracting(refused))
        } catch {
            return nil
        }
    }
}
