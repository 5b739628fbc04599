/// Rotation of a list, so that successive rows start at different members.
enum Rotation {
    /// Up to `limit` members of `values`, starting at position `serial` (modulo their count).
    ///
    /// - Returns: the members, in rotated order.
    static func rotated<Value>(_ values: [Value], by serial: Int64, limit: Int = .max) -> [Value] {
        guard !values.isEmpty else { return [] }
        let start = Int(serial.magnitude % UInt64(values.count))
        return (0..<min(limit, values.count)).map { values[(start + $0) % values.count] }
    }
}
