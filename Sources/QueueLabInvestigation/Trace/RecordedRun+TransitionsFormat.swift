import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabRecorder

/// The `queuelab-transitions/3` text form of a ``RecordedRun`` (`queuelab trace --format transitions`),
/// one record a line, fields separated by one space, so that a million-operation run is written and
/// read in seconds:
///
/// ```
/// queuelab-transitions/3
/// meta KEY VALUE...                                   (the value runs to the end of the line)
/// queue INDEX WIDTH NAME...                           (WIDTH -1: the implementation chooses)
/// suspended QUEUE FROM UNTIL                          (UNTIL 0: never resumed)
/// op ID QUEUE ADD_ENTERED ADD_RETURNED BODY_START BODY_END DEPENDENCIES NAME...
///                                                     (QUEUE -1 unknown; ADD 0 0 not stamped; BODY 0 0
///                                                     not stamped; DEPENDENCIES comma-separated ids or -;
///                                                     no NAME: unnamed)
/// t SEQUENCE ID EVENT PRIORITY EFFECTIVE_PRIORITY TIMESTAMP THREAD
/// ```
///
/// Times are `MonotonicClock` nanoseconds, priorities `QueuePriority` raw values (-8...8), events
/// `pending`, `ready`, `executing`, `finished` or `cancelled`; every `op` line comes before the `t` lines,
/// and queue lines are numbered 0, 1, 2, ... in their order.
/// Version 2 is the same without `suspended` lines, version 1 also without the two `ADD_` fields (its
/// runs have no add calls); both are still read, so that older traces still explain.
extension RecordedRun {
    /// The first line of the text form this version writes.
    public static let transitionsSchema = "queuelab-transitions/3"
    /// The largest transitions file read: a recorded run of ten million operations, about 2 GiB;
    /// anything larger (a device, a pipe that never ends) is refused before it fills memory.
    public static let largestTransitionsFile = 2 << 30
    /// The version before suspensions were recorded: read, never written.
    public static let transitionsSchemaWithoutSuspensions = "queuelab-transitions/2"
    /// The version before add calls were stamped: read, never written.
    public static let transitionsSchemaWithoutAddCalls = "queuelab-transitions/1"

    /// Writes the text form to `url`, a block of lines at a time: a regular file or a new path
    /// replaced atomically, a device or a FIFO written through, a symbolic link followed.
    public func writeTransitions(to url: URL) throws {
        try OutputFile.write(to: url.path) { sink throws(OutputFileError) in try writeTransitions(into: &sink) }
    }

