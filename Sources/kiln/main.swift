import Foundation
import KilnCommandLine

// The whole program: hand the arguments to the library, write what it says, exit with its status.
let status = KilnTool.run(
    Array(CommandLine.arguments.dropFirst()),
    standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
    standardError: { FileHandle.standardError.write(Data($0.utf8)) },
    standardErrorIsTerminal: isatty(STDERR_FILENO) != 0)
exit(status)
