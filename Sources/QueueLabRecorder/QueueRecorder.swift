import Foundation
import QueueLabCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Records what the queues it is installed on did, operation by operation, into a
/// `queuelab-recording/2` file (``RecordingFormat``; `/3` with ``BodyClock/threadCPU``) that
/// `queuelab bench --workload 'replay:file=PATH'` replays on any implementation and policy.
///
/// Install it on your own queue (``install(on:)``, through the public state observer) and tell it
/// each operation's dependencies before the add (``noteDependencies(of:)``; the observer does not
/// carry them) and each time you suspend, resume or resize it (``queueChanged(_:)``), or wrap the
/// queue in a ``RecordingQueue``, which does all of it. Close it when done (``close(within:)``).
///
/// Cost: the queue's thread makes one append per transition (three or four per operation) to its
/// stripe of a bounded in-memory buffer, under that stripe's lock, which holds no I/O; a writer
/// thread takes the buffer every `flushEvery` (sooner when a stripe is half full), turns finished
/// operations into lines and writes them, outside every lock. A queue the recorder is not installed
/// on pays nothing (it is only an observer). Where the queue keeps every core busy, the writer's
/// CPU is CPU the queue does not get: measured on `noop` in `results/explain/README.md` ("The
/// recorder's own cost").
///
/// **When the buffer is full** (a stripe holds `capacity` events the writer has not taken), an
/// event is dropped and counted, never waited for: the queue is never blocked by the recorder. The
/// count is ``droppedEvents`` and is written to the file (`d` lines); an operation that lost an
/// event is left out of the recording.
public final class QueueRecorder: Sendable {
    /// Events each of the buffer's stripes (one per thread, about) holds before
    /// it drops: at three or four events per operation, 16,000 operations a thread. Memory grows
    /// with use and is kept for reuse: a stripe keeps two batches of up to this many events, 32
    /// bytes an event (and the names of operations added with one), so at most 4 MB a stripe, and
    /// the writer one batch of every stripe's events.
    public static let defaultCapacity = 65_536

    private let buffer: RecorderStripes
    /// The queues installed on, and their `q`, `s` and `w` lines not yet written: rare, so written
    /// as they come, under a lock of their own. The writer takes the lines after the stripes, so a
    /// queue's `q` line is always written no later than the first record that names it.
    private let queues = Locked(RecordedQueues())
    /// Dependencies noted by ``noteDependencies(of:)`` (the adding thread, not the queue's), taken by
    /// the writer at each pass: kept out of the events so that an event copies without the runtime.
    private let notedDependencies = Locked<[UInt64: [UInt64]]>([:])
    private var wake: DispatchSemaphore { buffer.wake }
    private let writerDone = DispatchSemaphore(value: 0)
    private let closed = Locked(false)
    private let writeFailure = Locked<String?>(nil)
    /// Set by ``awaitFinishes(within:)``; then, after each pass, the writer counts the pass, says
    /// whether the buffer it took was empty and every operation whose add it saw had finished, and
    /// signals `passDone` (only then: a semaphore nobody waits on would count up forever). A wait
    /// goes by the count, not by the signals: a pass that began for an earlier wait which timed out
    /// signals late, and would otherwise stand in for one of this wait's.
    private let quiet = Locked((requested: false, passes: 0, quiet: false, idle: false))
    private let passDone = DispatchSemaphore(value: 0)
    /// Clock reading the recording's times count from.
    private let origin: UInt64
    private let bodyClock: BodyClock

