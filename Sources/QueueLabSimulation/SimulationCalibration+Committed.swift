extension SimulationCalibration {
    /// The committed calibration of `lock` on the shared 2-core VM QueueLab is developed on
    /// (`Benchmarks/calibrations/lock-vm2.calibration` holds the same text, and how it was measured).
    public static let lockVM2 = SimulationCalibration(
        name: "lock-vm2", implementation: "lock", overheadNanoseconds: 1_000, wakeupNanoseconds: 30_000,
        handOffNanoseconds: 1_000)
}
