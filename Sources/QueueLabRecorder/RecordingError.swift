/// Why a file is no recording a replay can run: one line, said before anything runs.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
