import Foundation
import QueueLabCore

/// The parent-child protocol of a sample: the arguments of the hidden `queuelab sample` subcommand
/// and the one JSON line it prints. Kept stable so that a gate can drive an older build.
package enum SampleProtocol {
    package static let subcommand = "sample"

    /// The answer of a sample process: figures, or why there are none.
    package struct Response: Codable, Sendable {
        package var figures: SampleFigures?
        /// Set when the implementation cannot express the workload.
        package var skipped: String?
        package var error: String?

        package init(figures: SampleFigures? = nil, skipped: String? = nil, error: String? = nil) {
            self.figures = figures
            self.skipped = skipped
            self.error = error
        }

        package func jsonLine() -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = (try? encoder.encode(self)) ?? Data("{\"error\":\"cannot encode the response\"}".utf8)
            return String(decoding: data, as: UTF8.self)
        }

        /// The last line of `output` that decodes as a response.
        package static func parse(_ output: String) -> Response? {
            for line in output.split(separator: "\n").reversed() where line.hasPrefix("{") {
                if let response = try? JSONDecoder().decode(Response.self, from: Data(line.utf8)) { return response }
            }
            return nil
        }
    }

    package static func arguments(
        implementation: String, policy: String = "", workload: Workload, latencyEvery: Int, drainTimeout: Int,
        repetitions: Int = 1
    ) -> [String] {
        // `--policy` and `--repetitions` only when asked for: a gate's base build may predate them.
        [
            subcommand, "--impl", implementation, "--workload", workload.description,
            "--latency-every", String(latencyEvery), "--drain-timeout", String(drainTimeout),
        ] + (policy.isEmpty ? [] : ["--policy", policy])
            + (repetitions > 1 ? ["--repetitions", String(repetitions)] : [])
    }

    /// Runs one sample in-process and returns the response a sample process prints.
    package static func respond(
        implementation: any OperationQueueing.Type, workload: Workload, latencyEvery: Int, drainTimeout: Int,
        repetitions: Int = 1
    ) -> Response {
        respond(
            recipe: plainRecipe(implementation), workload: workload, latencyEvery: latencyEvery,
            drainTimeout: drainTimeout, repetitions: repetitions)
    }

    /// The same, with queues made by `recipe` (with the policy it carries).
    package static func respond(
        recipe: any QueueRecipe, workload: Workload, latencyEvery: Int, drainTimeout: Int, repetitions: Int = 1
    ) -> Response {
        do {
            let figures = try SampleRunner.run(
                recipe: recipe, workload: workload, latencyEvery: latencyEvery,
                drainTimeout: .seconds(drainTimeout), repetitions: repetitions)
            return Response(figures: figures)
        } catch .unsupported(let why) {
            return Response(skipped: why)
        } catch {
            return Response(error: error.description)
        }
    }

    private static func plainRecipe<Queue: OperationQueueing>(_ type: Queue.Type) -> any QueueRecipe {
        QueueMaker(type)
    }
}
