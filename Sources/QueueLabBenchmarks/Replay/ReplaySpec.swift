import QueueLabCore
import QueueLabRecorder

/// How a `replay` workload's bodies pass their recorded time.
public enum ReplayBody: String, Sendable, Hashable, CaseIterable {
    /// Spin on the clock: a CPU-bound body, holding its core as the recorded one held a worker, for
    /// its recorded CPU time when the recording has one (`queuelab-recording/3`), else its wall time.
    case spin
    /// Sleep: a body that waited (for the network, the disk), holding its worker but not a core,
    /// for its recorded wall time.
    case sleep
}

/// The typed form of a `replay` workload's parameters: `file` (a `queuelab-recording/1` to `/3` file, see
/// QueueLabRecorder's `RecordingFormat`; the path cannot hold `,` or `;`), `speed` (1 replays at the
/// recorded pace, 2 twice as fast: arrival times and bodies divided by it), `body` (`spin` or
/// `sleep`), `first` (replay only the first N operations by add time, and the queue changes that
/// could act on them; 0, the default, all).
public struct ReplaySpec: Sendable {
    /// The recording file's path, the workload's `file` parameter; never empty.
    public let path: String
    /// How many times faster than recorded the replay runs: arrival times and body durations are
    /// divided by it (1: the recorded pace; 0.001 to 1,000 in a parsed workload).
    public let speed: Double
    /// How the replayed bodies pass their recorded time.
    public let body: ReplayBody
    /// The recording read from ``path`` (a QueueLabRecorder `Recording`), cut to its first `first`
    /// operations when the workload gives `first`.
    public let recording: Recording

    static let textDefaults = ["file": "", "speed": "1", "body": "spin"]
    static let integerDefaults = ["first": 0]
    /// Speeds a replay keeps: beyond a thousand, microsecond bodies become nanoseconds the clock
    /// cannot spin, and below a thousandth a second-long recording takes a quarter of an hour.
    static let speeds: ClosedRange<Double> = 0.001...1_000

    /// Reads the recording a `replay` workload names; each path is read once per process.
    ///
    /// - Throws: ``WorkloadParseError`` when the workload has no `file`, or the recording cannot be read.
    public init(_ workload: Workload) throws(WorkloadParseError) {
        path = workload.textParameters["file"] ?? ""
        guard !path.isEmpty else {
            throw WorkloadParseError(
                message: "needs file=PATH (a queuelab-recording file, as trace --format recording writes)")
        }
        speed = Double(workload.textParameters["speed"] ?? "1") ?? 1
        body = ReplayBody(rawValue: workload.textParameters["body"] ?? "spin") ?? .spin
        var loaded: Recording
        do {
            loaded = try ReplayRecordings.load(path)
        } catch {
            throw WorkloadParseError(message: error.message)
        }
        let first = workload["first"]
        if first > 0, first < loaded.operations.count { loaded.keepFirst(first) }
        recording = loaded
    }

    /// The canonical spelling of a text parameter's value, or why it is no value for it.
    static func canonical(_ key: String, _ value: String) throws(WorkloadParseError) -> String {
        switch key {
        case "speed":
            guard let speed = Double(value), speeds.contains(speed) else {
                throw WorkloadParseError(
                    message: "workload replay: speed=\(value) must be a number from 0.001 to 1000 (1: as recorded)")
            }
            // Whole speeds without `.0`, as the default `1` is spelled: `speed=1` and no speed must
            // be one cell, and a description must parse back to the workload it describes.
            return speed == speed.rounded() ? "\(Int(speed))" : "\(speed)"
        case "body":
            guard let body = ReplayBody(rawValue: value) else {
                throw WorkloadParseError(message: "workload replay: body=\(value) is unknown; valid: spin, sleep")
            }
            return body.rawValue
        case "file":
            return value
        default:
            return value
        }
    }

    /// What to say about the recording before replaying it (cut off, drops), or nil.
    public var warning: String? { recording.warning }

    /// Operations the replay adds.
    var operationCount: Int { recording.operations.count }

    /// Nanoseconds of the recording at this speed.
    func scaled(_ nanoseconds: UInt64) -> UInt64 { UInt64((Double(nanoseconds) / speed).rounded()) }

    /// The capability the recording needs that `capabilities` lacks, or nil.
    func unsupportedReason(for capabilities: QueueCapabilities) -> String? {
        let operations = recording.operations
        if !capabilities.contains(.dependencies), operations.contains(where: { !$0.dependencies.isEmpty }) {
            return "replay of \(path) needs dependencies"
        }
        if !capabilities.contains(.priorities), operations.contains(where: { $0.priority != .normal }) {
            return "replay of \(path) needs priorities"
        }
        if !capabilities.contains(.cancellation), operations.contains(where: { $0.cancelledAfter != nil }) {
            return "replay of \(path) needs cancellation"
        }
        let changes = recording.changes
        let setsWidth = changes.contains { if case .width = $0.kind { true } else { false } }
        if !capabilities.contains(.width), setsWidth || recording.queues.contains(where: { $0.width != -1 }) {
            return "replay of \(path) needs width"
        }
        if !capabilities.contains(.suspension), changes.contains(where: { $0.kind == .suspended(true) }) {
            return "replay of \(path) needs suspension"
        }
        return nil
    }
}

extension Recording {
    /// Keeps the first `count` operations by add time; dependencies on the rest are left out, and
    /// so are the queue changes made after every kept operation had finished (a suspension of the
    /// app's later work would otherwise hold the replay's queue, and a width change act on nothing
    /// kept), but for the resume that ends a kept suspension: without it a kept operation that
    /// runs later in the replay than it did in the app could wait on a suspended queue forever.
    mutating func keepFirst(_ count: Int) {
        operations.removeLast(operations.count - count)
        let kept = Set(operations.map(\.id))
        for index in operations.indices {
            operations[index].dependencies.removeAll { !kept.contains($0) }
        }
        let end = operations.lazy.map(\.finished).max() ?? 0
        var suspended = Set<Int>()
        changes = changes.filter { change in
            let resumes = change.kind == .suspended(false)
            // Past the kept operations, only the resume that ends a kept suspension acts on them.
            guard change.at <= end else { return resumes && suspended.remove(change.queue) != nil }
            if change.kind == .suspended(true) { suspended.insert(change.queue) }
            if resumes { suspended.remove(change.queue) }
            return true
        }
    }
}
