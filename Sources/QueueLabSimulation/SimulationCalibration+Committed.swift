extension SimulationCalibration {
    /// The committed calibration of `lock` on the shared 2-core VM QueueLab is developed on:
    /// `results/simulate/lock-vm2.calibration` holds the same figures and how they were measured.
    public static let lockVM2 = SimulationCalibration(
        name: "lock-vm2", implementation: "lock", overheadNanoseconds: 400, wakeupNanoseconds: 2_600,
        handOffNanoseconds: 600)
}
