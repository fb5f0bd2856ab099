// C's `stdout` is a mutable global Swift 6 will not read; this header reads it in C.
#ifndef QUEUELAB_CSTANDARDOUTPUT_H
#define QUEUELAB_CSTANDARDOUTPUT_H

#include <errno.h>
#include <stdio.h>

/// Flushes standard output's buffer. 0 when everything written to it so far reached the file;
/// the error of the flush when it failed; -1 when an earlier write failed (its errno is gone).
static inline int queuelab_flush_standard_output(void) {
    if (fflush(stdout) != 0) { return errno != 0 ? errno : -1; }
    return ferror(stdout) ? -1 : 0;
}

#endif
