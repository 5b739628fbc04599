import Foundation
import Kiln
import KilnCommandLine

// The whole program: hand the arguments to the library, write what it says, exit with its status.
// Before any connection opens: fleet workers would otherwise queue on SQLite's one allocation-statistics lock.
SQLiteConnection.disableMemoryStatistics()
// Also before: an I/O error then names the system call, path and errno SQLite's VFS saw fail.
SQLiteConnection.recordSystemErrors()
// A fleet keeps a few descriptors open per job; macOS starts processes with a soft limit of 256.
FileSystem.raiseOpenFileLimit()
KilnTool.installInterruptHandlers()
let status = KilnTool.run(
    Array(CommandLine.arguments.dropFirst()),
    standardOutput: { StandardStream.output.write($0) },
    standardError: { StandardStream.error.write($0) },
    standardErrorIsTerminal: StandardStream.error.isTerminal, terminalWidth: StandardStream.terminalColumns,
    progressTerminal: .standardError)
exit(status)
