import Foundation

extension ResultsFile {
    /// Writes the CSV as `OutputFile` writes: a regular file or a new path replaced atomically
    /// (a reader sees the old file or the whole new one, never a half row), a device or a FIFO
    /// written through, a symbolic link followed.
    public static func write(_ records: [SampleRecord], to path: String) throws {
        do {
            try OutputFile.write(Data(encode(records).utf8), to: path)
        } catch {
            throw ResultsFileError(path: path, line: 0, message: error.reason)
        }
    }
}
