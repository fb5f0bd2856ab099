extension SampleRecord {
    /// One parameter's text in a `params` value (`service=exp:50us` -> `exp:50us`), or nil when the
    /// key is absent: the one reader of the `key=value;key=value` form the CSV's `params` column holds.
    package static func parameterText(_ key: String, in parameters: String) -> String? {
        for pair in parameters.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == key { return String(parts[1]) }
        }
        return nil
    }
}
