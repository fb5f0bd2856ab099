import QueueLabCore

/// What the observer appends for one transition: plain words, no reference and no `String`, so that
/// an append, and every copy after it, is a copy of memory with no call into the runtime (events
/// holding the name as a `String?` spent a visible share of a profile of `noop` in retain and
/// release: `results/README.md`, "Figures the documentation used to show"). A name travels beside
/// the events, in the ``RecorderBatch``'s `names`.
struct RecorderEvent: Sendable {
    enum Kind: UInt8, Sendable {
        case added
        case started
        case finished
        case cancelled
        /// `time` is the CPU time the body's thread used from its start to its finish.
        case ranOnCPU
    }

    var id: UInt64
    var time: UInt64
    var queue: Int32
    /// On `added`: the index of the operation's name in the names appended with it, or
    /// ``RecorderEvent/noName``.
    var name: Int32
    var kind: Kind
    var priority: QueuePriority

    static let noName: Int32 = -1
}

/// Events and the names they point to, in the order they were appended: what a stripe of the
/// buffer holds, and what the writer takes from all of them at each pass. Kept and reused from
/// pass to pass, so a pass allocates nothing once the arrays have grown to the traffic.
struct RecorderBatch: Sendable {
    var events: [RecorderEvent] = []
    var names: [String] = []

    var isEmpty: Bool { events.isEmpty }

    /// Appends `event`, and `name` for it when the event is an add with a name.
    @inline(__always)
    mutating func append(_ event: RecorderEvent, name: String?) {
        var event = event
        if let name {
            event.name = Int32(truncatingIfNeeded: names.count)
            names.append(name)
        }
        events.append(event)
    }

    /// Appends `other`'s events and names, its events' name indexes moved past the names here.
    mutating func append(contentsOf other: RecorderBatch) {
        guard !other.names.isEmpty else {
            events += other.events
            return
        }
        let offset = Int32(truncatingIfNeeded: names.count)
        names += other.names
        events.reserveCapacity(events.count + other.events.count)
        for var event in other.events {
            if event.name != RecorderEvent.noName { event.name &+= offset }
            events.append(event)
        }
    }

    /// The name of an add, nil when it had none.
    func name(of event: RecorderEvent) -> String? {
        event.name == RecorderEvent.noName ? nil : names[Int(event.name)]
    }

    /// Empties it and keeps its storage.
    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
    }
}
