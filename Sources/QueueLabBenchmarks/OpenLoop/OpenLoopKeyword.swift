extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// The case spelled `text`, for `open`'s one-word parameters (`arrivals=`, `pace=`), or an error
    /// naming every valid spelling.
    static func named(_ text: String, parameter: String) throws(WorkloadParseError) -> Self {
        guard let value = Self(rawValue: text) else {
            throw WorkloadParseError(
                message: "open: \(parameter)=\(text) is unknown; valid: "
                    + allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }
}
