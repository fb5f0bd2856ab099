/// The text of `queuelab-recording/2`: one record a line, so that a file cut off by a crash of the
/// recorded app is readable up to its last complete line (a record is written whole, with its
/// newline, in one write).
///
/// ```
/// queuelab-recording/2
/// q 0 4 network
/// s 0 1200 1
/// w 0 1300 2
/// s 0 90000 0
/// o 17 0 4 120500 3000 80012000 - 12,15 fetch%20feed
/// d 3
/// ```
///
/// - `q INDEX WIDTH NAME`: a queue the recorder was installed on (`WIDTH` as it was then; -1 the
///   queue's default). Operations name their queue by `INDEX`; an index no earlier `q` line declared
///   is an *unknown queue*, which a reader refuses.
/// - `s QUEUE AT SUSPENDED`: the queue was suspended (`1`) or resumed (`0`) at `AT` nanoseconds from
///   the recorder's start; `w QUEUE AT WIDTH`: its `maxConcurrentOperationCount` was set to `WIDTH`.
///   An operation's wait includes the time its queue was suspended, so a replay that did not
///   suspend the queue again would start it sooner than it was.
/// - `o ID QUEUE PRIORITY ADDED WAIT BODY CANCEL DEPS NAME`: one finished operation. `PRIORITY` is
///   `QueuePriority`'s raw value; `ADDED` is nanoseconds from the recorder's start to the add,
///   `WAIT` from the add to the start of the body, `BODY` the body's duration (start to finish);
///   `CANCEL` is `-` or the nanoseconds from the add to `cancel()`; `DEPS` the identities of its
///   dependencies, comma-separated, or `-`; `NAME` percent-escaped, or `-` for none.
/// - `d COUNT`: the recorder's buffer was full and dropped `COUNT` events so far.
/// - `c ID CPU` (version 3 only), right after operation `ID`'s `o` line: the CPU time its body's
///   thread used from the body's start to its finish, in nanoseconds, when the recorder read it
///   (``QueueRecorder/BodyClock/threadCPU``). `BODY` stays the wall time.
///
/// Version 1 is version 2 without `s` and `w` lines (its recorder did not see them); version 3 is
/// version 2 with `c` lines, and a recorder writes it only when it reads CPU times, so that every
/// other recording stays readable by a QueueLab that knows version 2. Readers read all three.
public enum RecordingFormat {
    /// The first line of a recording without queue changes, as the first recorder wrote them.
    public static let firstSchema = "queuelab-recording/1"
    /// The first line of a recording whose bodies have wall times only.
    public static let schema = "queuelab-recording/2"
    /// The first line of a recording that may hold `c` lines.
    public static let cpuSchema = "queuelab-recording/3"
    /// The first lines a reader takes: every version, each a subset of the next.
    public static let readableSchemas = [firstSchema, schema, cpuSchema]
    /// What a first line of another version starts with.
    static let schemaFamily = "queuelab-recording/"

    /// Appends `value` in decimal.
    static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        appendFormatted(to: &out, atMost: LineScratch.decimalWidth) { $0.put(decimal: value) }
    }

    /// Formats at most `capacity` bytes on the stack with `format`, then appends them to `out` in
    /// one copy: a line made a byte at a time in the array checked its capacity and uniqueness at
    /// every byte (the writer's `o` lines were 1,500 instructions an operation so).
    @inline(__always)
    static func appendFormatted(to out: inout [UInt8], atMost capacity: Int, _ format: (inout LineScratch) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { bytes in
            var scratch = LineScratch(bytes: bytes)
            format(&scratch)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<scratch.count]))
        }
    }

    /// `name` with `%`, space, tab and line breaks escaped, or `-` for nil (a name that is `-`
    /// itself is escaped so that it stays a name).
    static func escape(_ name: String?) -> String {
        guard let name else { return "-" }
        if name == "-" { return "%2D" }
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case " ": out += "%20"
            case "\t": out += "%09"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The inverse of ``escape(_:)``; nil when an escape is malformed.
    static func unescape(_ text: Substring) -> String?? {
        if text == "-" { return .some(nil) }
        guard text.contains("%") else { return .some(String(text)) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first != utf8.endIndex, utf8.index(after: first) != utf8.endIndex else { return nil }
                let hex = String(decoding: [utf8[first], utf8[utf8.index(after: first)]], as: UTF8.self)
                guard let value = UInt8(hex, radix: 16) else { return nil }
                bytes.append(value)
                index = utf8.index(first, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return .some(String(decoding: bytes, as: UTF8.self))
    }
}

/// Bytes of a line being formatted, on the stack (``RecordingFormat/appendFormatted(to:atMost:_:)``);
/// the caller sizes it for what it puts, and a put past the end traps rather than writing beyond
/// the allocation (an unsafe buffer's own check is gone in a release build): one comparison a put.
struct LineScratch {
    /// The longest decimal a `UInt64` makes.
    static let decimalWidth = 20

    let bytes: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(bytes: UnsafeMutableBufferPointer<UInt8>) { self.bytes = bytes }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        precondition(count < bytes.count, "line scratch too small")
        bytes[count] = byte
        count += 1
    }

    /// `value` in decimal: its digits written from the last, then the count moved past them.
    @inline(__always)
    mutating func put(decimal value: UInt64) {
        var length = 1
        var rest = value / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        precondition(count + length <= bytes.count, "line scratch too small")
        var remaining = value
        var index = count + length
        repeat {
            index -= 1
            bytes[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        } while remaining > 0
        count += length
    }

    /// A space, then `value` in decimal.
    @inline(__always)
    mutating func put(field value: UInt64) {
        put(UInt8(ascii: " "))
        put(decimal: value)
    }
}
