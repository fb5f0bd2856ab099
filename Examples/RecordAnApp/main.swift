import Foundation
import QueueLabCore
import QueueLabRecorder

// queuelab-record-example scenario OUT      records the Earthquakes start-up into OUT
// queuelab-record-example overhead N PATH [ROTATION]
//     noop rounds of N: without an observer, with a recorder writing PATH, with an empty observer
//     (in that order, rotated by ROTATION): "without,recorder,empty_observer,dropped" (ops/s, events)
// queuelab-record-example round ROUND N PATH
//     one of those rounds alone (without, recorder or empty-observer), for a profiler:
//     `valgrind --tool=callgrind queuelab-record-example round recorder 20000 /tmp/r.qlr`
let arguments = CommandLine.arguments
func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            ("usage: queuelab-record-example scenario OUT | overhead N RECORDING_PATH [ROTATION]"
                + " | round without|recorder|empty-observer N RECORDING_PATH\n").utf8))
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
    // The order of the rounds rotates between processes (a fifth argument, 0 to 2), so that whatever
    // the first round of a process pays (page faults, thread start-up) does not land on one side only.
    guard arguments.count >= 4, let count = Int(arguments[2]), count > 0 else { usage() }
    let rotation = arguments.count == 5 ? Int(arguments[4]) ?? 0 : 0
    var figures: [RecorderOverhead.Round: Double] = [:]
    var dropped = 0
    let rounds = RecorderOverhead.Round.allCases
    for position in 0..<rounds.count {
        let round = rounds[(position + rotation) % rounds.count]
        let recorder = round == .recorder ? try QueueRecorder(path: arguments[3]) : nil
        figures[round] = RecorderOverhead.throughput(count: count, round, recorder: recorder)
        if let recorder {
            _ = recorder.awaitFinishes()
            recorder.close()
            dropped = recorder.droppedEvents
        }
    }
    let line = [figures[.without]!, figures[.recorder]!, figures[.emptyObserver]!].map { String(Int($0)) }
    print((line + [String(dropped)]).joined(separator: ","))
case "round":
    guard arguments.count == 5, let round = RecorderOverhead.Round(rawValue: arguments[2]),
        let count = Int(arguments[3]), count > 0
    else {
        usage()
    }
    let recorder = round == .recorder ? try QueueRecorder(path: arguments[4]) : nil
    let throughput = RecorderOverhead.throughput(count: count, round, recorder: recorder)
    if let recorder {
        _ = recorder.awaitFinishes()
        recorder.close()
    }
    print(Int(throughput))
default:
    usage()
}
