import QueueLabAdvanced

/// A test-queue flavor whose advanced layer carries one deliberate bug.
protocol AdvancedFlavor: QueueFlavor {
    static var advancedFaults: AdvancedFaults { get }
}

extension AdvancedFlavor {
    static var mutation: Mutation { .none }
}

extension TestQueue: AdvancedFaultInjecting where F: AdvancedFlavor {
    static var advancedFaults: AdvancedFaults { F.advancedFaults }
}

enum IgnoresExclusivity: AdvancedFlavor { static let advancedFaults = AdvancedFaults.ignoresExclusivity }
enum RunsBodyAfterFailedCondition: AdvancedFlavor {
    static let advancedFaults = AdvancedFaults.runsBodyAfterFailedCondition
}
enum GroupFinishesBeforeChildren: AdvancedFlavor {
    static let advancedFaults = AdvancedFaults.groupFinishesBeforeChildren
}
enum FinishObserversTwice: AdvancedFlavor { static let advancedFaults = AdvancedFaults.finishObserversTwice }
enum FinishObserversNever: AdvancedFlavor { static let advancedFaults = AdvancedFaults.finishObserversNever }
enum CancelFinishesRunning: AdvancedFlavor { static let advancedFaults = AdvancedFaults.cancelFinishesRunning }
enum EvaluatesConditionsSequentially: AdvancedFlavor {
    static let advancedFaults = AdvancedFaults.evaluatesConditionsSequentially
}
enum AcquiresOneByOne: AdvancedFlavor { static let advancedFaults = AdvancedFaults.acquiresOneByOne }