    private func writeTransitions(into sink: inout OutputSink) throws(OutputFileError) {
        var block = ""
        func line(_ text: String) throws(OutputFileError) {
            block += text
            block += "\n"
            if block.utf8.count > 1 << 20 {
                try sink.write(block)
                block = ""
            }
        }
        func clean(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: " ") }
        try line(Self.transitionsSchema)
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            try line("meta \(key.replacingOccurrences(of: " ", with: "_")) \(clean(value))")
        }
        for (index, queue) in queues.enumerated() { try line("queue \(index) \(queue.width) \(clean(queue.name))") }
        for (index, queue) in queues.enumerated() {
            for suspension in queue.suspensions {
                try line("suspended \(index) \(suspension.from) \(suspension.until == .max ? 0 : suspension.until)")
            }
        }
        var names: [OperationID: String?] = [:]
        var order: [OperationID] = []
        for transition in transitions {
            if let known = names[transition.operation] {
                if known == nil, let name = transition.name { names[transition.operation] = name }
            } else {
                names[transition.operation] = .some(transition.name)
                order.append(transition.operation)
            }
        }
        for id in order {
            let body = bodies[id] ?? BodySpan(start: 0, end: 0)
            let add = addCalls[id] ?? AddCall(entered: 0, returned: 0)
            let dependencyList = dependencies[id].map { $0.map { String($0.rawValue) }.joined(separator: ",") } ?? "-"
            var text =
                "op \(id.rawValue) \(queueOf[id] ?? -1) \(add.entered) \(add.returned) \(body.start) \(body.end) "
                + dependencyList
            if let name = names[id] ?? nil { text += " \(clean(name))" }
            try line(text)
        }
        for transition in transitions {
            try line(
                "t \(transition.sequence) \(transition.operation.rawValue) \(TransitionsReader.word(transition.event)) "
                    + "\(transition.priority.rawValue) \(transition.effectivePriority.rawValue) "
                    + "\(transition.timestamp) \(transition.thread)")
        }
        try sink.write(block)
    }

    /// Reads the text form.
    ///
    /// - Throws: ``RecordedRunFormatError`` naming the first line that is not a record of the schema.
    public static func readTransitions(from data: Data) throws(RecordedRunFormatError) -> RecordedRun {
        var reader = TransitionsReader()
        let outcome: Result<Void, RecordedRunFormatError> = data.withUnsafeBytes { raw in
            do throws(RecordedRunFormatError) {
                try reader.read(raw.bindMemory(to: UInt8.self))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
        return reader.run
    }
}

/// Why a file is not a readable `queuelab-transitions/3` (or `/2`, `/1`) run.
public struct RecordedRunFormatError: Error, Sendable, CustomStringConvertible {
    /// The line (from 1) that could not be read; 0 for the file as a whole.
    public var line: Int
    /// What is wrong with the line or the file, in words.
    public var reason: String

    public var description: String { line == 0 ? reason : "line \(line): \(reason)" }
}

/// The byte-level reader behind ``RecordedRun/readTransitions(from:)``: fields are parsed in place,
/// without a `String` per field, which is what keeps a million operations within seconds.
struct TransitionsReader {
    var run = RecordedRun(transitions: [])
    private var names: [OperationID: String] = [:]
    private var lineNumber = 0
    /// Version 2 and later carry add calls on `op` lines.
    private var hasAddCalls = true
    /// Version 3 and later may carry `suspended` lines.
    private var hasSuspensions = true
    /// The line each `op` record was on: a second record of one id is refused, and a cycle is
    /// reported at one of its members' lines.
    private var opLines: [OperationID: Int] = [:]
    /// The earliest and latest non-zero time read so far (0 is the format's "not stamped").
    private var earliest = UInt64.max
    private var latest: UInt64 = 0
    /// The longest run explain computes with, 2^52 ns (about 52 days): a width of at most 1,024
    /// slots times such a span, and a span times explain's buckets, stay far inside `Int`.
    static let longestSpan: UInt64 = 1 << 52

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(RecordedRunFormatError) {
        // Most lines are transitions: reserving for all of them saves the copies of a growing array,
        // which for a million operations would briefly hold the transitions twice.
        run.transitions.reserveCapacity(bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) })
        var start = 0
        var sawHeader = false
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            lineNumber += 1
            // The writer ends every line with a line break: without one the file was cut short,
            // and what follows the cut (most of the operations, perhaps) is missing, not absent.
            if end == bytes.count { throw fail("the last line ends without a line break: the file was cut short") }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            start = end + 1
            if !sawHeader {
                let header = String(decoding: line, as: UTF8.self)
                hasAddCalls = header != RecordedRun.transitionsSchemaWithoutAddCalls
                hasSuspensions = header == RecordedRun.transitionsSchema
                let known = [
                    RecordedRun.transitionsSchema, RecordedRun.transitionsSchemaWithoutSuspensions,
                    RecordedRun.transitionsSchemaWithoutAddCalls,
                ]
                guard known.contains(header) else {
                    throw fail(
                        "not a \(RecordedRun.transitionsSchema) file (first line \"\(String(decoding: line.prefix(40), as: UTF8.self))\")"
                    )
                }
                sawHeader = true
                continue
            }
            if line.isEmpty { continue }
            try record(line)
        }
        if !sawHeader { throw RecordedRunFormatError(line: 0, reason: "empty file") }
        if let member = Self.memberOfACycle(run.dependencies) {
            throw RecordedRunFormatError(
                line: opLines[member] ?? 0,
                reason:
                    "operation \(member.rawValue) depends on itself through its dependencies: no run records a cycle")
        }
    }

    /// An operation on a dependency cycle, or nil: Kahn's algorithm, O(operations + edges).
    static func memberOfACycle(_ dependencies: [OperationID: [OperationID]]) -> OperationID? {
        var waitingOn: [OperationID: Int] = [:]
        var dependents: [OperationID: [OperationID]] = [:]
        for (operation, list) in dependencies {
            waitingOn[operation, default: 0] += list.count
            for dependency in list {
                dependents[dependency, default: []].append(operation)
                if waitingOn[dependency] == nil { waitingOn[dependency] = 0 }
            }
        }
        var free = waitingOn.filter { $0.value == 0 }.map(\.key)
        var done = 0
        while let next = free.popLast() {
            done += 1
            for dependent in dependents[next] ?? [] {
                waitingOn[dependent]! -= 1
                if waitingOn[dependent] == 0 { free.append(dependent) }
            }
        }
        guard done < waitingOn.count else { return nil }
        return waitingOn.filter { $0.value > 0 }.map(\.key).min { $0.rawValue < $1.rawValue }
    }

    private mutating func record(_ line: UnsafeBufferPointer<UInt8>) throws(RecordedRunFormatError) {
        var fields = FieldCursor(line: line)
        switch fields.word() {
        case "t":
            let sequence = try unsigned(fields.next(), "sequence")
            let id = try OperationID(rawValue: unsigned(fields.next(), "operation id"))
            let eventWord = fields.word()
            guard let event = Self.events[eventWord] else { throw fail("unknown event \"\(eventWord)\"") }
            let priority = try parsePriority(fields.next())
            let effective = try parsePriority(fields.next())
            let timestamp = try time(fields.next(), "timestamp")
            let thread = try unsigned(fields.next(), "thread")
            try endOfRecord(&fields, after: "thread")
            // The writer writes every operation's `op` line before any `t` line: a transition of an
            // operation not listed yet would lose its name, queue and stamps, so it is refused.
            guard opLines[id] != nil else {
                throw fail("a transition of operation \(id.rawValue), which no earlier op line lists")
            }
            run.transitions.append(
                StateTransition(
                    operation: id, name: names[id], event: event, priority: priority, effectivePriority: effective,
                    timestamp: timestamp, thread: thread, sequence: sequence))
        case "op":
            let id = try OperationID(rawValue: unsigned(fields.next(), "operation id"))
            if let first = opLines[id] {
                throw fail("operation \(id.rawValue) is listed twice (first on line \(first))")
            }
            opLines[id] = lineNumber
            let queue = try signed(fields.next(), "queue")
            if hasAddCalls {
                let entered = try time(fields.next(), "add call entered")
                let returned = try time(fields.next(), "add call returned")
                if entered != 0 || returned != 0 {
                    run.addCalls[id] = .init(entered: entered, returned: Swift.max(entered, returned))
                }
            }
            let bodyStart = try time(fields.next(), "body start")
            let bodyEnd = try time(fields.next(), "body end")
            let dependencyField = fields.next()
            // -1 is the writer's "observed through no traced queue"; any other index must be listed.
            if queue != -1 {
                guard queue >= 0, queue < run.queues.count else {
                    throw fail("operation \(id.rawValue) names queue \(queue), not listed")
                }
                run.queueOf[id] = queue
            }
            if bodyStart != 0 || bodyEnd != 0 {
                run.bodies[id] = .init(start: bodyStart, end: Swift.max(bodyStart, bodyEnd))
            }
            if !(dependencyField.count == 1 && dependencyField[0] == UInt8(ascii: "-")) {
                var list: [OperationID] = []
                for part in dependencyField.split(separator: UInt8(ascii: ",")) {
                    let raw = try unsigned(UnsafeBufferPointer(rebasing: part), "dependency id")
                    list.append(OperationID(rawValue: raw))
                }
                run.dependencies[id] = list
            }
            let rest = fields.rest()
            if !rest.isEmpty { names[id] = rest }
        case "queue":
            // Queues are numbered by the order of their lines, and every other record names a
            // queue by that number: an index out of that order would name another queue.
            let index = try signed(fields.next(), "queue index")
            guard index == run.queues.count else {
                throw fail("queue index \(index), but \(run.queues.count) queue lines come before it (0, 1, 2, ...)")
            }
            let width = try signed(fields.next(), "width")
            // A traced queue's width is a workload's (-1, or 1 to Recording.largestWidth); explain
            // multiplies it by spans of time, which an absurd width would overflow.
            guard width == -1 || (1...Recording.largestWidth).contains(width) else {
                throw fail("queue width \(width) is absurd (-1 or 1 to \(Recording.largestWidth))")
            }
            run.queues.append(.init(name: fields.rest(), width: width))
        case "suspended" where hasSuspensions:
            let queue = try signed(fields.next(), "queue index")
            guard queue >= 0, queue < run.queues.count else { throw fail("a suspension of queue \(queue), not listed") }
            let from = try time(fields.next(), "suspended from")
            let until = try time(fields.next(), "suspended until")
            try endOfRecord(&fields, after: "suspended until")
            run.queues[queue].suspensions.append(.init(from: from, until: until == 0 ? .max : until))
        case "meta":
            let key = fields.word()
            guard !key.isEmpty else { throw fail("a meta line without a key") }
            guard run.metadata[key] == nil else { throw fail("meta key \"\(key.prefix(40))\" is listed twice") }
            run.metadata[key] = fields.rest()
        case let other:
            throw fail("unknown record \"\(other.prefix(20))\"")
        }
    }

    static let events = Dictionary(
        uniqueKeysWithValues: [OperationEvent.pending, .ready, .executing, .finished, .cancelled].map { (word($0), $0) }
    )

    /// The schema's word for an event, fixed here rather than taken from a description that may change.
    static func word(_ event: OperationEvent) -> String {
        switch event {
        case .pending: "pending"
        case .ready: "ready"
        case .executing: "executing"
        case .finished: "finished"
        case .cancelled: "cancelled"
        }
    }

    /// A record's last field ends its line: more would be a field this version does not have, or
    /// two records run together.
    private func endOfRecord(_ fields: inout FieldCursor, after last: String) throws(RecordedRunFormatError) {
        guard fields.isAtEnd else { throw fail("more fields after the \(last), which ends the record") }
    }

    private func fail(_ reason: String) -> RecordedRunFormatError {
        RecordedRunFormatError(line: lineNumber, reason: reason)
    }

    private func unsigned(_ field: UnsafeBufferPointer<UInt8>, _ what: String) throws(RecordedRunFormatError)
        -> UInt64
    {
        guard !field.isEmpty else { throw fail("missing \(what)") }
        var value: UInt64 = 0
        for byte in field {
            guard byte >= 48 && byte <= 57 else { throw fail("\(what) is not a number") }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(byte - 48))
            guard !overflow && !carry else { throw fail("\(what) out of range") }
            value = sum
        }
        return value
    }

    /// A time in nanoseconds: explain takes differences and sums of times as `Int`, so a time
    /// past `Int.max` (no clock reads one), or one that stretches the run past ``longestSpan``, is
    /// refused rather than trapped on.
    private mutating func time(_ field: UnsafeBufferPointer<UInt8>, _ what: String) throws(RecordedRunFormatError)
        -> UInt64
    {
        let value = try unsigned(field, what)
        guard value <= UInt64(Int.max) else { throw fail("\(what) out of range (at most \(Int.max) ns)") }
        guard value != 0 else { return value }
        earliest = Swift.min(earliest, value)
        latest = Swift.max(latest, value)
        guard latest - earliest <= Self.longestSpan else {
            throw fail(
                "\(what) \(value) stretches the run to \(latest - earliest) ns, past the \(Self.longestSpan) ns (about 52 days) explain computes with"
            )
        }
        return value
    }

    private func signed(_ field: UnsafeBufferPointer<UInt8>, _ what: String) throws(RecordedRunFormatError) -> Int {
        if field.first == UInt8(ascii: "-") {
            let magnitude = try unsigned(UnsafeBufferPointer(rebasing: field.dropFirst()), what)
            guard magnitude <= UInt64(Int.max) else { throw fail("\(what) out of range") }
            return -Int(magnitude)
        }
        let value = try unsigned(field, what)
        guard value <= UInt64(Int.max) else { throw fail("\(what) out of range") }
        return Int(value)
    }

    private func parsePriority(_ field: UnsafeBufferPointer<UInt8>) throws(RecordedRunFormatError) -> QueuePriority {
        guard let priority = try QueuePriority(rawValue: signed(field, "priority")) else {
            throw fail("priority is not one of -8, -4, 0, 4, 8")
        }
        return priority
    }
}

/// Space-separated fields of one line, read in place.
private struct FieldCursor {
    let line: UnsafeBufferPointer<UInt8>
    var position = 0

    init(line: UnsafeBufferPointer<UInt8>) { self.line = line }

    mutating func next() -> UnsafeBufferPointer<UInt8> {
        let start = position
        while position < line.count && line[position] != 32 { position += 1 }
        let field = UnsafeBufferPointer(rebasing: line[start..<position])
        if position < line.count { position += 1 }
        return field
    }

    mutating func word() -> String { String(decoding: next(), as: UTF8.self) }

    var isAtEnd: Bool { position >= line.count }

    /// The rest of the line, spaces included.
    mutating func rest() -> String {
        defer { position = line.count }
        return String(decoding: UnsafeBufferPointer(rebasing: line[position...]), as: UTF8.self)
    }
}
