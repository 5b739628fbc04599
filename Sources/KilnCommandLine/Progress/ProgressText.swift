import Foundation
import Kiln
import KilnBuild

extension SeedProgress {
    /// The line of a load: the table, its place in the load, the share of bytes read, rows, rate and time
    /// left, e.g. `seeding city (3 of 7): 41%, 2.1 M rows, 62.9 MB/s, 12 s left`.
    var progressText: String {
        let place = tableCount > 1 ? " (\(tableNumber) of \(tableCount))" : ""
        var parts: [String] = []
        if phase == .indexing { parts.append("indexing") }
        if let fractionCompleted { parts.append(ProgressFormat.percent(fractionCompleted)) }
        parts.append(ProgressFormat.rows(rows))
        if phase == .reading {
            if let rate = ProgressFormat.rate(bytes: bytes, seconds: elapsed) { parts.append(rate) }
            if let left = estimatedSecondsLeft { parts.append(ProgressFormat.timeLeft(left)) }
        }
        return "seeding \(table)\(place): " + parts.joined(separator: ", ")
    }
}

extension BuildProgress.Step {
    /// What a build is doing, e.g. `migrating, version 4 of 12` or a seed's line.
    var progressText: String {
        switch self {
        case .migrating(let version, let latest): "migrating, version \(version) of \(latest)"
        case .seeding(let seed): seed.progressText
        case .analyzing: "analyzing"
        case .checking: "checking integrity and foreign keys"
        case .sealing: "sealing"
        case .publishing: "putting the fresh file in place"
        case .finished: "done"
        }
    }
}

extension CheckProgress {
    /// The line of a check, e.g. `check shop: upgrade paths, version 4 of 12`.
    var progressText: String {
        let doing: String
        switch step {
        case .migrationFiles: doing = "migration files"
        case .building(let attempt, let count, let step): doing = "build \(attempt) of \(count), \(step.progressText)"
        case .upgradePaths(let version, let latest): doing = "upgrade paths, version \(version) of \(latest)"
        case .fixture(let version): doing = "upgrade of the fixture at version \(version)"
        case .appQueries: doing = "app queries"
        }
        return "check \(database): \(doing)"
    }
}

extension DatabaseInstaller.CopyProgress {
    /// The line of an install's copy, `elapsed` seconds after it started, e.g.
    /// `copying the bundled database: 41% of 1.2 GB, 62.9 MB/s, 12 s left`.
    func progressText(elapsed: TimeInterval) -> String {
        var parts = ["\(ProgressFormat.percent(fractionCompleted)) of \(ProgressFormat.bytes(totalBytes))"]
        if let rate = ProgressFormat.rate(bytes: copiedBytes, seconds: elapsed) { parts.append(rate) }
        if let left = estimatedSecondsLeft(elapsed: elapsed) { parts.append(ProgressFormat.timeLeft(left)) }
        return "copying the bundled database: " + parts.joined(separator: ", ")
    }
}
