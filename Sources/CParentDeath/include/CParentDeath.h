// prctl(PR_SET_PDEATHSIG) as a function Swift can call: prctl is variadic, which Swift does not import.
#ifndef QUEUELAB_CPARENTDEATH_H
#define QUEUELAB_CPARENTDEATH_H

/// Asks the kernel to send `signal` to this process when the thread that started it ends (its
/// parent process, for a parent that starts children from its main thread). 0 on success; -1 on a
/// system without it.
int queuelab_set_parent_death_signal(int signal);

#endif
