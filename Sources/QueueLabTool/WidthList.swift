import ArgumentParser

/// The widths `simulate` sweeps, as `--width` takes them: whole numbers, comma-separated or
/// repeated (`1,2,4`, or `--width 1 --width 2,4`), width 2 when none is given. Apart from the
/// command, so that it parses without one (`scripts/fuzz lists` drives it with any text).
enum WidthList {
    static let range = 1...4_096

    static func parse(_ values: [String]) throws(ValidationError) -> [Int] {
        let texts = CommaList.names(values)
        try CommaList.requireSome("--width", given: values, parsed: texts)
        guard !texts.isEmpty else { return [2] }
        return try texts.map { text throws(ValidationError) -> Int in
            guard let value = Int(text) else { throw ValidationError("--width takes whole numbers, not '\(text)'") }
            try CountOption.check("--width", value, range)
            return value
        }
    }
}
