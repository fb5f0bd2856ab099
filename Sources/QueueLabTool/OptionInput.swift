import ArgumentParser
import Foundation

/// Bad input: one line on standard error (a message's line breaks joined), exit status 2.
func exitBadInput(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message.replacingOccurrences(of: "\n", with: " "))\n".utf8))
    Foundation.exit(2)
}

/// Runs a command's body: an `ExitCode` passes through; any other error is bad input, found
/// before anything ran (one line, exit status 2).
func exitingOnBadInput(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        exitBadInput(error.message)
    } catch {
        exitBadInput("\(error)")
    }
}
