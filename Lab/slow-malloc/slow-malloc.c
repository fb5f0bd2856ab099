// A slowdown planted outside QueueLab's code: preloaded (LD_PRELOAD), every malloc, calloc and
// realloc of the process first spins QUEUELAB_SLOW_MALLOC_SPINS iterations of a dependent
// xorshift-multiply, then allocates through glibc. The cost lands wherever a queue allocates (its
// add and start paths, the runtime's tasks and continuations) whatever its code looks like, which
// is what a CI's gate meets when a dependency or the toolchain gets slower.
//
//   cc -O2 -shared -fPIC -o slow-malloc.so Lab/slow-malloc/slow-malloc.c
//   LD_PRELOAD=$PWD/slow-malloc.so QUEUELAB_SLOW_MALLOC_SPINS=40 .build/release/queuelab bench ...
//
// The spin count is read once, on the first allocation (getenv does not allocate). free is not
// slowed: one planted cost per allocation. Memory is glibc's (__libc_malloc and friends), so no
// dlsym (which itself allocates) is needed and nothing else changes.
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static long spins = -1;

static void spin(void) {
    long count = __atomic_load_n(&spins, __ATOMIC_RELAXED);
    if (count < 0) {
        const char *text = getenv("QUEUELAB_SLOW_MALLOC_SPINS");
        count = text ? strtol(text, NULL, 10) : 0;
        if (count < 0) count = 0;
        __atomic_store_n(&spins, count, __ATOMIC_RELAXED);
    }
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (long i = 0; i < count; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x *= 0x2545F4914F6CDD1Du;
    }
    // Keeps the loop without a store: a shared global written by every thread's allocations would
    // add cache-line traffic that grows with contention, on top of the planted cost.
    __asm__ volatile("" : : "r"(x));
}

void *malloc(size_t size) {
    spin();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    spin();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    spin();
    return __libc_realloc(pointer, size);
}
