import ArgumentParser
import Foundation

/// The list options every command shares. Each takes a comma list and repetition alike:
/// `--impl lock,actor` is `--impl lock --impl actor`. Each says how its values split, because a
/// policy's parameters (`name:key=value,key=value`) and a workload's
/// (`open:service=bimodal:5us,500us,0.01`) contain commas of their own.
enum CommaList {
    /// Plain names (implementations, checks, figures): every comma separates, blanks are dropped.
    static func names(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
    }

    /// The one grammar of every list option: a list that was given but names nothing
    /// (`--policy ','`) is bad input, not "none", and so is an empty member (`--impl lock,,actor`,
    /// a comma at either end), whatever the list holds.
    static func requireSome(_ option: String, given values: [String], parsed: [String]) throws(ValidationError) {
        if !values.isEmpty && parsed.isEmpty {
            throw ValidationError("\(option) '\(values.joined(separator: ","))' names nothing")
        }
        for value in values
        where value.split(separator: ",", omittingEmptySubsequences: false).contains(where: {
            $0.trimmingCharacters(in: .whitespaces).isEmpty
        }) {
            throw ValidationError(
                "\(option) '\(value)' has an empty member (two commas in a row, or a comma at an end)")
        }
    }
}
