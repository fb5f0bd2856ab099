/// Why a file is no recording a replay can run: one line, said before anything runs.
public struct RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, in one line, naming the line of a damaged record.
    public let message: String
    /// An error saying `message`.
    package init(_ message: String) { self.message = message }
    public var description: String { message }
}
