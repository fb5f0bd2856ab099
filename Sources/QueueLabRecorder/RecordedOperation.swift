import QueueLabCore

/// One finished operation of a recording: what a replay needs to add the same operation at the same
/// time, wait for the same dependencies and run a body of the same length.
public struct RecordedOperation: Sendable, Hashable {
    /// The operation's identity in the recorded process (`OperationID.rawValue`).
    public var id: UInt64
    /// Index of its queue in ``Recording/queues``.
    public var queue: Int
    /// Its queue priority when it was added.
    public var priority: QueuePriority
    /// Nanoseconds from the recorder's start to the add.
    public var added: UInt64
    /// Nanoseconds from the add to the body's start (dependencies, slots, the queue's own delay).
    public var wait: UInt64
    /// Nanoseconds the body ran (its start to the operation's finish): wall time, which holds any
    /// time its thread waited for a core.
    public var body: UInt64
    /// Nanoseconds of CPU the body's thread used from its start to its finish, when the recorder
    /// read them (``QueueRecorder/BodyClock/threadCPU``); else nil.
    public var cpu: UInt64?
    /// Nanoseconds from the add to `cancel()`, or nil when it was never cancelled.
    public var cancelledAfter: UInt64?
    /// Identities of the operations it waited for.
    public var dependencies: [UInt64]
    /// Its name when it was added, or nil for none.
    public var name: String?

    /// A record of one finished operation, every time in nanoseconds as its properties say.
    public init(
        id: UInt64, queue: Int, priority: QueuePriority, added: UInt64, wait: UInt64, body: UInt64,
        cpu: UInt64? = nil, cancelledAfter: UInt64? = nil, dependencies: [UInt64] = [], name: String? = nil
    ) {
        self.id = id
        self.queue = queue
        self.priority = priority
        self.added = added
        self.wait = wait
        self.body = body
        self.cpu = cpu
        self.cancelledAfter = cancelledAfter
        self.dependencies = dependencies
        self.name = name
    }

    /// Appends its `o` line, newline included, as bytes: the writer makes one a finished operation,
    /// and where the queue keeps every core busy its CPU is the queue's (`String` interpolation
    /// made it most of the recorder's cost on `noop`: `results/explain/README.md`, "The recorder's
    /// own cost").
    func appendLine(to out: inout [UInt8]) {
        // "o"; six fields of a space and up to 20 digits (the cancel's "-" among them); the
        // priority's space, sign and digit; the space before the dependencies; two bytes spare.
        let fixed = 1 + 6 * (1 + LineScratch.decimalWidth) + 4 + 2
        RecordingFormat.appendFormatted(to: &out, atMost: fixed) { line in
            line.put(UInt8(ascii: "o"))
            line.put(field: id)
            line.put(field: UInt64(queue))
            line.put(UInt8(ascii: " "))
            if priority.rawValue < 0 { line.put(UInt8(ascii: "-")) }
            line.put(decimal: UInt64(priority.rawValue.magnitude))
            line.put(field: added)
            line.put(field: wait)
            line.put(field: body)
            line.put(UInt8(ascii: " "))
            if let cancelledAfter { line.put(decimal: cancelledAfter) } else { line.put(UInt8(ascii: "-")) }
            line.put(UInt8(ascii: " "))
        }
        if dependencies.isEmpty { out.append(UInt8(ascii: "-")) }
        for (index, dependency) in dependencies.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            RecordingFormat.appendDecimal(dependency, to: &out)
        }
        out.append(UInt8(ascii: " "))
        if let name { out += RecordingFormat.escape(name).utf8 } else { out.append(UInt8(ascii: "-")) }
        out.append(UInt8(ascii: "\n"))
        guard let cpu else { return }
        RecordingFormat.appendFormatted(to: &out, atMost: 1 + 2 * (1 + LineScratch.decimalWidth) + 1) { line in
            line.put(UInt8(ascii: "c"))
            line.put(field: id)
            line.put(field: cpu)
            line.put(UInt8(ascii: "\n"))
        }
    }

    /// What a replay's spinning body runs for: the body's CPU time when it was recorded (the work,
    /// without the time its thread waited for a core, which the replay's machine adds of its own),
    /// but never more than its wall time (the CPU reading also counts the queue's and the
    /// recorder's own work around the body on its thread); else its wall time.
    public var work: UInt64 { cpu.map { Swift.min($0, body) } ?? body }

    /// The finish, in nanoseconds from the recorder's start.
    public var finished: UInt64 { added &+ wait &+ body }
}

/// A queue of a recording.
public struct RecordedQueueInfo: Sendable, Hashable {
    /// The queue's name when the recorder was installed on it, or nil for none.
    public var name: String?
    /// `maxConcurrentOperationCount` when the recorder was installed (-1: the queue's default).
    public var width: Int

    /// A queue named `name` of width `width` (-1: the queue's default).
    public init(name: String?, width: Int) {
        self.name = name
        self.width = width
    }
}
