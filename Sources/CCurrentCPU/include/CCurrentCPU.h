// sched_getcpu() for Swift: glibc declares it only under _GNU_SOURCE, which Swift's Glibc module is
// not built with. Inline in the header, as CCallgrind's and CParentDeath's functions are.
#ifndef QUEUELAB_CCURRENTCPU_H
#define QUEUELAB_CCURRENTCPU_H

#if defined(__linux__)
#include <sched.h>
#endif
#if defined(__linux__) && defined(__GLIBC__)
extern int sched_getcpu(void);
#endif

/// The CPU the calling thread runs on (a hint: it may move at once); -1 where it cannot be read.
static inline int queuelab_current_cpu(void) {
#if defined(__linux__) && defined(__GLIBC__)
    return sched_getcpu();
#else
    return -1;
#endif
}

#endif
