import Kiln

extension SeedError.Reason {
    /// `app.db: disk I/O error (SQLITE_IOERR_DIR_FSYNC: …) after the load committed`, or without the ending
    /// when nothing reached the file.
    static func databaseFailure(_ file: String, _ error: SQLiteError, _ state: SeedError.SeedFileState) -> String {
        let when =
            switch state {
            case .rolledBack: ""
            case .holdsTheSeeds: " after the load committed"
            case .commitFailed, .asItWas, .unknown: " while committing the load"
            }
        return "\(file): \(error.explanation)\(when)"
    }

    /// What the file holds after the failure and what to do; `rerun` says loading again in the caller's terms.
    package static func stateHint(_ file: String, _ state: SeedError.SeedFileState, rerun: String) -> String {
        switch state {
        case .rolledBack: return "the load was rolled back: \(file) is as it was"
        case .asItWas: return "the load was rolled back: \(file) is as it was, read back after the error"
        case .holdsTheSeeds(let rows, let tables):
            return "\(file) holds all \(rows) row\(rows == 1 ? "" : "s") of the seeds' \(tables) "
                + "table\(tables == 1 ? "" : "s"), read back after the error; SQLite could not finish making the "
                + "commit durable, so whether it survives a power loss is unknown; \(rerun) is safe: a table that "
                + "holds every row of its file is left as it is"
        case .commitFailed:
            return "whether the commit reached \(file) is unknown until the file is read again; \(rerun) once the "
                + "disk is healthy is safe: a table that holds every row of its file is left as it is"
        case .unknown:
            return "whether the load committed could not be read back from \(file); \(rerun) once the disk is "
                + "healthy is safe: a table that holds every row of its file is left as it is"
        }
    }
}
