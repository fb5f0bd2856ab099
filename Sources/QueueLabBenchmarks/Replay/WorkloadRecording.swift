import QueueLabCore
import QueueLabRecorder

/// Runs one workload with a `QueueRecorder` (QueueLabRecorder) on each of its queues (`trace --format recording`):
/// a recording of a known workload, to replay and compare with (the replay-fidelity target), made by
/// the same recorder a user installs on their own queue.
public enum WorkloadRecording {
    /// Records `workload` on the queues `recipe` makes into `path`, each body's duration with
    /// `bodyClock`; returns what the file holds.
    ///
    /// - Throws: ``SampleError`` (unsupported, stalled, the file not writable or not complete).
    public static func record(
        _ recipe: any QueueRecipe, workload requested: Workload, to path: String,
        bodyClock: QueueRecorder.BodyClock = .wall, drainTimeout: Duration = .seconds(60)
    ) throws(SampleError) -> (recording: Recording, note: String?) {
        try record(recipe: recipe, workload: requested, to: path, bodyClock: bodyClock, drainTimeout: drainTimeout)
    }

    static func record<Recipe: QueueRecipe>(
        recipe: Recipe, workload requested: Workload, to path: String, bodyClock: QueueRecorder.BodyClock,
        drainTimeout: Duration
    ) throws(SampleError) -> (recording: Recording, note: String?) {
        typealias Queue = Recipe.Queue
        let (workload, note) = WorkloadSuite.sized(requested, for: Queue.implementationName)
        let recorder: QueueRecorder
        do {
            recorder = try QueueRecorder(path: path, bodyClock: bodyClock)
        } catch {
            throw .childFailed(error.message)
        }
        let count = WorkloadExecution<Queue>.operationCount(workload)
        let harness = OperationHarness(
            operations: count, latencyEvery: Swift.max(1, count + 1),
            workNanoseconds: UInt64(Swift.max(0, workload["us"])) * 1_000)
        let execution = WorkloadExecution(
            recipe: WrappedRecipe(base: recipe) { RecordingQueue(base: $0, recorder: recorder) }, workload: workload,
            harness: harness,
            drainTimeout: drainTimeout)
        let outcome = Result { () throws(SampleError) -> WorkloadOutcome in try execution.run() }
        // The queue drained, but its observer may still be delivering: the last transitions reach
        // the buffer shortly after (actor: always a little after).
        // Not finished in time (events dropped): the file holds what was recorded, and says so.
        _ = recorder.awaitFinishes(within: .seconds(5))
        let closed = recorder.close()
        _ = try outcome.get()
        guard closed, recorder.failure == nil else {
            throw .childFailed("the recorder did not finish writing \(path): \(recorder.failure ?? "timed out")")
        }
        do {
            return (try Recording(path: path), note)
        } catch {
            throw .childFailed(error.message)
        }
    }
}
