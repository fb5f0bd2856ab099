// Valgrind's client requests for Callgrind, as functions Swift can call. Swift cannot expand the
// C macros (they are inline assembly), so this target wraps them. Without Valgrind's headers
// (Debian's valgrind package installs them) every request is a no-op and
// `queuelab_callgrind_requests_compiled` is 0, so `bench --instructions` can refuse such a build.
#ifndef QUEUELAB_CCALLGRIND_H
#define QUEUELAB_CCALLGRIND_H

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define QUEUELAB_HAVE_CALLGRIND 1
#endif
#endif

/// 1 when the requests were compiled in (a few register moves when not under Valgrind).
static inline int queuelab_callgrind_requests_compiled(void) {
#ifdef QUEUELAB_HAVE_CALLGRIND
    return 1;
#else
    return 0;
#endif
}

/// Starts instrumentation of every thread (run with `--instr-atstart=no`).
static inline void queuelab_callgrind_start(void) {
#ifdef QUEUELAB_HAVE_CALLGRIND
    CALLGRIND_START_INSTRUMENTATION;
#endif
}

/// Stops it: nothing after this point is counted.
static inline void queuelab_callgrind_stop(void) {
#ifdef QUEUELAB_HAVE_CALLGRIND
    CALLGRIND_STOP_INSTRUMENTATION;
#endif
}

/// Flips the calling thread's collection state (Callgrind keeps one per thread; starting or
/// stopping instrumentation resets every thread's to "collect"): what the thread executes between
/// two flips is not counted.
static inline void queuelab_callgrind_toggle_collect(void) {
#ifdef QUEUELAB_HAVE_CALLGRIND
    CALLGRIND_TOGGLE_COLLECT;
#endif
}

/// Nonzero under Valgrind (any tool).
static inline int queuelab_running_on_valgrind(void) {
#ifdef QUEUELAB_HAVE_CALLGRIND
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}

#endif
