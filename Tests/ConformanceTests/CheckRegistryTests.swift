import Foundation
import QueueLabConformance
import Testing

/// The registry and the article that says what each check sees agree: every declared check is in
/// the table, in one row of its own or in its family's (`cycle.*`), and the table names no check
/// that does not exist.
@Suite struct CheckRegistryTests {
    /// The backticked names in the first column of each row of the table of checks.
    static func tableNames() throws -> [String] {
        let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/QueueLabConformance/QueueLabConformance.docc/WhatTheChecksSee.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
            let first = row.split(separator: "|")[0]
            return first.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    @Test func everyCheckHasOneDeclaration() {
        #expect(Set(Check.all.map(\.id)).count == Check.all.count)
        #expect(Check.all.allSatisfy { Check.named($0.id) == $0 })
        #expect(Check.all.allSatisfy { !$0.summary.isEmpty && $0.id.contains(".") })
    }

    @Test func theTableOfWhatEachCheckSeesNamesEveryCheck() throws {
        let names = try Self.tableNames()
        let families = Set(Check.all.map(\.family))
        for check in Check.all {
            let own = names.filter { $0 == check.id }.count
            let family = names.contains("\(check.family).*")
            #expect(own <= 1, "\(check.id) is named in \(own) rows of WhatTheChecksSee.md")
            #expect(own == 1 || family, "WhatTheChecksSee.md does not say what \(check.id) sees")
        }
        for name in names {
            let known =
                name.hasSuffix(".*") ? families.contains(String(name.dropLast(2))) : Check.named(name) != nil
            #expect(known, "WhatTheChecksSee.md names \(name), which is no check")
        }
    }
}
