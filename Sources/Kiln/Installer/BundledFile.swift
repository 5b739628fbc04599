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

    init(path: String) throws {
        self.path = path
        do {
            let connection = try SQLiteConnection(path: Self.uri(path), mode: .readOnly)
            let facts = try connection.rows(sql: "SELECT * FROM pragma_user_version, pragma_application_id")
            guard let row = facts.first, case .integer(let version) = row[0], case .integer(let id) = row[1] else {
                throw InstallerError(.bundledFileInvalid(path), "cannot read the bundled database \(path)")
            }
            guard try connection.rows(sql: "PRAGMA quick_check") == [["ok"]] else {
                throw InstallerError(.bundledFileInvalid(path), "the bundled database \(path) fails quick_check")
            }
            self.version = Int32(truncatingIfNeeded: version)
            self.applicationID = Int32(truncatingIfNeeded: id)
        } catch let error as SQLiteError {
            throw InstallerError(
                .bundledFileInvalid(path), "the bundled database \(path) cannot be opened: \(error.message)",
                hint: "ship a file built by 'kiln build'")
        }
    }

    /// Checks a fresh copy before it is published: same header, application id, version, and `quick_check` ok.
    func validate(copyAt copy: String) throws {
        do {
            let header = try FileSystem.prefix(of: copy, count: 16)
            guard header == Array("SQLite format 3\0".utf8) else {
                throw InstallerError(.bundledFileInvalid(path), "the copy of \(path) has no SQLite header")
            }
            let connection = try SQLiteConnection(path: Self.uri(copy), mode: .readOnly)
            let facts = try connection.rows(sql: "SELECT * FROM pragma_user_version, pragma_application_id")
            guard facts == [[.integer(Int64(version)), .integer(Int64(applicationID))]],
                try connection.rows(sql: "PRAGMA quick_check") == [["ok"]]
            else {
                throw InstallerError(.bundledFileInvalid(path), "the copy of \(path) does not match the bundled file")
            }
        } catch let error as SQLiteError {
            throw InstallerError(.database(error), "the copy of \(path) cannot be read: \(error.message)")
        } catch let error as FileSystemError {
            throw InstallerError(.fileSystem(error.description), "cannot \(error.description)")
        }
    }
}

extension FileSystem {
    /// Up to `count` bytes from the start of a file.
    package static func prefix(of path: String, count: Int) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: path, code: errno) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        guard read >= 0 else { throw FileSystemError(operation: "read", path: path, code: errno) }
        return Array(buffer.prefix(read))
    }

    /// Copies a file's bytes to a new file (which must not exist), in 1 MiB chunks.
    package static func copyFile(_ source: String, to destination: String) throws {
        let input = open(source, O_RDONLY)
        guard input >= 0 else { throw FileSystemError(operation: "open", path: source, code: errno) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw FileSystemError(operation: "create", path: destination, code: errno) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "read", path: source, code: errno)
            }
            if count == 0 { return }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(operation: "write", path: destination, code: errno)
                }
                written += result
            }
        }
    }
}
