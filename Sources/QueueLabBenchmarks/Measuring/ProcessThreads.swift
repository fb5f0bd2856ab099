#if canImport(Glibc)
    import Glibc
#endif

/// The process's thread count, from the entries of `/proc/self/task` (one per thread).
enum ProcessThreads {
    /// The threads of this process now, or nil where `/proc` is not there (not Linux).
    ///
    /// Read with `opendir`/`readdir` rather than Foundation's directory listing: no array of names
    /// is built, so a count taken inside a timed phase allocates next to nothing.
    static func count() -> Int? {
        #if os(Linux)
            guard let directory = opendir("/proc/self/task") else { return nil }
            defer { closedir(directory) }
            var threads = 0
            while let entry = readdir(directory) {
                // `.` and `..` are the only entries whose names start with a dot.
                if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { threads += 1 }
            }
            return threads
        #else
            return nil
        #endif
    }
}
