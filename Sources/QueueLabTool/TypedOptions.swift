import ArgumentParser
import QueueLabBenchmarks
import QueueLabConformance
import QueueLabRecorder

// Options with a fixed set of values, checked by the parser: a bad value is one line naming the
// option, the value and the valid ones (exit 2), and `--help` lists them.

extension ConformanceLevel: ExpressibleByArgument {}
extension Allocator: ExpressibleByArgument {}
extension SampleOrder: ExpressibleByArgument {}

/// `conform --format`.
enum ConformFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
}

/// `compare --format`: the table as text or Markdown, every row as JSON, or the one-line summary.
enum CompareFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case markdown
    case json
    case summary
}

/// `gate --format`: the verdict of each channel, as compare prints it.
enum GateFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case markdown
}

/// `gate --instructions`.
enum InstructionChannel: String, CaseIterable, ExpressibleByArgument {
    /// On when valgrind is on PATH.
    case auto
    case on
    case off
}

/// `trace --format`: the Chrome trace for a viewer, or the recorded run itself for `explain`.
enum TraceFormat: String, CaseIterable, ExpressibleByArgument {
    case chrome
    case transitions
    /// A `queuelab-recording/2` (`/3` with `--body-clock thread-cpu`) file made by QueueLabRecorder,
    /// for `bench --workload replay:file=`.
    case recording
}

/// `trace --body-clock`: QueueLabRecorder's `QueueRecorder.BodyClock`.
enum BodyClockOption: String, CaseIterable, ExpressibleByArgument {
    case wall
    case threadCPU = "thread-cpu"

    var clock: QueueRecorder.BodyClock {
        switch self {
        case .wall: .wall
        case .threadCPU: .threadCPU
        }
    }
}

/// `explain --format`.
enum ExplainFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
    /// A self-contained page: the report's explain section alone.
    case html
}
