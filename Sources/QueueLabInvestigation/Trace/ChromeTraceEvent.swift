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
    public var name: String
    public var cat: String?
    public var pid: Int
    public var tid: Int
    /// Microseconds from the start of the trace (fractional: nanosecond resolution).
    public var ts: Double?
    public var dur: Double?
    /// Flow identity shared by an `s` and its `f`.
    public var id: Int?
    /// `e` binds a flow end to the enclosing slice (the dependent operation's).
    public var bp: String?
    /// Instant scope: `t` = thread.
    public var s: String?
    public var args: [String: Argument]?

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
    public var traceEvents: [ChromeTraceEvent]
    public var displayTimeUnit = "ns"
    /// What was traced (implementation, workload, counts): shown by viewers as metadata.
    public var otherData: [String: String]

    public init(traceEvents: [ChromeTraceEvent], otherData: [String: String]) {
        self.traceEvents = traceEvents
        self.otherData = otherData
    }

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    public func events(_ phase: String) -> [ChromeTraceEvent] { traceEvents.filter { $0.ph == phase } }
}
