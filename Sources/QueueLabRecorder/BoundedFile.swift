import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole input file with a bound: a file, device or pipe that gives more than `limit`
/// bytes is refused as soon as it passes the bound, never read to its end (`/dev/zero` costs a
/// moment, not the machine's memory). Every file format QueueLab reads whole goes through here.
package enum BoundedFile {
    /// The bytes of `path`, or why not (one line, without the path: the caller names it). With
    /// `header`, a file at least as long as it must begin with it: anything else (a device of
    /// zeros, another format) is refused after its first bytes, not after `limit` of them.
    package static func contents(of path: String, limit: Int, header: String? = nil) -> Result<Data, BoundedFileError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            guard data.count + count <= limit else { return .failure(.tooLarge(limit: limit)) }
            data.append(contentsOf: chunk[..<count])
            if let header, data.count >= header.utf8.count, !data.starts(with: header.utf8) {
                return .failure(.notThisFormat(header))
            }
        }
        // Shorter than the header: the format's own reader says what is wrong (empty, cut short).
        return .success(data)
    }

    /// The first bytes of `path` (at most `count`), for telling formats apart.
    package static func prefix(of path: String, count: Int) -> Result<Data, BoundedFileError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if got == 0 { break }
            filled += got
        }
        return .success(Data(bytes[..<filled]))
    }
}

/// Why a bounded read failed.
package enum BoundedFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case tooLarge(limit: Int)
    /// The file does not begin with the format's header.
    case notThisFormat(String)

    package var description: String {
        switch self {
        case .unreadable(let reason): "cannot read it: \(reason)"
        case .tooLarge(let limit): "larger than \(BoundedFileError.size(limit)), the most this file format holds"
        case .notThisFormat(let header): "does not begin with \"\(header)\""
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 30 ? "\(bytes >> 30) GiB" : bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}
