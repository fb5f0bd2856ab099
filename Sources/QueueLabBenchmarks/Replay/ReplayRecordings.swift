import QueueLabCore
import QueueLabRecorder

/// Recordings read in this process, by path: a workload is parsed several times (the plan, each
/// sample's child, the warm-up), and a large recording is read once.
enum ReplayRecordings {
    private static let cache = Locked<[String: Recording]>([:])

    static func load(_ path: String) throws(RecordingError) -> Recording {
        if let cached = cache.withLock({ $0[path] }) { return cached }
        let recording = try Recording(path: path)
        cache.withLock { $0[path] = recording }
        return recording
    }
}
