import Foundation
import QueueLabCore

/// A `queuelab-recording/1`, `/2` or `/3` file, read and checked (``RecordingFormat``): the queues, the
/// changes made to them, and every finished operation in the order of its add.
public struct Recording: Sendable {
    /// The queues the recorder was installed on, in the order it declared them:
    /// ``RecordedOperation/queue`` and ``RecordedQueueChange/queue`` index them.
    public var queues: [RecordedQueueInfo] = []
    /// Ascending by ``RecordedOperation/added``.
    public var operations: [RecordedOperation] = []
    /// Suspensions, resumptions and changes of width, ascending by ``RecordedQueueChange/at``.
    public var changes: [RecordedQueueChange] = []
    /// Events the recorder dropped because its buffer was full (its last `d` line).
    public var droppedEvents = 0
    /// Bytes after the last complete line: a record cut off mid-write (the recorded app crashed),
    /// not read.
    public var droppedBytes = 0
    /// Dependencies on operations the recording does not hold (dropped events, or not finished when
    /// the recording ended): a replay leaves them out.
    public var missingDependencies = 0

    /// The most operations a recording may hold. Past this limit or one of those below, a file is
    /// refused as absurd rather than replayed: they are far beyond an app's recording, and below
    /// what a replay's memory and arithmetic hold.
    public static let mostOperations = 2_000_000
    /// The largest file read, in bytes (512 MiB).
    public static let largestFile = 512 << 20
    /// A day, in nanoseconds: the longest add offset, wait or body a record may state.
    public static let longestNanoseconds: UInt64 = 86_400 * 1_000_000_000
    /// The largest width a queue line or a change of width may state; -1, the queue's default, is
    /// accepted too.
    public static let largestWidth = 1_024
    /// The most queues a recording may declare.
    public static let mostQueues = 1_024

    /// A recording made in code rather than read from a file. Nothing checks it as ``init(data:)``
    /// checks a file: keep the operations ascending by add time, naming only queues of `queues`.
    package init(queues: [RecordedQueueInfo], operations: [RecordedOperation], changes: [RecordedQueueChange] = []) {
        self.queues = queues
        self.operations = operations
        self.changes = changes
    }

    /// Reads the file at `path`.
    ///
    /// - Throws: ``RecordingError`` (one line) for a file that is missing, of another format or
    ///   version, truncated before its first record, damaged, absurdly large, with an unknown queue
    ///   or a dependency cycle.
    public init(path: String) throws(RecordingError) {
        let data: Data
        switch BoundedFile.contents(
            of: path, limit: Self.largestFile, header: String(RecordingFormat.schema.prefix { $0 != "/" }))
        {
        case .success(let bytes): data = bytes
        case .failure(.tooLarge):
            throw RecordingError("recording \(path) is more than \(Self.largestFile >> 20) MiB")
        case .failure(.notThisFormat):
            throw RecordingError("recording \(path): not a \(RecordingFormat.schema) file")
        case .failure(let error): throw RecordingError("cannot read recording \(path): \(error)")
        }
        do {
            try self.init(data: data)
        } catch {
            throw RecordingError("recording \(path): \(error.message)")
        }
    }

