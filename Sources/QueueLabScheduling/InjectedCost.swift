#if QUEUELAB_FAULT_INJECTION
    import Synchronization

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Fault injection for the benchmark gate's own tests: `QUEUELAB_INJECT_NS=N` makes the lock and
    /// actor queues' add and finish paths each do about N ns of extra work, so that a known slowdown
    /// of a chosen fraction of an operation can be planted in real queue code (not in the body) and
    /// the gate's detection rate measured (`Lab/gate-power`).
    ///
    /// Compiled into debug builds (so `swift test` checks the gate against a planted slowdown with
    /// the build it has) and into release builds only with the package trait `FaultInjection`
    /// (`swift build -c release --traits FaultInjection`): a release build without it has neither
    /// this type nor its hooks, so the queues anybody measures or ships carry no knob and their add
    /// and finish paths not even a load and a branch for it. A compile-time switch and not
    /// a decorator that the tool's registry wraps around a queue when the knob is set, because no
    /// decorator reaches the finish path as it is: an operation's body is fixed when the operation
    /// is made; a completion handler sends the lock queue's worker down its step-aside path
    /// (`finishesAlone` turns false) and runs, in the actor queue, in a task of its own beside the
    /// workers; an observer records every transition under a lock. The campaigns need N ns on the
    /// path they measure and nothing else, or their calibration (`results/gate/`) no longer holds.
    ///
    /// The extra work is a fixed number of iterations of a dependent xorshift-multiply, not a clock-timed
    /// spin: the same instructions every run, so the instruction channel (`bench --instructions`)
    /// sees exactly the same injection as wall time, and Valgrind's slow clock does not shrink it.
    /// N ns becomes `N * iterationsPerNanosecond` iterations. The rate is nominal, one machine's
    /// (`results/gate/injected-cost.md` says which and what an iteration costs in instructions):
    /// on another machine, and in a queue whose threads share one CPU, N ns costs more or less
    /// than N, so `Lab/gate-campaign` sizes injections by probing, never by this rate.
    enum InjectedCost {
        /// The tool checks the value before sampling (QueueLabTool's `FaultInjectionKnob`).
        static let environmentVariable = "QUEUELAB_INJECT_NS"

        /// Iterations of ``spin(_:)`` per nanosecond: nominal (see above).
        static let iterationsPerNanosecond = 1.4

        /// Read once, at the first add or finish of the process; unset or unusable means none.
        static let iterations: UInt64 = {
            guard let raw = getenv(environmentVariable), let nanoseconds = UInt64(String(cString: raw)) else {
                return 0
            }
            return UInt64(Double(nanoseconds) * iterationsPerNanosecond)
        }()

        /// Keeps the spin's result observable, so the optimizer cannot drop the loop.
        private static let sink = Atomic<UInt64>(0)

        /// The hot-path hook: with the knob unset, a load of the once-initialised count and a branch.
        @inline(__always)
        static func pay() {
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
    }
#endif
