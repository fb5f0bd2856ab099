/// The figures of one sample: a value or nothing for each column of ``Figure/all``.
///
/// Only the values present are stored, in column order, with a bit per figure saying which: a
/// sample read for `compare` (which keeps only the figures it judges) costs a few dozen bytes, a full
/// one about 400, where a dictionary of the same figures took several times that and a 50 MB results
/// file needed 600 MB to compare.
public struct FigureValues: Sendable, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// Bit i: `Figure.all[i]` has a value (128 bits: the per-class figures of `overload` and the
    /// open-loop figures took the count past 64).
    private var present: UInt128 = 0
    /// The values present, in the order of ``Figure/all``.
    private var values: [Double] = []

    /// A sample with no figure.
    public init() {
        precondition(Figure.all.count <= UInt128.bitWidth, "one bit per figure")
    }

    /// Columns that are not figures (not in ``Figure/all``) are dropped: the CSV has no place for them.
    public init(_ values: [String: Double]) {
        self.init()
        for (column, value) in values { self[column] = value }
    }

    /// Figures by column (`["wall_s": 2, "operations": 10]`); a column given twice keeps its last
    /// value, and columns that are not figures are dropped.
    public init(dictionaryLiteral elements: (String, Double)...) {
        self.init(Dictionary(elements) { _, last in last })
    }

    /// The value of the figure in `column`, or nil when the sample has none. Setting nil removes it;
    /// setting a column that is not in ``Figure/all`` does nothing.
    public subscript(_ column: String) -> Double? {
        get { Figure.index[column].flatMap { self[$0] } }
        set {
            guard let index = Figure.index[column] else { return }
            self[index] = newValue
        }
    }

    /// By position in ``Figure/all``.
    subscript(_ index: Int) -> Double? {
        get { present & (1 << index) == 0 ? nil : values[slot(index)] }
        set {
            let bit: UInt128 = 1 << index
            let slot = slot(index)
            switch (present & bit != 0, newValue) {
            case (true, let value?): values[slot] = value
            case (true, nil):
                values.remove(at: slot)
                present &= ~bit
            case (false, let value?):
                values.insert(value, at: slot)
                present |= bit
            case (false, nil): break
            }
        }
    }

    /// Where the value of figure `index` is (or goes) in `values`: the number of figures before it.
    private func slot(_ index: Int) -> Int { (present & ((1 << index) - 1)).nonzeroBitCount }

    /// The figures present, by column.
    public var dictionary: [String: Double] {
        var out: [String: Double] = [:]
        for (index, figure) in Figure.all.enumerated() { if let value = self[index] { out[figure.column] = value } }
        return out
    }

    public var description: String { dictionary.description }
}
