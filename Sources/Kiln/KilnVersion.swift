/// kiln's own version, printed by `kiln --version` and recorded in what kiln builds.
public enum KilnVersion {
    /// The version string, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
