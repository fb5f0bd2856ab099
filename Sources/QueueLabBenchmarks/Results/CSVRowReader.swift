/// RFC 4180 rows read from bytes that arrive in chunks, so that a large file is parsed as it is read
/// instead of being held whole (as bytes, then text, then an array of Unicode scalars: 12 times its
/// size for a 50 MB file).
///
/// A comma, quote or line break inside a quoted field is part of it; a doubled quote inside one is a
/// quote. Carriage returns outside quotes are ignored, and so are blank lines.
///
/// Bounded: a row longer than ``maximumRowBytes`` or a control character other than a tab or a
/// line break (a NUL of `/dev/zero`, an escape sequence a terminal would obey) is refused at once,
/// so that an endless or binary input costs a moment, not the machine's memory.
struct CSVRowReader {
    /// A complete row and the (1-based) line it starts on.
    typealias Row = (line: Int, fields: [String])

    private var line = 1
    private var rowLine = 1
    private var fields: [String] = []
    private var field: [UInt8] = []
    private var inQuotes = false
    /// A quote seen inside a quoted field: it closes the field unless another quote follows.
    private var quoteInQuotes = false
    private var fieldStarted = false
    /// The last byte fed was a line break (outside quotes): the input so far ends with a whole row.
    private(set) var endsWithLineBreak = true
    /// Bytes of the row being read.
    private var rowBytes = 0

    /// A row of a results CSV is under 4 KiB; a megabyte is no CSV of QueueLab's.
    static let maximumRowBytes = 1 << 20

    /// Parses `bytes`, handing every row completed by them to `emit`.
    ///
    /// - Throws: ``ResultsFileError`` for a field that is not UTF-8, or what `emit` throws.
    mutating func feed(
        _ bytes: UnsafeRawBufferPointer, emit: (Row) throws(ResultsFileError) -> Void
    ) throws(ResultsFileError) {
        for byte in bytes {
            endsWithLineBreak = false
            rowBytes += 1
            if rowBytes > Self.maximumRowBytes {
                throw ResultsFileError(line: rowLine, message: "a row longer than 1 MiB: not a results CSV")
            }
            if byte < 0x20, byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
                throw ResultsFileError(
                    line: line, message: "a control character (byte \(byte)): not text")
            }
            if inQuotes {
                if quoteInQuotes {
                    quoteInQuotes = false
                    if byte == UInt8(ascii: "\"") {
                        field.append(byte)
                        continue
                    }
                    inQuotes = false  // the quote closed the field; this byte is outside it
                } else {
                    if byte == UInt8(ascii: "\"") {
                        quoteInQuotes = true
                    } else {
                        if byte == UInt8(ascii: "\n") { line += 1 }
                        field.append(byte)
                    }
                    continue
                }
            }
            switch byte {
            case UInt8(ascii: "\"") where field.isEmpty:
                inQuotes = true
                fieldStarted = true
            case UInt8(ascii: ","):
                try endField()
                fieldStarted = true
            case UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "\n"):
                if fieldStarted || !field.isEmpty || !fields.isEmpty { try emit(try endRow()) }
                resetRow()
                line += 1
                rowLine = line
                endsWithLineBreak = true
            default:
                field.append(byte)
                fieldStarted = true
            }
        }
    }

    /// The end of the input: the last row if it had no line break after it.
    ///
    /// - Throws: ``ResultsFileError`` for a quote that never closes.
    mutating func finish() throws(ResultsFileError) -> Row? {
        if inQuotes && !quoteInQuotes {
            throw ResultsFileError(line: rowLine, message: "a quoted field never closes")
        }
        inQuotes = false
        quoteInQuotes = false
        guard fieldStarted || !field.isEmpty || !fields.isEmpty else { return nil }
        defer { resetRow() }
        return try endRow()
    }

    private mutating func endField() throws(ResultsFileError) {
        guard let text = String(validating: field, as: UTF8.self) else {
            throw ResultsFileError(line: rowLine, message: "not UTF-8 text")
        }
        fields.append(text)
        field.removeAll(keepingCapacity: true)
    }

    private mutating func endRow() throws(ResultsFileError) -> Row {
        try endField()
        return (rowLine, fields)
    }

    private mutating func resetRow() {
        rowBytes = 0
        fields.removeAll(keepingCapacity: true)
        field.removeAll(keepingCapacity: true)
        fieldStarted = false
    }
}
