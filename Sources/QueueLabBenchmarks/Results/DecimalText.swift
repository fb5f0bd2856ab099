/// Numbers as `queuelab bench` writes them: decimal digits, an optional sign, fraction and exponent.
///
/// `Double(_:)` alone also takes hexadecimal (`0x10` is 16), `inf` and `nan`: none of them is a
/// measurement, and a CSV that holds one was not written by the runner.
enum DecimalText {
    static func parse(_ text: String) -> Double? {
        var digits = 0
        var state = 0  // 0 mantissa before the point, 1 after it, 2 exponent
        var exponentDigits = 0
        var previous: UInt8?
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if state == 2 { exponentDigits += 1 } else { digits += 1 }
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                // A sign leads the number or the exponent.
                guard previous == nil || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else {
                    return nil
                }
            case UInt8(ascii: "."):
                guard state == 0 else { return nil }
                state = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard state < 2, digits > 0 else { return nil }
                state = 2
            default:
                return nil
            }
        }
        guard digits > 0, state < 2 || exponentDigits > 0, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
