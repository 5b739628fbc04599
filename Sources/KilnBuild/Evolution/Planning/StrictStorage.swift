/// Which storage classes a column holds and a STRICT column accepts (<https://www.sqlite.org/stricttables.html>):
/// a STRICT column takes a value of its type, or one SQLite converts losslessly by the type's affinity, and
/// refuses every other (`cannot store BLOB value in TEXT column`), so copying into it can fail where copying
/// into an ordinary column never does.
enum StrictStorage {
    /// One of SQLite's storage classes other than NULL.
    enum Class: CaseIterable { case integer, real, text, blob }

    /// The classes a column may hold: a STRICT column only its type's (any for `ANY`); an ordinary column those
    /// its affinity keeps (a column without affinity, anything).
    static func classes(declaredType: String, affinity: TypeAffinity, isStrict: Bool) -> Set<Class> {
        if isStrict && declaredType == "ANY" { return Set(Class.allCases) }
        switch affinity {
        case .integer: return [.integer]
        case .real: return [.real]
        case .numeric: return isStrict ? [.integer] : [.integer, .real]
        case .text: return [.text]
        case .blob: return isStrict ? [.blob] : Set(Class.allCases)
        }
    }

    /// The classes a STRICT column of `declaredType` takes without fail: `INT`/`INTEGER` integers, `REAL`
    /// integers and reals, `TEXT` numbers and text, `BLOB` blobs, `ANY` everything.
    static func accepted(declaredType: String, affinity: TypeAffinity) -> Set<Class> {
        if declaredType == "ANY" { return Set(Class.allCases) }
        switch affinity {
        case .integer, .numeric: return [.integer]
        case .real: return [.integer, .real]
        case .text: return [.integer, .real, .text]
        case .blob: return [.blob]
        }
    }
}
