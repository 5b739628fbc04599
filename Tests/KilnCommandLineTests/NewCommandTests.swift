import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("kiln new, in-process")
struct NewCommandTests {
    @Test("new creates the next migration file, refused as kiln's template until it holds SQL or loses its marker")
    func new() throws {
        let project = try ShopProject()
        let result = try project.kiln("new", "shop", "Add", "ISO2", "column")
        #expect(result.status == 0)
        #expect(result.standardOutput == "migrations/shop/0003_add_iso2_column.sql\n")
        #expect(project.folder.exists("migrations/shop/0003_add_iso2_column.sql"))
        let template = try project.folder.read("migrations/shop/0003_add_iso2_column.sql")
        #expect(String(decoding: template, as: UTF8.self).hasPrefix(MigrationTemplate.marker + ": "))
        let refused = """
            migrations/shop/0003_add_iso2_column.sql:1:1: error: migration 3 is kiln's template, untouched: it holds \
            no SQL yet
            migrations/shop/0003_add_iso2_column.sql:1:1: note: write the SQL that brings the database from version 2 \
            to 3 below the comments; to keep a version that changes nothing on purpose, delete this line

            """
        for command in [["migrate", "shop", "--db", "shop.sqlite"], ["build"], ["check"]] {
            let result = try project.kiln(arguments: command)
            #expect(result.status == 1, "\(command)")
            #expect(result.standardError.contains(refused), "\(command): \(result.standardError)")
        }
        #expect(!project.folder.exists("shop.sqlite") && !project.folder.exists("build/shop.sqlite"))
        let status = try project.kiln("status")
        #expect(
            status.standardOutput.contains(
                "  migrations/shop/0003_add_iso2_column.sql: kiln's template, untouched: write its SQL before migrating\n"
            ))
        // Without the marker line, the comments are a placeholder version on purpose, as real histories keep.
        let lines = String(decoding: template, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        try project.folder.write("migrations/shop/0003_add_iso2_column.sql", lines.dropFirst().joined(separator: "\n"))
        let placeholder = try project.kiln("migrate", "shop", "--db", "shop.sqlite")
        #expect(placeholder.status == 0, "\(placeholder.standardError)")
        #expect(placeholder.standardOutput.contains("0003_add_iso2_column.sql ("))
        #expect(placeholder.standardOutput.contains(", comments only: a placeholder version)\n"))
        let brandNew = try project.kiln("new", "orders", "create", "orders")
        #expect(brandNew.standardOutput == "migrations/orders/0001_create_orders.sql\n")
        #expect(try project.kiln("new", "../escape", "x").status == 1)
    }

    @Test("one database-name rule: new, import and init refuse what KilnProject.isValidDatabaseName refuses")
    func nameRule() throws {
        for name in ["shop", "Shop_2", "a-b"] { #expect(KilnProject.isValidDatabaseName(name), "\(name)") }
        for name in ["", "2shop", "_shop", "-x", "sh op", "café", "a/b", "$(touch x)", "a.b"] {
            #expect(!KilnProject.isValidDatabaseName(name), "\(name)")
        }
        for folder in ["my app", "2024", "", "café", "-"] {
            let name = ProjectStarter.databaseName(forFolderNamed: folder)
            #expect(KilnProject.isValidDatabaseName(name), "\(folder) -> \(name)")
        }
        let project = try ShopProject()
        let refusal = "kiln: error: 'a.b' is not a valid database name\n"
        for command in [["new", "a.b", "x"], ["import", "a.b", "src"], ["init", "a.b", "--root", "fresh"]] {
            let result = try project.kiln(arguments: command)
            #expect(result.status == 1 && result.standardError.hasPrefix(refusal), "\(command)")
        }
        #expect(!project.folder.exists("migrations/a.b") && !project.folder.exists("fresh"))
    }
}

@Suite("kiln new, when the file system refuses")
struct NewCommandFailureTests {
    static let chattr = "/usr/bin/chattr"

    /// Runs `chattr` (`+i` makes a folder immutable, even for root; `-i` undoes it).
    static func chattr(_ flag: String, _ path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chattr)
        process.arguments = [flag, path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }

    @Test(
        "a migration that cannot be written is exit 1 with the errno's message and the project-relative path",
        .enabled(if: FileManager.default.isExecutableFile(atPath: chattr)))
    func immutableFolder() throws {
        let project = try ShopProject()
        let folder = project.folder.path("migrations/shop")
        try Self.chattr("+i", folder)
        defer { try? Self.chattr("-i", folder) }
        let result = try project.kiln("new", "shop", "add", "tag")
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "kiln: error: cannot create migrations/shop/0003_add_tag.sql: Operation not permitted\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ShopProject.migrations.map(\.0))
    }

    @Test("a name too long for the file system is exit 1 with the errno's message, not a usage error")
    func nameTooLong() throws {
        let project = try ShopProject()
        let words = Array(repeating: "word", count: 49)
        let result = try project.kiln(arguments: ["new", "shop"] + words)
        let name = "0003_" + words.joined(separator: "_") + ".sql"
        #expect(result.status == 1)
        #expect(result.standardError == "kiln: error: cannot create migrations/shop/\(name): File name too long\n")
        #expect(!project.folder.exists("migrations/shop/\(name)"))
    }

    @Test("a database folder that is a regular file is exit 1, naming the folder")
    func folderIsAFile() throws {
        let project = try ShopProject()
        try project.folder.write("migrations/orders", "not a folder")
        let result = try project.kiln("new", "orders", "create", "orders")
        #expect(result.status == 1)
        #expect(result.standardError == "kiln: error: cannot create migrations/orders: File exists\n")
    }
}
