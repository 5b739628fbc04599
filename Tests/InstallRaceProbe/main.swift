import Foundation
import Kiln

// A stand-in for an app launch in the installer's race and crash tests: install the bundled database, then
// (when given a label) insert one user row, as an app and its extension would at the same moment.
// usage: InstallRaceProbe BUNDLED DESTINATION MIGRATIONS-FOLDER [LABEL]
let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: InstallRaceProbe BUNDLED DESTINATION MIGRATIONS-FOLDER [LABEL]\n".utf8))
    exit(64)
}
do {
    let installer = DatabaseInstaller(
        bundled: URL(fileURLWithPath: arguments[1]), destination: URL(fileURLWithPath: arguments[2]),
        migrations: try MigrationSet.load(directory: arguments[3]))
    try installer.install()
    if arguments.count > 4 {
        let db = try SQLiteConnection(path: arguments[2], mode: .readWrite)
        let insert = try db.prepare(sql: "INSERT INTO favorite (note) VALUES (?)")
        try insert.bind([.text(arguments[4])])
        try insert.run()
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