    /// What a body's duration is recorded with.
    public enum BodyClock: Sendable {
        /// Wall time from the body's start to its finish: all a recording needs to be replayed, and
        /// the cheapest. It holds any time the body's thread waited for a core, which a replay then
        /// spins as work on top of its own machine's waits: on a busy machine, or a virtual one,
        /// the replay's tails read longer than the app's.
        case wall
        /// Wall time, and beside it the CPU time the body's thread used (two readings of the
        /// thread's CPU clock a body, a system call each; measured in `results/explain/README.md`,
        /// "`open`'s replayed p99"), which `body=spin` replays instead. Read where the queue
        /// delivers the body's start and finish on the thread that runs it, as QueueLab's own
        /// queues do; a body of another queue keeps its wall time. Writes `queuelab-recording/3`.
        case threadCPU
    }

    /// Opens (creates or truncates) `path`, writes the schema line and starts the writer.
    ///
    /// - Throws: ``RecorderError`` when the file cannot be opened or written.
    public convenience init(
        path: String, capacity: Int = QueueRecorder.defaultCapacity, flushEvery: Duration = .milliseconds(20),
        bodyClock: BodyClock = .wall
    ) throws(RecorderError) {
        try self.init(
            path: path, capacity: capacity, flushEvery: flushEvery, wakesAtHalf: true, bodyClock: bodyClock)
    }

