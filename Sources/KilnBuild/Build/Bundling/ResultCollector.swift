import Foundation

/// Results written by parallel workers, each to its own slot.
final class ResultCollector<Value>: @unchecked Sendable {
    private var slots: [Result<Value, Error>?]
    private let lock = NSLock()

    /// Room for `count` results.
    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores the result of slot `index`.
    func set(_ index: Int, _ result: Result<Value, Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    /// The result of slot `index`, which a worker must have set.
    ///
    /// - Returns: the result.
    func get(_ index: Int) -> Result<Value, Error> {
        lock.lock()
        defer { lock.unlock() }
        guard let result = slots[index] else { preconditionFailure("no result for database \(index)") }
        return result
    }
}
