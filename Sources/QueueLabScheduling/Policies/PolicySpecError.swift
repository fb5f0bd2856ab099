/// Why a policy specification (`name[:key=value,...]`) was refused; each message lists what would
/// have been valid.
public enum PolicySpecError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownPolicy(String, valid: [String])
    case unknownParameter(policy: String, key: String, valid: [String])
    case invalidValue(policy: String, key: String, value: String, expected: String)
    /// A parameter not in `key=value` form, or given twice.
    case malformedParameter(policy: String, text: String)

    public var description: String {
        switch self {
        case .unknownPolicy(let name, let valid):
            "unknown policy '\(name)'; valid policies: \(valid.joined(separator: ", "))"
        case .unknownParameter(let policy, let key, let valid):
            valid.isEmpty
                ? "policy '\(policy)' takes no parameters (got '\(key)')"
                : "unknown parameter '\(key)' for policy '\(policy)'; valid keys: \(valid.joined(separator: ", "))"
        case .invalidValue(let policy, let key, let value, let expected):
            "invalid value '\(value)' for \(policy):\(key); expected \(expected)"
        case .malformedParameter(let policy, let text):
            "malformed parameter '\(text)' for policy '\(policy)'; expected key=value, each key once"
        }
    }
}
