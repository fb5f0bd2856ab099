import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fault injection for the benchmark gate's own tests: `QUEUELAB_INJECT_NS=N` makes the lock and
/// actor queues' add and finish paths each do about N ns of extra work, so that a known slowdown
/// of a chosen fraction of an operation can be planted in real queue code (not in the body) and
/// the gate's detection rate measured (`scripts/gate-power`).
///
/// The extra work is a fixed number of iterations of a dependent xorshift-multiply, not a clock-timed
/// spin: the same instructions every run, so the instruction channel (`bench --instructions`)
/// sees exactly the same injection as wall time, and Valgrind's slow clock does not shrink it.
/// N ns becomes `N * iterationsPerNanosecond` iterations, a rate measured on the 2-core VM of
/// `results/gate/` from user CPU time (3e9 iterations in 2.08 s); one iteration is about 4.5
/// instructions under Callgrind in a release build (1,000 ns a path: +12,640 instructions per
/// `lock` operation). The rate is nominal: in a queue whose threads share one CPU a short spin
/// costs less than its share, so `scripts/gate-campaign` sizes injections by probing.
public enum InjectedCost {
    public static let environmentVariable = "QUEUELAB_INJECT_NS"

    /// Iterations of ``spin(_:)`` per nanosecond on the reference machine.
    static let iterationsPerNanosecond = 1.4

    /// Read once, at the first add or finish of the process; unset or unusable means none.
    /// (`bench` refuses an unusable value before any sample runs: ``problem(in:)``.)
    static let iterations: UInt64 = {
        guard let raw = getenv(environmentVariable), let nanoseconds = UInt64(String(cString: raw)) else { return 0 }
        return UInt64(Double(nanoseconds) * iterationsPerNanosecond)
    }()

    /// Keeps the spin's result observable, so the optimizer cannot drop the loop.
    private static let sink = Atomic<UInt64>(0)

    /// The hot-path hook: with the knob off, a load of the once-initialised count and a branch.
    @inline(__always)
    public static func pay() {
        let count = iterations
        if count != 0 { spin(count) }
    }

    @inline(never)
    static func spin(_ count: UInt64) {
        var value = count
        var step: UInt64 = 0
        // A xorshift-multiply step: unlike a linear congruence, the optimizer cannot fold several
        // steps of it into one (it did: 8 LCG steps became one multiply-add), so each step costs
        // the same few dependent instructions. Masking shift and wrapping arithmetic in a plain
        // loop, because a debug build (the test suite's) turns a range loop and a smart shift into
        // calls: about a thousand instructions a step, too coarse to plant a 5 % slowdown.
        while step < count {
            value = (value ^ (value &>> 31)) &* 0x9E37_79B9_7F4A_7C15
            step &+= 1
        }
        sink.store(value, ordering: .relaxed)
    }

    /// Why the knob's value in `environment` is unusable (not a whole number of nanoseconds), or nil.
    public static func problem(in environment: [String: String]) -> String? {
        guard let value = environment[environmentVariable], UInt64(value) == nil else { return nil }
        return "\(environmentVariable) is '\(value)', not a whole number of nanoseconds"
    }
}
