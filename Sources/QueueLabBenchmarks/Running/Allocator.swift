import Foundation

/// Which allocator the sample processes run under.
package enum Allocator: String, Sendable, CaseIterable {
    case system
    /// Debian's jemalloc, preloaded into each sample process.
    case jemalloc

    package static let jemallocLibrary = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"

    /// The environment a sample process needs. jemalloc is preloaded (`LD_PRELOAD`), not linked, so
    /// one binary serves both allocators; its thread cache is turned off (`MALLOC_CONF=tcache:false`)
    /// because only then do its counters count every allocation (see ``JemallocCounters``).
    ///
    /// - Throws: ``AllocatorError`` when the library is missing, saying how to install it.
    package func childEnvironment(libraryPath: String = Allocator.jemallocLibrary) throws(AllocatorError)
        -> [String: String]
    {
        switch self {
        case .system: return [:]
        case .jemalloc:
            guard FileManager.default.fileExists(atPath: libraryPath) else {
                throw AllocatorError(
                    message: "\(libraryPath) is missing: install jemalloc with `apt-get install libjemalloc-dev`")
            }
            return ["LD_PRELOAD": libraryPath, "MALLOC_CONF": "tcache:false"]
        }
    }
}

package struct AllocatorError: Error, CustomStringConvertible, Equatable {
    package let message: String
    package var description: String { message }
}
