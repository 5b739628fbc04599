import Foundation
import Kiln

/// Results written by parallel workers, each to its own slot.
final class ResultCollector<Value: Sendable>: Sendable {
    private let slots: LockedValue<[Result<Value, Error>?]>

    /// Room for `count` results.
    init(count: Int) { slots = LockedValue(Array(repeating: nil, count: count)) }

    /// Stores the result of slot `index`.
    func set(_ index: Int, _ result: Result<Value, Error>) {
        slots.withLock { $0[index] = result }
    }

    /// The result of slot `index`, which a worker must have set.
    ///
    /// - Returns: the result.
    func get(_ index: Int) -> Result<Value, Error> {
        let result = slots.withLock { $0[index] }
        guard let result else { preconditionFailure("no result for database \(index)") }
        return result
    }
}
