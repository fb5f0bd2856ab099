import QueueLabCore
import QueueLabScheduling

extension ImplementationRegistry {
    /// Every `--policy` value (the option may repeat, each a comma-separated list), split by
    /// `SchedulingPolicies.splitList(_:)` (the one rule every command uses), parsed and
    /// written back as each policy's full specification with its defaults spelled out
    /// (`aging` becomes `aging:step=1ms`), duplicates dropped, in the order given: what a run records
    /// so that runs given `aging` and `aging:step=1ms` compare as the same cell.
    ///
    /// - Throws: `PolicySpecError` for the first specification the parser refuses; its message
    ///   lists the valid policies or keys.
    public func policySpecifications(_ values: [String]) throws(PolicySpecError) -> [String] {
        try Self.policySpecifications(values, among: policies)
    }

    /// As the instance method, among `catalogue`.
    public static func policySpecifications(
        _ values: [String], among catalogue: [SchedulingPolicies.Entry] = SchedulingPolicies.builtIn
    ) throws(PolicySpecError) -> [String] {
        var specifications: [String] = []
        for value in values {
            for item in SchedulingPolicies.splitList(value) {
                let specification = try SchedulingPolicies.parse(item, among: catalogue).declaration.specification
                if !specifications.contains(specification) { specifications.append(specification) }
            }
        }
        return specifications
    }
}
