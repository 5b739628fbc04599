/// How migration tools order their version strings: dot-separated numeric parts compared as numbers (Flyway's
/// `1.10` after `1.9`; timestamps and integers are one part), anything else compared as text.
enum SourceVersionOrder {
    /// Whether `left` comes before `right`.
    static func precedes(_ left: String, _ right: String) -> Bool {
        let leftParts = left.split(separator: ".", omittingEmptySubsequences: false)
        let rightParts = right.split(separator: ".", omittingEmptySubsequences: false)
        for index in 0..<max(leftParts.count, rightParts.count) {
            let leftPart = index < leftParts.count ? leftParts[index] : "0"
            let rightPart = index < rightParts.count ? rightParts[index] : "0"
            if leftPart == rightPart { continue }
            if let leftNumber = UInt64(leftPart), let rightNumber = UInt64(rightPart) {
                return leftNumber < rightNumber
            }
            return leftPart < rightPart
        }
        return false
    }

    /// Whether `version` is `limit` or comes before it.
    static func isAtOrBefore(_ version: String, _ limit: String) -> Bool { !precedes(limit, version) }
}
