import Foundation
import LockBasedQueue
import QueueLabCore
import QueueLabRecorder

/// The start-up of the WWDC 2015 "Advanced NSOperations" sample app (Earthquakes), as its queues see
/// it: load the Core Data model, log in, download and parse four feeds, insert each into the store
/// under mutual exclusivity (one store writer at a time), reload the table on the main queue, a
/// welcome alert under the alert exclusivity, thumbnails at low priority of which the user scrolls
/// past a third (cancelled), and the main queue's frames while the user scrolls.
///
/// Mutual exclusivity is expressed as the sample (and QueueLabAdvanced's `ExclusivityManager`) does
/// it: each operation of a category depends on the previous one of that category. Network waits
/// sleep, CPU work spins; times are drawn from a fixed seed, so every run records the same shape.
struct EarthquakesScenario {
    let work: RecordingQueue<LockQueue>
    let main: RecordingQueue<LockQueue>
    private var random = SplitMix64(seed: 2015)
    private var lastInsert: LockOperation?
    private var lastAlert: LockOperation?

    init(recorder: QueueRecorder) {
        let work = LockQueue(name: "operations")
        let main = LockQueue(name: "main")
        main.maxConcurrentOperationCount = 1
        self.work = RecordingQueue(base: work, recorder: recorder)
        self.main = RecordingQueue(base: main, recorder: recorder)
    }

    /// Runs the scenario and waits (at most `bound`) for every operation to finish.
    mutating func run(within bound: Duration = .seconds(30)) throws -> WaitOutcome {
        let model = operation("loadModel", .high, spin: 12)
        let login = operation("login", .high, sleep: 120)
        try work.addOperations([model, login], waitUntilFinished: false)
        let alert = try exclusive(&lastAlert, operation("alert:welcome", .veryHigh, spin: 1))
        try alert.addDependency(login)
        try main.addOperation(alert)
        for feed in ["hour", "day", "week", "significant"] {
            let download = operation("download:\(feed)", .normal, sleep: 60 + draw(120))
            try download.addDependency(login)
            let parse = operation("parse:\(feed)", .normal, spin: 4 + draw(10))
            try parse.addDependency(download)
            let insert = try exclusive(&lastInsert, operation("insert:\(feed)", .normal, spin: 2 + draw(3)))
            try insert.addDependency(parse)
            try insert.addDependency(model)
            let reload = operation("ui:reloadTable:\(feed)", .high, spin: 1)
            try reload.addDependency(insert)
            try work.addOperations([download, parse, insert], waitUntilFinished: false)
            try main.addOperation(reload)
        }
        var thumbnails: [LockOperation] = []
        for index in 0..<30 {
            let thumbnail = operation("thumbnail:\(index)", .low, sleep: 20 + draw(40))
            try thumbnail.addDependency(login)
            thumbnails.append(thumbnail)
        }
        try work.addOperations(thumbnails, waitUntilFinished: false)
        // The user scrolls: a frame every 16 ms on the main queue, and past a third of the thumbnails.
        for frame in 0..<60 {
            Thread.sleep(forTimeInterval: 0.016)
            try main.addOperation(operation("ui:frame", .veryHigh, spin: 2))
            if frame == 20 { for thumbnail in thumbnails.suffix(10) { thumbnail.cancel() } }
        }
        let outcome = work.waitUntilAllOperationsAreFinished(timeout: bound)
        guard case .finished = outcome else { return outcome }
        return main.waitUntilAllOperationsAreFinished(timeout: bound)
    }

    private mutating func draw(_ range: UInt64) -> UInt64 { random.next() % range }

    private func operation(_ name: String, _ priority: QueuePriority, spin milliseconds: UInt64) -> LockOperation {
        LockOperation(
            name: name, priority: priority,
            body: .synchronous { _ in MonotonicClock.spin(nanoseconds: milliseconds * 1_000_000) })
    }

    private func operation(_ name: String, _ priority: QueuePriority, sleep milliseconds: UInt64) -> LockOperation {
        LockOperation(
            name: name, priority: priority,
            body: .synchronous { _ in Thread.sleep(forTimeInterval: Double(milliseconds) / 1_000) })
    }

    /// `operation`, after the previous operation of its category (the sample's mutual exclusivity).
    private func exclusive(_ last: inout LockOperation?, _ operation: LockOperation) throws -> LockOperation {
        if let last { try operation.addDependency(last) }
        last = operation
        return operation
    }
}
