// prctl(PR_SET_PDEATHSIG) as a function Swift can call: prctl is variadic, which Swift does not import.
// Inline in the header, as CCallgrind's requests: an object file of this target's own carried DWARF 5
// that Valgrind 3.19 could not read, and every sample under Callgrind failed.
#ifndef QUEUELAB_CPARENTDEATH_H
#define QUEUELAB_CPARENTDEATH_H

#if defined(__linux__)
#include <sys/prctl.h>
#endif

/// Asks the kernel to send `signal` to this process when the thread that started it ends (its
/// parent process, for a parent that starts children from its main thread). 0 on success; -1 on a
/// system without it.
static inline int queuelab_set_parent_death_signal(int signal) {
#if defined(__linux__)
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
#else
    (void)signal;
    return -1;
#endif
}

#endif
