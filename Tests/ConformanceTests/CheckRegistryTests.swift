import Foundation
import QueueLabConformance
import Testing

/// The registry and the article that says what each check sees agree: every declared check is in
/// the table, in one row of its own or in its family's (`cycle.*`), and the table names no check
/// that does not exist.
@Suite struct CheckRegistryTests {
    /// A row of the table of checks: the backticked names of its first column, then its "sees"
    /// and "cannot see" cells.
    struct Row {
        let names: [String]
        let sees: String
        let cannotSee: String
    }

    static func rows() throws -> [Row] {
        let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/QueueLabConformance/QueueLabConformance.docc/WhatTheChecksSee.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            let names = cells[0].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
                $0.offset % 2 == 1
            }
            return Row(names: names.map { String($0.element) }, sees: cells[1], cannotSee: cells[2])
        }
    }

    static func tableNames() throws -> [String] { try rows().flatMap(\.names) }

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

    /// The row that names a check (or else its family's) says what its declaration says.
    @Test func theTableIsTheDeclarations() throws {
        let rows = try Self.rows()
        for check in Check.all {
            let row =
                rows.first { $0.names.contains(check.id) } ?? rows.first { $0.names.contains("\(check.family).*") }
            #expect(row?.sees == check.sees, "\(check.id): the article's 'sees' differs from the declaration's")
            #expect(
                row?.cannotSee == check.cannotSee,
                "\(check.id): the article's 'cannot see' differs from the declaration's")
        }
    }
}
