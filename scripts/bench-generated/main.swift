import Foundation
import Kiln
import RawSQLite

let rows = 1_000_000
let path = CommandLine.arguments[1]

/// The process's peak resident memory so far (`VmHWM`), in MiB; 0 where /proc is missing.
func peakMiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return (Int(line.split(separator: " ")[1]) ?? 0) / 1024
}

/// Times `body` once, in milliseconds, checking it returns `expected`.
func timed(_ name: String, expected: Int, _ body: () throws -> Int) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    guard result == expected else { fatalError("\(name) gave \(result), not \(expected)") }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

let connection = try SQLiteConnection(path: path)
try connection.execute(
    sql: """
        BEGIN;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
        INSERT INTO item (id, name, price) SELECT i, 'item ' || i, CASE WHEN i % 10 = 0 THEN NULL ELSE i * 0.5 END FROM n;
        COMMIT;
        """)
let queries = BenchQueries(connection: connection)
// What every reader computes: the sum of ids, of name lengths in bytes, and of non-NULL prices.
let expected = rows * (rows + 1) / 2 + (1...rows).reduce(0) { $0 + "item \($1)".utf8.count } + rows / 10 * 9
print("\(rows) rows; peak memory before reading \(peakMiB()) MiB")

@MainActor func readEach() throws -> Int {
    var total = 0
    try queries.eachItem { row in total += Int(row.id) + row.name.utf8.count + (row.price == nil ? 0 : 1) }
    return total
}
@MainActor func readMany() throws -> Int {
    try queries.items().reduce(0) { $0 + Int($1.id) + $1.name.utf8.count + ($1.price == nil ? 0 : 1) }
}
let hand = try connection.prepare(sql: "SELECT id, name, price FROM item")
@MainActor func readByHand() throws -> Int {
    var total = 0
    while try hand.step() {
        guard case .integer(let id) = hand.value(at: 0), case .text(let name) = hand.value(at: 1) else { return -1 }
        if case .null = hand.value(at: 2) {} else { total += 1 }
        total += Int(id) + name.utf8.count
    }
    try hand.reset()
    return total
}
/// The hand-written counterpart of a `:many` function: every row into an array of structs, then read.
struct HandRow {
    let id: Int64
    let name: String
    let price: Double?
}
@MainActor func readByHandIntoArray() throws -> Int {
    var rows: [HandRow] = []
    while try hand.step() {
        guard case .integer(let id) = hand.value(at: 0), case .text(let name) = hand.value(at: 1) else { return -1 }
        var price: Double?
        if case .real(let value) = hand.value(at: 2) { price = value }
        rows.append(HandRow(id: id, name: name, price: price))
    }
    try hand.reset()
    return rows.reduce(0) { $0 + Int($1.id) + $1.name.utf8.count + ($1.price == nil ? 0 : 1) }
}
var handle: OpaquePointer?
guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let handle else { fatalError("open") }
var raw: OpaquePointer?
guard sqlite3_prepare_v2(handle, "SELECT id, name, price FROM item", -1, &raw, nil) == SQLITE_OK, let raw else {
    fatalError("prepare")
}
@MainActor func readRaw() -> Int {
    var total = 0
    while sqlite3_step(raw) == SQLITE_ROW {
        total += Int(sqlite3_column_int64(raw, 0))
        // Like the other readers, build the name's String (with its byte length).
        if let text = sqlite3_column_text(raw, 1) {
            let count = Int(sqlite3_column_bytes(raw, 1))
            total += String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self).utf8.count
        }
        if sqlite3_column_type(raw, 2) != SQLITE_NULL { total += 1 }
    }
    sqlite3_reset(raw)
    return total
}

// :each first, alone, so the peak memory after it shows it built no array.
var best: [String: Double] = [:]
best["generated :each"] = try timed("generated :each", expected: expected, readEach)
print("peak memory after :each \(peakMiB()) MiB")
_ = try timed("generated :many", expected: expected, readMany)
print("peak memory after :many \(peakMiB()) MiB")
// Then five rounds, each reader once per round, keeping each one's fastest: the machine's load varies.
let readers: [(String, @MainActor () throws -> Int)] = [
    ("generated :each", readEach), ("generated :many", readMany), ("hand-written SQLiteStatement", readByHand),
    ("hand-written into an array", readByHandIntoArray), ("raw sqlite3_*", readRaw),
]
for _ in 0..<5 {
    for (name, read) in readers {
        let time = try timed(name, expected: expected, read)
        best[name] = min(best[name] ?? .infinity, time)
    }
}
for (name, _) in readers { print("\(name): \(String(format: "%.0f", best[name] ?? 0)) ms") }
let each = best["generated :each"] ?? 0
let many = best["generated :many"] ?? 0
let handWritten = best["hand-written SQLiteStatement"] ?? 1
let handArray = best["hand-written into an array"] ?? 1
let rawTime = best["raw sqlite3_*"] ?? 1
sqlite3_finalize(raw)
sqlite3_close(handle)
print(String(format: "generated :many / hand-written into an array: %.2fx", many / handArray))
print(String(format: "generated :each / hand-written: %.2fx", each / handWritten))
print(String(format: "generated :each / raw sqlite3_*: %.2fx", each / rawTime))
