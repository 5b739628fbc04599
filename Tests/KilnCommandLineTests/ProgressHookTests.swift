import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// Collects progress values reported from any thread.
final class Reports<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    /// Every value, in the order reported.
    var values: [Value] { lock.withLock { stored } }

    /// Records one value.
    func add(_ value: Value) { lock.withLock { stored.append(value) } }
}

@Suite("the libraries' progress hooks")
struct ProgressHookTests {
    @Test(
        "a seed reports each table's start with the files' total size, and the bytes its rows took (not what was buffered)"
    )
    func seedHook() throws {
        let project = try ShopProject()
        let items = (10..<40_010).map { "\($0),item \($0),1" }.joined(separator: "\n") + "\n"
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n" + items)
        try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        let size = try project.folder.read("seeds/shop/item.csv").count
        let reports = Reports<SeedProgress>()
        _ = try KilnProject(root: project.folder.url).seed(
            "shop", fileAt: project.folder.path("shop.sqlite"), progress: reports.add)
        let values = reports.values
        #expect(
            values.first == SeedProgress(table: "item", rows: 0, bytes: 0, totalBytes: size, elapsed: values[0].elapsed)
        )
        #expect(values.count == 3, "the start and every 16,384 rows: \(values.map(\.rows))")
        #expect(values.map(\.rows) == [0, 16_384, 32_768])
        #expect(values.allSatisfy { $0.totalBytes == size && $0.bytes <= size })
        let bytes = values.map(\.bytes)
        #expect(bytes == bytes.sorted() && bytes[1] > 0 && bytes[1] < size / 2, "bytes the rows took: \(bytes)")
    }

    @Test("a build reports each migration, the seeds, sealing and the end of each database")
    func buildHook() throws {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,pear,1\n")
        let reports = Reports<BuildProgress>()
        var bundler = Bundler(
            project: try KilnProject(root: project.folder.url), outputDirectory: project.folder.path("build"))
        bundler.progress = reports.add
        _ = try bundler.build()
        let steps = reports.values.map(\.step)
        #expect(steps.prefix(2) == [.migrating(version: 1, of: 2), .migrating(version: 2, of: 2)])
        #expect(steps.contains { if case .seeding = $0 { true } else { false } })
        #expect(steps.suffix(3) == [.checking, .sealing, .finished])
        #expect(reports.values.allSatisfy { $0.database == "shop" })
    }

    @Test("a check reports both builds and each version of the upgrade chain")
    func checkHook() throws {
        let project = try ShopProject()
        let reports = Reports<CheckProgress>()
        var checker = ProjectChecker(project: try KilnProject(root: project.folder.url))
        checker.progress = reports.add
        _ = checker.findings(for: "shop")
        let steps = reports.values.map(\.step)
        #expect(steps.first == .migrationFiles)
        #expect(steps.contains(.building(attempt: 2, of: 2, step: .sealing)))
        #expect(steps.contains(.upgradePaths(version: 1, of: 2)) && steps.contains(.upgradePaths(version: 2, of: 2)))
    }

    @Test("an install reports its copy from 0 to every byte, in 16 MiB steps between")
    func installHook() throws {
        let folder = try TemporaryDirectory()
        let bundled = folder.path("bundled.sqlite")
        let connection = try SQLiteConnection(path: bundled, mode: .readWriteCreate)
        try connection.execute(sql: "CREATE TABLE blob (data BLOB); INSERT INTO blob VALUES (zeroblob(40000000))")
        try connection.close()
        let reports = Reports<DatabaseInstaller.CopyProgress>()
        var installer = DatabaseInstaller(
            bundled: URL(fileURLWithPath: bundled), destination: URL(fileURLWithPath: folder.path("app.sqlite")))
        installer.copyProgress = reports.add
        #expect(try installer.install().outcome == .copied)
        let copied = reports.values.map(\.copiedBytes)
        let total = try folder.read("bundled.sqlite").count
        #expect(copied.first == 0 && copied.last == total, "\(copied)")
        #expect(copied.count >= 4, "40 MB in 16 MiB steps: \(copied)")
        #expect(copied == copied.sorted())
        #expect(reports.values.last?.fractionCompleted == 1)
    }
}