    /// `wakesAtHalf` false: only `flushEvery` and the recorder's own calls wake the writer, so that
    /// a test fills a stripe whatever the threads' speeds.
    init(
        path: String, capacity: Int, flushEvery: Duration, wakesAtHalf: Bool, bodyClock: BodyClock = .wall
    ) throws(RecorderError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw RecorderError(message: "cannot open \(path): errno \(errno)") }
        let schema = bodyClock == .threadCPU ? RecordingFormat.cpuSchema : RecordingFormat.schema
        guard RecordingFile.write(descriptor, schema + "\n") else {
            RecordingFile.close(descriptor)
            throw RecorderError(message: "cannot write \(path): errno \(errno)")
        }
        buffer = RecorderStripes(capacity: Swift.max(1, capacity), wakesAtHalf: wakesAtHalf)
        self.bodyClock = bodyClock
        let file = RecordingFile(descriptor: descriptor)
        origin = MonotonicClock.now()
        let interval = flushEvery
        let thread = Thread { [self] in writeLoop(file, interval: interval) }
        thread.name = "QueueRecorder writer"
        thread.start()
    }

    /// Records the operations added to `queue` from now on, under the queue's name and its width now.
    /// Replaces any observer the queue had.
    public func install<Queue: OperationQueueing>(on queue: Queue) {
        let (name, width, suspended) = (queue.name, queue.maxConcurrentOperationCount, queue.isSuspended)
        let index = queues.withLock { $0.install(queue, name: name, width: width) }
        // Installed on a suspended queue: its operations wait from the start.
        if suspended { queueChanged(queue) }
        queue.setStateObserver(RecordingTap(buffer: buffer, queue: Int32(index), bodyClock: bodyClock))
    }

    /// Notes that `queue` (one it is installed on) may have been suspended, resumed or given another
    /// width; call it right after you change one of them. A call that changed nothing records
    /// nothing, and a queue it is not installed on is ignored.
    public func queueChanged<Queue: OperationQueueing>(_ queue: Queue) {
        let (suspended, width) = (queue.isSuspended, queue.maxConcurrentOperationCount)
        let at = MonotonicClock.now() &- origin
        queues.withLock { $0.note(queue, suspended: suspended, width: width, at: at) }
    }

    /// Notes `operation`'s dependencies; call it after its last `addDependency` and before adding it.
    public func noteDependencies<Operation: QueueOperation>(of operation: Operation) {
        let dependencies = operation.dependencies.map(\.id.rawValue)
        guard !dependencies.isEmpty else { return }
        notedDependencies.withLock { $0[operation.id.rawValue] = dependencies }
    }

    /// Events dropped because the buffer was full (see the type's documentation).
    public var droppedEvents: Int { buffer.dropped }

    /// Why the writer stopped writing, when a write failed (a full disk); nil while all is well.
    public var failure: String? { writeFailure.withLock { $0 } }

    /// Waits, at most `bound`, until every operation whose add was recorded has had its finish
    /// recorded too: a queue's observer may deliver a little after a wait on the queue returned, so
    /// call this after draining the queue and before ``close(within:)``. Returns whether it got
    /// there (false: operations still running, or events dropped).
    public func awaitFinishes(within bound: Duration = .seconds(5)) -> Bool {
        let deadline = DispatchTime.now() + Self.seconds(bound)
        defer { quiet.withLock { $0.requested = false } }
        while true {
            // Two whole passes begun after this point: the first may have taken its buffer before
            // the last delivery.
            let target = quiet.withLock { state in
                state.requested = true
                return state.passes + 2
            }
            var passes = 0
            var isQuiet = false
            var isIdle = false
            while passes < target {
                wake.signal()
                guard passDone.wait(timeout: deadline) == .success else { return false }
                (passes, isQuiet, isIdle) = quiet.withLock { ($0.passes, $0.quiet, $0.idle) }
            }
            // Idle with drops: the operations whose events were dropped will never finish here.
            if isQuiet || (isIdle && droppedEvents > 0) { return isQuiet }
            guard DispatchTime.now() < deadline else { return false }
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Writes what the buffer holds and closes the file; later transitions are ignored. Operations
    /// not finished by then are not in the recording. Returns false when the writer did not finish
    /// within `bound` (it goes on in the background).
    @discardableResult
    public func close(within bound: Duration = .seconds(10)) -> Bool {
        let first = closed.withLock { wasClosed in
            defer { wasClosed = true }
            return !wasClosed
        }
        guard first else { return true }
        buffer.stop()
        wake.signal()
        let seconds = Self.seconds(bound)
        return writerDone.wait(timeout: .now() + seconds) == .success
    }

    private func writeLoop(_ file: RecordingFile, interval: Duration) {
        var assembler = RecordAssembler(origin: origin)
        var droppedWritten = 0
        let seconds = Self.seconds(interval)
        // Taken into, emptied and taken into again: one pass after another reuses its storage.
        var batch = RecorderBatch()
        while true {
            _ = wake.wait(timeout: .now() + seconds)
            batch.removeAll()
            let (dropped, stop) = buffer.take(into: &batch)
            var text = queues.withLock { $0.takeLines() }
            // After the take: an operation's dependencies are noted before its add, so every
            // operation whose add was just taken has them here already.
            assembler.merge(
                dependencies: notedDependencies.withLock { noted in
                    defer { noted = [:] }
                    return noted
                })
            assembler.appendLines(for: batch, final: stop, to: &text)
            if dropped != droppedWritten {
                text += "d \(dropped)\n".utf8
                droppedWritten = dropped
            }
            if !text.isEmpty, writeFailure.withLock({ $0 }) == nil, !RecordingFile.write(file.descriptor, text) {
                let why = "write failed: errno \(errno)"
                writeFailure.withLock { $0 = why }
            }
            let requested = quiet.withLock { state in
                if state.requested {
                    state.passes += 1
                    state.quiet = batch.isEmpty && assembler.inFlight == 0
                    state.idle = batch.isEmpty
                }
                return state.requested
            }
            if requested { passDone.signal() }
            if stop { break }
        }
        RecordingFile.close(file.descriptor)
        writerDone.signal()
    }
}

/// An open recording's file descriptor, owned by the writer thread once the recorder started.
struct RecordingFile: Sendable {
    let descriptor: Int32

    /// Writes all of `text`; false when a write failed.
    static func write(_ descriptor: Int32, _ text: String) -> Bool {
        write(descriptor, Array(text.utf8))
    }

    /// Writes all of `bytes`; false when a write failed.
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                    let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #else
                    let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }
}

/// Why a recorder could not start.
public struct RecorderError: Error, Sendable, CustomStringConvertible {
    /// The reason, in one line naming the file and the `errno`.
    public let message: String
    public var description: String { message }
}
