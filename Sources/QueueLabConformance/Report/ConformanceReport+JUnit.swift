extension ConformanceReport {
    /// JUnit XML for CI systems: one test suite per implementation, one test case per check;
    /// FAIL is a failure, STALE an error, UNSUPPORTED skipped.
    public func junitXML() -> String {
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        xml.append("<testsuites name=\"queuelab conform\" tests=\"\(outcomes.count)\" failures=\"\(count(.fail))\" errors=\"\(count(.stale))\" skipped=\"\(count(.unsupported))\" time=\"\(seconds)\">")
        for impl in implementations {
            let mine = outcomes.filter { $0.implementation == impl }
            let failed = mine.filter { $0.verdict == .fail }.count
            let stale = mine.filter { $0.verdict == .stale }.count
            let skipped = mine.filter { $0.verdict == .unsupported }.count
            let time = mine.map(\.seconds).reduce(0, +)
            xml.append("  <testsuite name=\"\(escape(impl))\" tests=\"\(mine.count)\" failures=\"\(failed)\" errors=\"\(stale)\" skipped=\"\(skipped)\" time=\"\(time)\">")
            for outcome in mine {
                let open = "    <testcase classname=\"conform.\(escape(impl))\" name=\"\(escape(outcome.checkID))\" time=\"\(outcome.seconds)\""
                let body = ([outcome.summary] + (outcome.scenario.map { ["scenario: \($0)"] } ?? []) + outcome.evidence + ["replay: \(outcome.replayCommand)"])
                    .joined(separator: "\n")
                switch outcome.verdict {
                case .pass:
                    xml.append(open + "/>")
                case .fail:
                    xml.append(open + ">")
                    xml.append("      <failure message=\"\(escape(outcome.summary))\" type=\"FAIL\">\(escape(body))</failure>")
                    xml.append("    </testcase>")
                case .stale:
                    xml.append(open + ">")
                    xml.append("      <error message=\"\(escape(outcome.summary))\" type=\"STALE\">\(escape(body))</error>")
                    xml.append("    </testcase>")
                case .unsupported:
                    xml.append(open + ">")
                    xml.append("      <skipped message=\"\(escape(outcome.summary))\"/>")
                    xml.append("    </testcase>")
                }
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
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
