import Foundation

/// One event of the Chrome Trace Event format (the JSON that Perfetto and chrome://tracing open).
/// Only the fields QueueLab writes; `nil` fields are left out of the JSON.
public struct ChromeTraceEvent: Sendable, Equatable, Encodable {
    /// An argument value: the format allows any JSON; QueueLab writes strings, integers, numbers and flags.
    public enum Argument: Sendable, Equatable, Encodable {
        case string(String)
        case integer(Int)
        case number(Double)
        case flag(Bool)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .number(let value): try container.encode(value)
            case .flag(let value): try container.encode(value)
            }
        }
    }

    /// The phase: `X` complete slice, `i` instant, `s`/`f` flow start and end, `M` metadata.
    public var ph: String
    /// What the viewer labels the event with: an operation's name, or a metadata event's kind
    /// (`process_name`, `thread_name`...).
    public var name: String
    /// Comma-separated categories the viewer can filter on (`operation`, `dependency`, `cancellation`).
    public var cat: String?
    /// The process lane; QueueLab writes one process, 1.
    public var pid: Int
    /// The thread lane within the process: 1, 2... per thread in order of appearance (0 for the
    /// process's own metadata).
    public var tid: Int
    /// Microseconds from the start of the trace (fractional: nanosecond resolution).
    public var ts: Double?
    /// A complete slice's (`X`) duration, in microseconds (fractional: nanosecond resolution).
    public var dur: Double?
    /// Flow identity shared by an `s` and its `f`.
    public var id: Int?
    /// `e` binds a flow end to the enclosing slice (the dependent operation's).
    public var bp: String?
    /// Instant scope: `t` = thread.
    public var s: String?
    /// Named values the viewer shows with the event (priority, queue wait...); nil: none.
    public var args: [String: Argument]?

    /// An event of phase `ph`; the fields left nil are left out of the JSON.
    public init(
        ph: String, name: String, cat: String? = nil, pid: Int = 1, tid: Int, ts: Double? = nil, dur: Double? = nil,
        id: Int? = nil, bp: String? = nil, s: String? = nil, args: [String: Argument]? = nil
    ) {
        self.ph = ph
        self.name = name
        self.cat = cat
        self.pid = pid
        self.tid = tid
        self.ts = ts
        self.dur = dur
        self.id = id
        self.bp = bp
        self.s = s
        self.args = args
    }
}

/// A whole trace file: `{"traceEvents": [...], "displayTimeUnit": "ns", "otherData": {...}}`.
public struct ChromeTrace: Sendable, Encodable {
    /// Every event of the trace: metadata, slices, instants and flows.
    public var traceEvents: [ChromeTraceEvent]
    /// The unit viewers display times in; event times themselves are always in microseconds.
    public var displayTimeUnit = "ns"
    /// What was traced (implementation, workload, counts): shown by viewers as metadata.
    public var otherData: [String: String]

    /// A trace of `traceEvents`, displayed in nanoseconds.
    public init(traceEvents: [ChromeTraceEvent], otherData: [String: String]) {
        self.traceEvents = traceEvents
        self.otherData = otherData
    }

    /// The trace file's JSON, keys sorted so that the same trace gives the same bytes.
    ///
    /// - Throws: An `EncodingError` when a value cannot be encoded (a non-finite time).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The events of phase `phase` (`X`, `i`, `s`, `f`, `M`), in trace order.
    public func events(_ phase: String) -> [ChromeTraceEvent] { traceEvents.filter { $0.ph == phase } }
}
