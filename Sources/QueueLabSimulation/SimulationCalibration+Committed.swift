extension SimulationCalibration {
    /// The calibration `simulate` uses when given none: a sample of one machine, the `lock` queue
    /// on the VM QueueLab is developed on (`results/simulate/README.md`, "Calibration"). It is
    /// data, not code: the file
    /// `Calibrations/lock-vm2.calibration` of this module, compiled in and read by the same parser
    /// as a user's file; the file's comments say how each figure was measured. On any other
    /// machine, measure a calibration of its own (`simulate --calibrate`).
    public static let sampleLockVM2: SimulationCalibration = {
        let text = String(decoding: PackageResources.lock_vm2_calibration, as: UTF8.self)
        do {
            return try SimulationCalibration(parsing: text)
        } catch {
            // The file is fixed at build time and a test reads it: failing here is a build defect.
            preconditionFailure("the compiled-in calibration Calibrations/lock-vm2.calibration does not read: \(error)")
        }
    }()
}
