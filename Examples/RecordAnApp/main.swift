import Foundation
import QueueLabCore
import QueueLabRecorder

// queuelab-record-example scenario OUT      records the Earthquakes start-up into OUT
// queuelab-record-example overhead N PATH   one noop round of N without, then with, a recorder
//                                           writing PATH: "without_ops_per_s,with_ops_per_s,dropped"
let arguments = CommandLine.arguments
func usage() -> Never {
    FileHandle.standardError.write(
        Data("usage: queuelab-record-example scenario OUT | overhead N RECORDING_PATH\n".utf8))
    exit(2)
}
guard arguments.count >= 3 else { usage() }
switch arguments[1] {
case "scenario":
    let recorder = try QueueRecorder(path: arguments[2])
    var scenario = EarthquakesScenario(recorder: recorder)
    let outcome = try scenario.run()
    guard recorder.awaitFinishes(), recorder.close() else {
        FileHandle.standardError.write(Data("error: the recorder did not finish writing\n".utf8))
        exit(1)
    }
    guard case .finished = outcome else {
        FileHandle.standardError.write(Data("error: the scenario did not finish: \(outcome)\n".utf8))
        exit(1)
    }
    let recording = try Recording(path: arguments[2])
    print(
        "wrote \(arguments[2]): \(recording.operations.count) operations on \(recording.queues.count) queues, "
            + "makespan \(recording.makespan / 1_000_000) ms, \(recording.droppedEvents) events dropped")
case "overhead":
    guard arguments.count == 4, let count = Int(arguments[2]), count > 0 else { usage() }
    let without = RecorderOverhead.throughput(count: count, recorder: nil)
    let recorder = try QueueRecorder(path: arguments[3])
    let with = RecorderOverhead.throughput(count: count, recorder: recorder)
    recorder.close()
    print("\(Int(without)),\(Int(with)),\(recorder.droppedEvents)")
default:
    usage()
}
