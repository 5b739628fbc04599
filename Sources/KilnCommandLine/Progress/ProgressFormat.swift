import Foundation

/// How progress lines write their figures, in one place: percentages, counts, sizes, rates and time left,
/// e.g. `41%`, `2.1 M rows`, `1.2 GB`, `62.9 MB/s`, `12 s left`, `12 s`. Sizes are decimal (1 MB = 1,000,000 bytes),
/// as disk and network tools show them.
enum ProgressFormat {
    /// A share from 0 to 1 as a whole percentage, rounded down so 100% means done: `41%`.
    static func percent(_ fraction: Double) -> String {
        "\(Int((min(max(fraction, 0), 1) * 100).rounded(.down)))%"
    }

    /// A count, shortened above 9,999: `532`, `9999`, `40.1 k`, `2.1 M`.
    static func count(_ value: Int) -> String {
        switch value {
        case ..<10_000: "\(value)"
        case ..<1_000_000: "\(oneDecimal(Double(value) / 1_000)) k"
        default: "\(oneDecimal(Double(value) / 1_000_000)) M"
        }
    }

    /// A number of rows: `1 row`, `532 rows`, `2.1 M rows`.
    static func rows(_ value: Int) -> String {
        value == 1 ? "1 row" : "\(count(value)) rows"
    }

    /// A size in bytes: `800 bytes`, `12.0 kB`, `340.2 MB`, `1.2 GB`.
    static func bytes(_ value: Int) -> String {
        let amount = Double(value)
        switch value {
        case ..<1_000: return "\(value) bytes"
        case ..<1_000_000: return "\(oneDecimal(amount / 1e3)) kB"
        case ..<1_000_000_000: return "\(oneDecimal(amount / 1e6)) MB"
        default: return "\(oneDecimal(amount / 1e9)) GB"
        }
    }

    /// A read or copy rate: `62.9 MB/s`; nil before a rate means anything (under a tenth of a second).
    static func rate(bytes: Int, seconds: Double) -> String? {
        guard seconds >= 0.1, bytes > 0 else { return nil }
        return "\(oneDecimal(Double(bytes) / seconds / 1e6)) MB/s"
    }

    /// The time left: `12 s left`, `2 min 05 s left`, `1 h 02 min left`.
    static func timeLeft(_ seconds: Double) -> String {
        "\(duration(seconds.rounded(.up))) left"
    }

    /// A span of time in whole seconds, rounded down: `12 s`, `2 min 05 s`, `1 h 02 min`.
    static func duration(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? max(Int(seconds.rounded(.down)), 0) : 0
        switch whole {
        case ..<60: return "\(whole) s"
        case ..<3600: return "\(whole / 60) min \(twoDigits(whole % 60)) s"
        default: return "\(whole / 3600) h \(twoDigits(whole % 3600 / 60)) min"
        }
    }

    private static func oneDecimal(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
