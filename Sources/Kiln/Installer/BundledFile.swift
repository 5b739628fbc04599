import Foundation

/// The facts of the bundled database an installer copies from, read once, read-only.
package struct BundledFile {
    let path: String
    let version: Int32
    let applicationID: Int32

    /// A URI that opens `path` read-only and immutable: SQLite takes no locks and never looks for a journal,
    /// which is right for a file inside a read-only app bundle.
    package static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:\(path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)?mode=ro&immutable=1"
    }

    /// Reads the facts of the bundled file at `path` and checks it.
    ///
    /// - Throws: ``InstallFailure`` when the file cannot be opened or read, or fails `quick_check`.
    init(path: String) throws {
        self.path = path
        do {
            let connection = try SQLiteConnection(path: Self.uri(path), mode: .readOnly)
            let facts = try connection.rows(sql: "SELECT * FROM pragma_user_version, pragma_application_id")
            guard let row = facts.first, case .integer(let version) = row[0], case .integer(let id) = row[1] else {
                throw InstallFailure(.bundledFileInvalid(.unreadableHeader))
            }
            guard try connection.rows(sql: "PRAGMA quick_check") == [["ok"]] else {
                throw InstallFailure(.bundledFileInvalid(.failsQuickCheck))
            }
            self.version = Int32(truncatingIfNeeded: version)
            self.applicationID = Int32(truncatingIfNeeded: id)
        } catch let error as SQLiteError {
            throw InstallFailure(.bundledFileInvalid(.cannotOpen(error)))
        }
    }

    /// Checks a fresh copy before it is published: same header, application id, version, and `quick_check` ok.
    ///
    /// - Throws: ``InstallFailure`` when the copy differs or cannot be read.
    func validate(copyAt copy: String) throws {
        do {
            let header = try FileSystem.prefix(of: copy, count: 16)
            guard header == Array("SQLite format 3\0".utf8) else {
                throw InstallFailure(.bundledFileInvalid(.copyHasNoHeader))
            }
            let connection = try SQLiteConnection(path: Self.uri(copy), mode: .readOnly)
            let facts = try connection.rows(sql: "SELECT * FROM pragma_user_version, pragma_application_id")
            guard facts == [[.integer(Int64(version)), .integer(Int64(applicationID))]],
                try connection.rows(sql: "PRAGMA quick_check") == [["ok"]]
            else {
                throw InstallFailure(.bundledFileInvalid(.copyDoesNotMatch))
            }
        } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .validateCopy))
        } catch let error as FileSystemError {
            throw InstallFailure(.fileSystem(error))
        }
    }
}
