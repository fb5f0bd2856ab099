import QueueLabBenchmarks

extension HTMLReport {
    /// Open-loop sweeps: latency against offered load, and where each queue saturates.
    func loadSection(palette: ImplementationPalette) -> String {
        let panels = LoadCurveChart.panels(run, palette: palette)
        let limit =
            "achieved throughput within \(Int(SaturationPoint.allowedShortfall * 100))% of offered and p99 wait (intended arrival to start) under \(Int(SaturationPoint.waitMultiple))x the mean body time or the mean residual body time E[S²]/2E[S], whichever is longer (at least \(FigureFormat.time(SaturationPoint.waitFloorNanoseconds / 1e9)))"
        return section(
            .load, "Latency against offered load (open loop)",
            intro:
                "Operations arrive on a schedule (workload <code>open</code>), whatever the queue is doing, and latency counts from when each was meant to arrive: what an app offering that load feels. "
                + "Each line is one implementation: p99 solid, p50 dashed, medians over samples at each rate. The ring marks the saturation point, the highest rate kept before the first that is not: \(limit). "
                + "Rates where most samples' generator fell behind its schedule by more than the sample's tolerance have no latency point (the latency would describe the generator). "
                + "The closed-loop panels above measure the same queues when they set their own pace.",
            content: grid(panels, empty: "No open-loop sweep (open with two or more rates) in this file."))
    }
}
