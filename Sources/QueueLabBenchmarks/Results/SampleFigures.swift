/// The figures of one sample (a CSV column name -> value; a figure that does not apply is absent),
/// and what the sample process says about itself. This is the JSON line a sample process prints.
public struct SampleFigures: Sendable, Codable, Equatable {
    public var values: [String: Double]
    /// `debug` or `release`: the sample process's own build configuration.
    public var buildConfiguration: String
    /// `jemalloc` when the process's allocator exposed `mallctl`, else `system`.
    public var allocator: String

    public init(values: [String: Double], buildConfiguration: String, allocator: String) {
        self.values = values
        self.buildConfiguration = buildConfiguration
        self.allocator = allocator
    }

    public subscript(_ column: String) -> Double? { values[column] }

    public static var currentBuildConfiguration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }
}
