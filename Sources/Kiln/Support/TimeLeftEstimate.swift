/// How long a job has left at the pace it kept so far: the one estimate every progress value uses (a seed's
/// load, an install's copy), so a command-line tool and an app's own progress bar agree.
package enum TimeLeftEstimate {
    /// Seconds left when the share `fraction` (0 to 1) of a job took `elapsed` seconds and the rest goes at the
    /// same pace; nil when it is too early to tell (1% or less done, or under half a second: the first figures
    /// are noise) and once the job is done.
    package static func seconds(fractionCompleted fraction: Double, elapsed: Double) -> Double? {
        guard fraction > 0.01, fraction < 1, elapsed >= 0.5 else { return nil }
        return elapsed * (1 - fraction) / fraction
    }
}
