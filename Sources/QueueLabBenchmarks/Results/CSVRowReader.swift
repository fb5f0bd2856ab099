/// RFC 4180 rows read from bytes that arrive in chunks, so that a large file is parsed as it is read
/// instead of being held whole (as bytes, then text, then an array of Unicode scalars: 12 times its
/// size for a 50 MB file).
///
/// A comma, quote or line break inside a quoted field is part of it; a doubled quote inside one is a
/// quote. Carriage returns outside quotes are ignored, and so are blank lines.
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

    /// Parses `bytes`, handing every row completed by them to `emit`.
    ///
    /// - Throws: ``ResultsFileError`` for a field that is not UTF-8, or what `emit` throws.
    mutating func feed(
        _ bytes: UnsafeRawBufferPointer, emit: (Row) throws(ResultsFileError) -> Void
    ) throws(ResultsFileError) {
        for byte in bytes {
            endsWithLineBreak = false
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
        fields.removeAll(keepingCapacity: true)
        field.removeAll(keepingCapacity: true)
        fieldStarted = false
    }
}
