import Foundation
import Kiln
import KilnBuild

extension SeedProgress {
    /// The line of a load: the table and its place in the load, then the table's rows (the first figure to
    /// leave a narrow line), the share of all bytes read, the rate and the time left over the whole load, e.g.
    /// `seeding city 3/7 · 2.1 M rows · 41% · 62.9 MB/s · 12 s left`; `… · indexing (4 s) · …` while the
    /// table's indexes are rebuilt.
    var progressText: ProgressMessage {
        var steps = ["seeding \(table)" + (tableCount > 1 ? " \(tableNumber)/\(tableCount)" : "")]
        if phase == .indexing { steps.append("indexing") }
        var figures = [ProgressMessage.Figure(ProgressFormat.rows(tableRows), isSpare: true)]
        if let fractionCompleted { figures.append(.init(ProgressFormat.percent(fractionCompleted))) }
        if phase == .reading {
            if let rate = ProgressFormat.rate(bytes: bytes, seconds: elapsed) { figures.append(.init(rate)) }
            if let left = estimatedSecondsLeft { figures.append(.init(ProgressFormat.timeLeft(left))) }
        }
        return ProgressMessage(steps, figures: figures, isTimed: phase == .indexing)
    }
}

extension BuildProgress.Step {
    /// What a build is doing, e.g. `migrating 4/12`, a seed's line, or a quiet step timed: `sealing (12 s)`.
    var progressText: ProgressMessage {
        switch self {
        case .migrating(let version, let latest): ProgressMessage(["migrating \(version)/\(latest)"])
        case .seeding(let seed): seed.progressText
        case .analyzing: ProgressMessage(["analyzing"], isTimed: true)
        case .checking: ProgressMessage(["checking integrity and foreign keys"], isTimed: true)
        case .sealing: ProgressMessage(["sealing"], isTimed: true)
        case .publishing: ProgressMessage(["putting the fresh file in place"], isTimed: true)
        case .finished: ProgressMessage(["done"])
        }
    }
}

extension CheckProgress {
    /// The line of a check, e.g. `check shop · upgrade paths 4/12` or
    /// `check shop · build 1/2 · seeding city 3/7 · 41% · 62.9 MB/s · 12 s left`.
    var progressText: ProgressMessage {
        let doing: ProgressMessage
        switch step {
        case .migrationFiles: doing = ProgressMessage(["migration files"], isTimed: true)
        case .building(let attempt, let count, let step): doing = step.progressText.after("build \(attempt)/\(count)")
        case .upgradePaths(let version, let latest): doing = ProgressMessage(["upgrade paths \(version)/\(latest)"])
        case .fixture(let version): doing = ProgressMessage(["fixture at version \(version)"], isTimed: true)
        case .appQueries: doing = ProgressMessage(["app queries"], isTimed: true)
        }
        return doing.after("check \(database)")
    }
}

extension DatabaseInstaller.CopyProgress {
    /// The line of an install's copy, `elapsed` seconds after it started, e.g.
    /// `copying the bundled database · 41% of 1.2 GB · 62.9 MB/s · 12 s left`.
    func progressText(elapsed: TimeInterval) -> ProgressMessage {
        let share = "\(ProgressFormat.percent(fractionCompleted)) of \(ProgressFormat.bytes(totalBytes))"
        var figures = [ProgressMessage.Figure(share)]
        if let rate = ProgressFormat.rate(bytes: copiedBytes, seconds: elapsed) { figures.append(.init(rate)) }
        if let left = estimatedSecondsLeft(elapsed: elapsed) { figures.append(.init(ProgressFormat.timeLeft(left))) }
        return ProgressMessage(["copying the bundled database"], figures: figures)
    }
}
