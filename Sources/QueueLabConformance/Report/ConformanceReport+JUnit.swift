extension ConformanceReport {
    /// JUnit XML for CI systems: one test suite per implementation, one test case per check;
    /// FAIL is a failure, STALE an error, UNSUPPORTED skipped, and so is a FAIL or STALE the
    /// implementation declared as a known deviation (its message says so).
    public func junitXML() -> String {
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        xml.append(
            "<testsuites name=\"queuelab conform\" tests=\"\(outcomes.count)\" failures=\"\(unexpected(.fail, outcomes))\" errors=\"\(errors(outcomes))\" skipped=\"\(outcomes.count - count(.pass) - unexpected(.fail, outcomes) - errors(outcomes))\" time=\"\(seconds)\">"
        )
        // A campaign of seeds runs each check many times: a test case per seed, named so.
        let campaign = seeds.count > 1
        for impl in implementations {
            let mine = outcomes.filter { $0.implementation == impl }
            let failed = unexpected(.fail, mine)
            let stale = errors(mine)
            let skipped = mine.count - mine.filter { $0.verdict == .pass }.count - failed - stale
            let time = mine.map(\.seconds).reduce(0, +)
            xml.append(
                "  <testsuite name=\"\(escape(impl))\" tests=\"\(mine.count)\" failures=\"\(failed)\" errors=\"\(stale)\" skipped=\"\(skipped)\" time=\"\(time)\">"
            )
            for outcome in mine {
                let open =
                    "    <testcase classname=\"conform.\(escape(impl))\" name=\"\(escape(campaign ? "\(outcome.checkID) seed \(outcome.seed)" : outcome.checkID))\" time=\"\(outcome.seconds)\""
                let body =
                    ([outcome.summary] + (outcome.scenario.map { ["scenario: \($0)"] } ?? [])
                    + outcome.evidence.flatMap(\.lines) + [
                        "replay: \(outcome.replayCommand(tool: tool))"
                    ])
                    .joined(separator: "\n")
                if let reason = outcome.knownDeviation {
                    xml.append(open + ">")
                    xml.append(
                        "      <skipped message=\"\(escape("known deviation (\(outcome.verdict)): \(reason)"))\"/>")
                    xml.append("    </testcase>")
                    continue
                }
                switch outcome.verdict {
                case .pass:
                    xml.append(open + "/>")
                case .fail:
                    xml.append(open + ">")
                    xml.append(
                        "      <failure message=\"\(escape(outcome.summary))\" type=\"FAIL\">\(escape(body))</failure>")
                    xml.append("    </testcase>")
                case .stale:
                    xml.append(open + ">")
                    xml.append(
                        "      <error message=\"\(escape(outcome.summary))\" type=\"STALE\">\(escape(body))</error>")
                    xml.append("    </testcase>")
                case .unsupported:
                    xml.append(open + ">")
                    xml.append("      <skipped message=\"\(escape(outcome.summary))\"/>")
                    xml.append("    </testcase>")
                case .underpowered:
                    // Not failed, not passed: a skip that says how far the check got.
                    xml.append(open + ">")
                    xml.append(
                        "      <skipped message=\"\(escape("UNDERPOWERED: \(outcome.power.map(\.description) ?? outcome.summary)"))\"/>"
                    )
                    xml.append("    </testcase>")
                case .crash:
                    xml.append(open + ">")
                    xml.append(
                        "      <error message=\"\(escape(outcome.summary))\" type=\"CRASH\">\(escape(body))</error>")
                    xml.append("    </testcase>")
                }
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    /// JUnit's errors: STALE and CRASH, neither declared.
    private func errors(_ outcomes: [CheckOutcome]) -> Int {
        unexpected(.stale, outcomes) + unexpected(.crash, outcomes)
    }

    private func unexpected(_ verdict: Verdict, _ outcomes: [CheckOutcome]) -> Int {
        outcomes.filter { $0.verdict == verdict && $0.knownDeviation == nil }.count
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // XML 1.0 forbids most control characters even escaped.
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
