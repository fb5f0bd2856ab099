/// The figures of one sample: a value or nothing for each column of ``Figure/all``.
///
/// One Double per figure (NaN marks an absent one, which a measurement never is): about 500 bytes a
/// sample, where a dictionary of the same figures took several times that and a 50 MB results file
/// needed 600 MB to compare.
public struct FigureValues: Sendable, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    private var storage: [Double]

    public init() { storage = [Double](repeating: .nan, count: Figure.all.count) }

    /// Columns that are not figures (not in ``Figure/all``) are dropped: the CSV has no place for them.
    public init(_ values: [String: Double]) {
        self.init()
        for (column, value) in values { self[column] = value }
    }

    public init(dictionaryLiteral elements: (String, Double)...) {
        self.init(Dictionary(elements) { _, last in last })
    }

    public subscript(_ column: String) -> Double? {
        get { Figure.index[column].flatMap { self[$0] } }
        set {
            guard let index = Figure.index[column] else { return }
            storage[index] = newValue ?? .nan
        }
    }

    /// By position in ``Figure/all``.
    subscript(_ index: Int) -> Double? {
        get { storage[index].isNaN ? nil : storage[index] }
        set { storage[index] = newValue ?? .nan }
    }

    /// The figures present, by column.
    public var dictionary: [String: Double] {
        var out: [String: Double] = [:]
        for (index, figure) in Figure.all.enumerated() { if let value = self[index] { out[figure.column] = value } }
        return out
    }

    public var description: String { dictionary.description }

    public static func == (lhs: FigureValues, rhs: FigureValues) -> Bool {
        zip(lhs.storage, rhs.storage).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }
}
