/// Human-readable figures.
enum Format {
    /// A duration in milliseconds with one decimal, e.g. `1.2 ms`.
    static func duration(_ duration: Duration) -> String {
        "\((milliseconds(duration) * 10).rounded() / 10) ms"
    }

    /// A duration given in seconds, in milliseconds with one decimal, e.g. `1.2 ms`.
    static func duration(seconds: Double) -> String {
        "\((seconds * 10_000).rounded() / 10) ms"
    }

    /// A duration in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// A duration given in seconds, in milliseconds.
    static func milliseconds(seconds: Double) -> Double {
        seconds * 1000
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
