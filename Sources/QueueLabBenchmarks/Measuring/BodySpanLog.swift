import QueueLabCore

/// Where a traced run's bodies stamp their own first and last clock readings (``MonotonicClock``
/// nanoseconds). The measuring harness knows only this; the trace's transition log implements it,
/// so measuring does not depend on the module that draws and explains traces.
package protocol BodySpanLog: AnyObject, Sendable {
    func noteBody(_ operation: OperationID, start: UInt64, end: UInt64)
}
