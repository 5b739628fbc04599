import Kiln

extension ConfigurationReader {
    static let functionKeys = ["arguments", "returns"]

    /// A database's `collations`: each name mapped to `"BINARY"`, `"NOCASE"` or `"RTRIM"`.
    mutating func readCollationStandIns(_ value: JSONValue, path: String) -> [String: StandIns.Collation] {
        var collations: [String: StandIns.Collation] = [:]
        for member in object(value, path: path) {
            guard let collation = member.value.string.flatMap({ StandIns.Collation(rawValue: $0.uppercased()) })
            else {
                problem(.invalidCollationStandIn(path: "\(path).\(member.key)"), at: member.value)
                continue
            }
            collations[member.key] = collation
        }
        return collations
    }

    /// A database's `functions`: each name mapped to `{"arguments": n, "returns": "first-argument" | "null"}`.
    mutating func readFunctionStandIns(_ value: JSONValue, path: String) -> [String: StandIns.Function] {
        var functions: [String: StandIns.Function] = [:]
        for member in object(value, path: path) {
            if let function = readFunctionStandIn(member.value, path: "\(path).\(member.key)") {
                functions[member.key] = function
            }
        }
        return functions
    }

    private mutating func readFunctionStandIn(_ value: JSONValue, path: String) -> StandIns.Function? {
        var arguments: (count: Int?, value: JSONValue)?
        var returns: StandIns.FunctionResult?
        var valid = true
        for member in object(value, path: path) {
            switch member.key {
            case "arguments":
                arguments = (member.value.integer.flatMap { Int(exactly: $0) }, member.value)
            case "returns":
                returns = member.value.string.flatMap(StandIns.FunctionResult.init(rawValue:))
                if returns == nil {
                    problem(.invalidFunctionReturns(path: "\(path).returns"), at: member.value)
                    valid = false
                }
            default:
                unknownKey(member, path: "\(path).\(member.key)", allowed: Self.functionKeys)
                valid = false
            }
        }
        guard value.members != nil else { return nil }
        let result = returns ?? .firstArgument
        let minimum = result == .firstArgument ? 1 : 0
        guard let count = arguments?.count, count >= minimum, count <= 127 else {
            problem(.invalidFunctionArguments(path: "\(path).arguments"), at: arguments?.value ?? value)
            return nil
        }
        return valid ? StandIns.Function(arguments: count, returns: result) : nil
    }
}
