import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputFile {
    /// Writes the bytes of the file at `source` to `path` by ``OutputFile``'s rules, a mebibyte at
    /// a time: output made where it had to be written in place (a recorder appends to its file as
    /// the run goes) still reaches its target as every other output does.
    ///
    /// - Throws: ``OutputFileError`` naming `path` when `source` cannot be read or `path` written.
    package static func copy(from source: String, to path: String) throws(OutputFileError) {
        guard let input = fopen(source, "rb") else {
            throw OutputFileError(path: path, reason: "cannot read \(source): \(String(cString: strerror(errno)))")
        }
        defer { fclose(input) }
        try write(to: path) { sink throws(OutputFileError) in
            var block = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, input) }
                if count == 0 {
                    guard ferror(input) == 0 else {
                        throw OutputFileError(path: path, reason: "cannot read \(source): a read failed")
                    }
                    return
                }
                try sink.write(Data(block[..<count]))
            }
        }
    }
}
