#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex on the heap (its address must never move).
///
/// Chosen over `Synchronization.Mutex` because ThreadSanitizer on Linux sees pthread locking and
/// does not see `Mutex`'s, which would turn every TSan run into noise.
///
/// Not API: SPI rather than `package` because the queues' modules inline `lock()` and `unlock()`,
/// and Swift does not inline an `@inlinable package` declaration into another module
/// (`results/instructions/package-access/`).
@_spi(QueueInternals)
public final class PThreadMutex: @unchecked Sendable {
    // Safe to share: the pointer is immutable after init and all access goes through pthread calls.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// An unlocked, non-recursive mutex; traps if `pthread_mutex_init` fails.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the mutex, trying again a bounded number of times before sleeping in the kernel.
    ///
    /// The queues hold it for a few hundred nanoseconds at a time, and on a contended lock glibc's
    /// default mutex goes straight to `futex_wait`: the adder slept and was woken for nearly every
    /// operation (a quarter of a `noop` profile in context switches, `perf record -e cpu-clock`).
    /// Trying again while the holder finishes costs less than the two switches.
    @inlinable @inline(__always)
    public func lock() {
        if pthread_mutex_trylock(mutex) == 0 { return }
        lockContended()
    }

    @usableFromInline @inline(never)
    func lockContended() {
        for _ in 0..<Self.triesBeforeSleeping {
            if pthread_mutex_trylock(mutex) == 0 { return }
        }
        pthread_mutex_lock(mutex)
    }

    /// Meant to try for longer than a queue's lock section, short enough that a holder preempted
    /// by the kernel costs little before the waiter sleeps (the time it took on one machine:
    /// `results/README.md`, "Figures the documentation used to show").
    @usableFromInline static let triesBeforeSleeping = 100

    /// Releases the mutex, which the calling thread must hold.
    @inlinable @inline(__always)
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the mutex held and releases it however `body` exits. The mutex is not
    /// recursive: `body` must not take it again.
    @inlinable @inline(__always)
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A condition variable on `CLOCK_MONOTONIC`, used with one ``PThreadMutex``. SPI, as the mutex is.
@_spi(QueueInternals)
public final class PThreadCondition: @unchecked Sendable {
    // Safe to share: the pointer is immutable after init and all access goes through pthread calls.
    let condition: UnsafeMutablePointer<pthread_cond_t>

    /// A condition variable whose timed waits use `CLOCK_MONOTONIC` (on Linux); traps if
    /// `pthread_cond_init` fails.
    public init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if canImport(Glibc)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        precondition(pthread_cond_init(condition, &attributes) == 0, "pthread_cond_init failed")
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Waits with `mutex` held; returns with it held.
    public func wait(_ mutex: PThreadMutex) {
        pthread_cond_wait(condition, mutex.mutex)
    }

    /// Waits until `deadline` (`MonotonicClock` nanoseconds); returns false when the deadline passed.
    @discardableResult
    public func wait(_ mutex: PThreadMutex, until deadline: UInt64) -> Bool {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex.mutex, &ts) == 0
    }

    /// Wakes one thread waiting on the condition, if any.
    public func signal() { pthread_cond_signal(condition) }
    /// Wakes every thread waiting on the condition.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
