// The floor of a design that hops onto one actor per operation: tasks that each call an empty
// actor method N times, on the global concurrent executor; hops per second over all tasks.
import Dispatch
import Foundation

actor Scheduler {
    var count = 0
    func step() -> Int { count += 1; return count }
}

@main struct Hop {
    static func main() async {
        let args = CommandLine.arguments
        let tasks = Int(args.count > 1 ? args[1] : "2")!
        let n = Int(args.count > 2 ? args[2] : "1000000")!
        let scheduler = Scheduler()
        let start = DispatchTime.now().uptimeNanoseconds
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<n { _ = await scheduler.step() }
                }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let total = Double(tasks * n)
        let rate = String(format: "%.0f", total / seconds)
        let perHop = String(format: "%.0f", seconds / total * 1e9)
        let elapsed = String(format: "%.3f", seconds)
        print("tasks \(tasks) hops \(tasks * n) in \(elapsed) s: \(rate) hops/s, \(perHop) ns a hop")
    }
}
