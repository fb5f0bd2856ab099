import CCallgrind

/// The timed phase as Callgrind sees it: instrumentation (of every thread) starts when the phase
/// starts and stops when it ends, so warm-up, setup, start-up and exit cost nothing in the count.
/// Outside Valgrind each request is a few register moves, once per sample.
enum CallgrindWindow {
    static func open() { queuelab_callgrind_start() }
    static func close() { queuelab_callgrind_stop() }
}
