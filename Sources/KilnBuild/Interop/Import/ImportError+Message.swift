import Kiln

extension ImportError.Reason {
    /// What is wrong, in words, lowercase.
    var message: String {
        switch self {
        case .sourceNotAFolder(let path): "\(path) is not a folder of migrations"
        case .cannotRead(let path, let error): "cannot read \(path): \(error.description)"
        case .linkOutsideFolder(let link, let target, let folder):
            "\(link) is a symbolic link to \(target), outside \(folder): kiln imports only what is inside the folder"
        case .nulByte: TextProblem.nulByte.messageInSQLFile
        case .invalidUTF8: TextProblem.invalidUTF8.messageInSQLFile
        case .unknownLayout(let path):
            "\(path) holds no migrations of \(ForeignTool.spelled(ForeignTool.importable))"
        case .ambiguousLayout(let path, let tools):
            "\(path) fits several layouts: \(tools.map(\.rawValue).joined(separator: ", "))"
        case .noMigrations(let path, let tool): "\(path) holds no \(tool.rawValue) up migration"
        case .unrecognizedFile(let tool): "this .sql file is not named as \(tool.rawValue) names migrations"
        case .versionOutOfRange(let version, let tool): "version \(version) does not fit \(tool.rawValue)'s versions"
        case .duplicateVersion(let version, let other): "version \(version) is also the version of \(other)"
        case .missingUpFile: "this migration folder has no up.sql"
        case .missingUpSection(let marker): "no '\(marker)' line before the down section: nothing to import"
        case .placeholder(let text):
            "placeholder '\(text)' is expanded by the source tool when it runs; kiln runs SQL as written"
        case .codeMigrations(let tool, let files):
            "\(files.count) \(tool.rawValue) migration\(files.count == 1 ? " is" : "s are") written as code, with no SQL "
                + "to import (listed below)"
        case .migrationsAreCode(let tool):
            "\(tool.rawValue)'s migrations are written as code: there is no SQL to import; import works with "
                + ForeignTool.spelled(ForeignTool.importable)
        case .dialectVariant: "a dialect variant: choose the SQLite file by hand and rename it to .sql"
        case .toolFile(let text): text
        case .notSQLite(let provider):
            "the migrations are for provider \"\(provider)\", not sqlite: kiln imports SQLite migrations"
        case .missingMigrationFile: "this migration folder has no migration.sql"
        case .targetNotEmpty(let path): "\(path) already holds migrations; import only into a new database folder"
        case .targetNotAFolder(let path, let kind): "\(path) is \(kind.phrase), not a database folder"
        case .cannotWrite(let path, let error): "cannot write \(path): \(error.description); nothing was imported"
        }
    }

    /// What to do about it, where there is more to say than the message.
    package var hint: String? {
        switch self {
        case .linkOutsideFolder:
            "copy the file into the folder (or import the folder it is in); links that stay inside are followed"
        case .nulByte: TextProblem.nulByte.hint
        case .invalidUTF8: TextProblem.invalidUTF8.hint
        case .codeMigrations:
            "port each to SQL, or import the SQL ones with a placeholder in place of each code migration, which "
                + "migrate and check refuse until its SQL is written"
        default: nil
        }
    }
}
