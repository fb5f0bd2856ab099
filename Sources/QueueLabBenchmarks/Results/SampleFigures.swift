/// The figures of one sample (a CSV column name -> value; a figure that does not apply is absent),
/// and what the sample process says about itself. This is the JSON line a sample process prints.
public struct SampleFigures: Sendable, Codable, Equatable {
    /// The figures by CSV column; a figure that does not apply to the workload is absent.
    public var values: [String: Double]
    /// `debug` or `release`: the sample process's own build configuration.
    public var buildConfiguration: String
    /// `jemalloc` when the process's allocator exposed `mallctl`, else `system`.
    public var allocator: String

    /// Figures of a sample, with what its process says about its build and its allocator.
    public init(values: [String: Double], buildConfiguration: String, allocator: String) {
        self.values = values
        self.buildConfiguration = buildConfiguration
        self.allocator = allocator
    }

    /// The value of the figure in `column`, or nil when the sample has none.
    public subscript(_ column: String) -> Double? { values[column] }

    /// `debug` or `release`: how this process was built (what a sample process reports in
    /// ``buildConfiguration``).
    public static var currentBuildConfiguration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }
}
