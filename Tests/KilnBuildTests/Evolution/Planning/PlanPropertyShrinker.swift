/// Makes a failing pair smaller while it fails the same way: removes a table, a column, an index, a view or a
/// trigger from both schemas (with what then dangles), keeping each removal after which the first failure
/// still starts with the same words.
enum PropertyShrinker {
    /// The smallest pair found, and its failures.
    static func shrink(_ pair: PropertyPair, failures: [String], budget: Int = 300) -> (PropertyPair, [String]) {
        let kind = signature(failures)
        var best = (pair, failures)
        var attempts = 0
        var progress = true
        while progress, attempts < budget {
            progress = false
            for removal in removals(of: best.0) where attempts < budget {
                attempts += 1
                var original = best.0.original
                var wanted = best.0.wanted
                removal(&original)
                removal(&wanted)
                original.removeDangling()
                wanted.removeDangling()
                guard original != best.0.original || wanted != best.0.wanted,
                    let smaller = try? best.0.with(original: original, wanted: wanted)
                else { continue }
                var check = PropertyCheck(smaller)
                guard (try? check.run()) != nil, signature(check.failures) == kind else { continue }
                best = (smaller, check.failures)
                progress = true
                break
            }
        }
        return best
    }

    /// The first failure's words up to its first colon: what kind of failure it is.
    static func signature(_ failures: [String]) -> String? {
        failures.first.map { String($0.prefix { $0 != ":" }) }
    }

    /// Every single removal worth trying, largest first.
    static func removals(of pair: PropertyPair) -> [(inout PropertySchema) -> Void] {
        let tables = Set(pair.original.tables.map(\.id) + pair.wanted.tables.map(\.id)).sorted()
        var result: [(inout PropertySchema) -> Void] = tables.map { id in { $0.tables.removeAll { $0.id == id } } }
        let triggers = Set(pair.original.triggers.map(\.id) + pair.wanted.triggers.map(\.id)).sorted()
        result += triggers.map { id in { $0.triggers.removeAll { $0.id == id } } }
        let views = Set(pair.original.views.map(\.id) + pair.wanted.views.map(\.id)).sorted()
        result += views.map { id in { $0.views.removeAll { $0.id == id } } }
        let indexes = Set(pair.original.indexes.map(\.id) + pair.wanted.indexes.map(\.id)).sorted()
        result += indexes.map { id in { $0.indexes.removeAll { $0.id == id } } }
        let keys = Set((pair.original.tables + pair.wanted.tables).flatMap(\.primaryKey))
        let columns = Set((pair.original.tables + pair.wanted.tables).flatMap { $0.columns.map(\.id) })
            .subtracting(keys).sorted()
        result += columns.map { id in
            { schema in
                for index in schema.tables.indices { schema.tables[index].columns.removeAll { $0.id == id } }
            }
        }
        return result
    }
}
