/// kiln's own version, printed by the command line and recorded in the databases kiln makes.
public enum KilnVersion {
    /// The version string, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
