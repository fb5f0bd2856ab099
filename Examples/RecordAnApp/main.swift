import Foundation
import QueueLabCore
import QueueLabRecorder

// queuelab-record-example scenario OUT      records the Earthquakes start-up into OUT
// queuelab-record-example overhead N PATH [with-first]
//     one noop round of N without and one with a recorder writing PATH (without first unless told):
//     "without_ops_per_s,with_ops_per_s,dropped"
let arguments = CommandLine.arguments
func usage() -> Never {
    FileHandle.standardError.write(
        Data("usage: queuelab-record-example scenario OUT | overhead N RECORDING_PATH [with-first]\n".utf8))
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
    // The order alternates between processes (a fifth argument, `with-first`), so that whatever the
    // first round of a process pays (page faults, thread start-up) does not land on one side only.
    guard arguments.count >= 4, let count = Int(arguments[2]), count > 0 else { usage() }
    let withFirst = arguments.count == 5 && arguments[4] == "with-first"
    var without = 0.0
    var with = 0.0
    var dropped = 0
    for round in 0..<2 {
        if (round == 0) == withFirst {
            let recorder = try QueueRecorder(path: arguments[3])
            with = RecorderOverhead.throughput(count: count, recorder: recorder)
            recorder.close()
            dropped = recorder.droppedEvents
        } else {
            without = RecorderOverhead.throughput(count: count, recorder: nil)
        }
    }
    print("\(Int(without)),\(Int(with)),\(dropped)")
default:
    usage()
}
