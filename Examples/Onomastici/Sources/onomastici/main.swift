import Foundation
import OnomasticiCore

// usage: onomastici DATA-FOLDER DAY/MONTH
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: onomastici DATA-FOLDER DAY/MONTH\n".utf8))
    exit(64)
}
let parts = arguments[2].split(separator: "/").compactMap { Int($0) }
guard parts.count == 2 else {
    FileHandle.standardError.write(Data("onomastici: error: '\(arguments[2])' is not DAY/MONTH, e.g. 19/3\n".utf8))
    exit(64)
}
do {
    let nameDays = try NameDays(dataFolder: URL(fileURLWithPath: arguments[1]))
    FileHandle.standardError.write(Data("database: \(nameDays.installReport.outcome)\n".utf8))
    if let saint = try nameDays.saint(day: parts[0], month: parts[1]) {
        print(saint)
    } else {
        FileHandle.standardError.write(Data("onomastici: error: no name day on \(parts[0])/\(parts[1])\n".utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("onomastici: error: \(error)\n".utf8))
    exit(1)
}
