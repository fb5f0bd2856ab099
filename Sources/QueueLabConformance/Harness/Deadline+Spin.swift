#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Deadline {
    /// Spins until `condition` holds or the deadline passes; true when it held.
    ///
    /// The checks spin where a sleep would close the window they aim at (a runway, a held
    /// delivery) or add a wake-up's latency to every step. Every `spinsPerCheck` tries it reads the
    /// clock and yields: on a machine with fewer free cores than threads the thread it waits for
    /// may need this very core.
    @discardableResult
    func spin(checkingEvery spinsPerCheck: Int = 1, until condition: () -> Bool) -> Bool {
        var spins = 0
        while !condition() {
            spins += 1
            if spins.isMultiple(of: spinsPerCheck) {
                if hasPassed { return false }
                sched_yield()
            }
        }
        return true
    }
}
