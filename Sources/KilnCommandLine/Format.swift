/// Human-readable figures.
enum Format {
    /// A duration given in seconds, in milliseconds with one decimal, e.g. `1.2 ms`.
    static func duration(seconds: Double) -> String {
        "\((seconds * 10_000).rounded() / 10) ms"
    }

    /// A duration given in seconds, in milliseconds.
    static func milliseconds(seconds: Double) -> Double {
        seconds * 1000
    }
}