    /// Reads a recording's bytes (see ``init(path:)``).
    public init(data: Data) throws(RecordingError) {
        let bytes = [UInt8](data)
        guard let headerEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            if bytes.isEmpty { throw RecordingError("empty, not a \(RecordingFormat.schema) file") }
            let start = String(decoding: bytes.prefix(40), as: UTF8.self)
            if RecordingFormat.schema.hasPrefix(start) {
                throw RecordingError("truncated inside its first line (\(bytes.count) bytes): no record to replay")
            }
            throw RecordingError("not a \(RecordingFormat.schema) file (it starts '\(start)')")
        }
        let header = String(decoding: bytes[..<headerEnd], as: UTF8.self)
        guard RecordingFormat.readableSchemas.contains(header) else {
            if header.hasPrefix(RecordingFormat.schemaFamily) {
                throw RecordingError(
                    "format \(header) is another version; this QueueLab reads "
                        + RecordingFormat.readableSchemas.joined(separator: " and "))
            }
            throw RecordingError("not a \(RecordingFormat.schema) file (its first line is '\(header.prefix(40))')")
        }
        let lastNewline = bytes.lastIndex(of: UInt8(ascii: "\n"))!
        droppedBytes = bytes.count - lastNewline - 1
        var lineNumber = 1
        var seen = Set<UInt64>()
        // A file of its first line alone has no record between it and the last newline.
        let records = lastNewline > headerEnd ? bytes[(headerEnd + 1)..<lastNewline] : nil
        for line in records?.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) ?? [] {
            lineNumber += 1
            try read(
                Substring(String(decoding: line, as: UTF8.self)), line: lineNumber, schema: header, seen: &seen)
        }
        guard !operations.isEmpty else {
            throw RecordingError(
                droppedBytes > 0
                    ? "truncated: its only record is cut off (\(droppedBytes) bytes), no complete record to replay"
                    : "holds no finished operation to replay")
        }
        missingDependencies = Self.dropMissing(&operations, known: seen)
        if let cycle = Self.cycle(in: operations) {
            throw RecordingError("dependency cycle through operation \(cycle): it can never run")
        }
        operations.sort { ($0.added, $0.id) < ($1.added, $1.id) }
        changes = changes.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    private mutating func read(
        _ text: Substring, line: Int, schema header: String, seen: inout Set<UInt64>
    ) throws(RecordingError) {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        func bad(_ why: String) -> RecordingError { RecordingError("line \(line): \(why)") }
        switch fields.first {
        case "q":
            guard fields.count == 4, let index = Int(fields[1]), let width = Int(fields[2]),
                let name = RecordingFormat.unescape(fields[3])
            else { throw bad("a queue line is 'q INDEX WIDTH NAME'") }
            guard index == queues.count else {
                throw bad("queue \(index) declared out of order (expected \(queues.count))")
            }
            guard queues.count < Self.mostQueues else { throw bad("more than \(Self.mostQueues) queues") }
            guard width == -1 || (1...Self.largestWidth).contains(width) else {
                throw bad("queue width \(width) is absurd (-1 or 1 to \(Self.largestWidth))")
            }
            queues.append(RecordedQueueInfo(name: name, width: width))
        case "o":
            let record = try Self.operation(fields, queues: queues.count, bad: bad)
            guard seen.insert(record.id).inserted else { throw bad("operation \(record.id) recorded twice") }
            guard operations.count < Self.mostOperations else {
                throw bad("more than \(Self.mostOperations) operations, an absurd size for a replay")
            }
            operations.append(record)
        case "s", "w":
            guard header != RecordingFormat.firstSchema else {
                throw bad("'\(fields[0])' lines are \(RecordingFormat.schema)'s, not this file's version")
            }
            changes.append(try Self.change(fields, queues: queues.count, bad: bad))
        case "c":
            guard header == RecordingFormat.cpuSchema else {
                throw bad("'c' lines are \(RecordingFormat.cpuSchema)'s, not this file's version")
            }
            guard fields.count == 3, let id = UInt64(fields[1]), let cpu = UInt64(fields[2]) else {
                throw bad("a CPU time line is 'c ID NANOSECONDS'")
            }
            guard let last = operations.indices.last, operations[last].id == id, operations[last].cpu == nil else {
                throw bad("the CPU time of operation \(id) does not follow its 'o' line, once")
            }
            guard cpu <= Self.longestNanoseconds else {
                throw bad("operation \(id)'s CPU time of \(cpu) ns is absurd (more than a day)")
            }
            operations[last].cpu = cpu
        case "d":
            guard fields.count == 2, let count = Int(fields[1]), count >= 0 else {
                throw bad("a drop line is 'd COUNT'")
            }
            droppedEvents = count
        default:
            throw bad("unknown record '\(text.prefix(20))' (expected q, s, w, o, c or d)")
        }
    }

    private static func change(
        _ fields: [Substring], queues: Int, bad: (String) -> RecordingError
    ) throws(RecordingError) -> RecordedQueueChange {
        let form = fields.first == "s" ? "'s QUEUE AT SUSPENDED' (1 or 0)" : "'w QUEUE AT WIDTH'"
        guard fields.count == 4, let queue = Int(fields[1]), let at = UInt64(fields[2]), let value = Int(fields[3])
        else { throw bad("a queue change line is \(form)") }
        guard (0..<queues).contains(queue) else {
            throw bad("a change of queue \(queue), which no earlier 'q' line declares (unknown queue)")
        }
        guard at <= longestNanoseconds else { throw bad("queue change at \(at) ns is absurd (more than a day)") }
        if fields[0] == "s" {
            guard value == 0 || value == 1 else { throw bad("a queue change line is \(form)") }
            return RecordedQueueChange(queue: queue, at: at, kind: .suspended(value == 1))
        }
        guard value == -1 || (1...Self.largestWidth).contains(value) else {
            throw bad("queue width \(value) is absurd (-1 or 1 to \(Self.largestWidth))")
        }
        return RecordedQueueChange(queue: queue, at: at, kind: .width(value))
    }

    private static func operation(
        _ fields: [Substring], queues: Int, bad: (String) -> RecordingError
    ) throws(RecordingError) -> RecordedOperation {
        guard fields.count == 10, let id = UInt64(fields[1]), let queue = Int(fields[2]),
            let priorityValue = Int(fields[3]), let added = UInt64(fields[4]), let wait = UInt64(fields[5]),
            let body = UInt64(fields[6]), let name = RecordingFormat.unescape(fields[9])
        else { throw bad("an operation line is 'o ID QUEUE PRIORITY ADDED WAIT BODY CANCEL DEPS NAME'") }
        guard (0..<queues).contains(queue) else {
            throw bad("operation \(id) names queue \(queue), which no earlier 'q' line declares (unknown queue)")
        }
        guard let priority = QueuePriority(rawValue: priorityValue) else {
            throw bad("priority \(priorityValue) is none of -8, -4, 0, 4, 8")
        }
        for (what, value) in [("add time", added), ("wait", wait), ("body", body)] where value > longestNanoseconds {
            throw bad("operation \(id)'s \(what) of \(value) ns is absurd (more than a day)")
        }
        var cancelled: UInt64?
        if fields[7] != "-" {
            guard let value = UInt64(fields[7]), value <= longestNanoseconds else {
                throw bad("cancel time '\(fields[7])' is not nanoseconds up to a day, nor '-'")
            }
            cancelled = value
        }
        var dependencies: [UInt64] = []
        if fields[8] != "-" {
            for piece in fields[8].split(separator: ",") {
                guard let dependency = UInt64(piece) else { throw bad("dependency '\(piece)' is not an identity") }
                dependencies.append(dependency)
            }
        }
        return RecordedOperation(
            id: id, queue: queue, priority: priority, added: added, wait: wait, body: body,
            cancelledAfter: cancelled, dependencies: dependencies, name: name)
    }
}
