// tsan-mutex-visible.c: makes the contended path of Swift's Synchronization.Mutex on Linux visible to ThreadSanitizer (make sanitize only).
//
// Why: Mutex.withLock's fast paths are inlined into our (instrumented) code: a compare-exchange
// 0 -> tid with acquire ordering to lock, tid -> 0 with release ordering to unlock, both seen
// by ThreadSanitizer. When the lock is contended, the toolchain's libswiftSynchronization.so
// (not instrumented) takes over in `_MutexHandle._lockSlow`: it spins on an uninstrumented
// compare-exchange, then sleeps in the kernel on FUTEX_LOCK_PI, and the kernel hands the lock
// over. ThreadSanitizer sees none of that, so it misses the happens-before edge from the
// previous owner's unlock, and reports every pair of accesses under that lock as a race
// (dozens per run, all inside `withLock` bodies; a suppression cannot match them, since the
// lock's own frames are not on the racing stacks).
//
// What: scripts/sanitize builds this file into a shared library and LD_PRELOADs it for the
// ThreadSanitizer run only. It defines the library's three slow-path entry points (same
// symbols, Swift calling convention: the lock word's address comes in the `self` register)
// with a plain spin-and-yield lock on the same word, and tells ThreadSanitizer about the
// acquisition (__tsan_acquire) and release (__tsan_release). The lock protocol stays the
// inlined one (0 = free, tid = held): nothing here ever sets the futex waiters bit, so
// unlocking always takes the inlined, instrumented fast path. The production lock is untouched;
// only the waiting strategy under contention differs, and only in `make sanitize`.
//
// In processes without ThreadSanitizer (the preload reaches `swift test` itself and Python
// peers), the weak __tsan_* symbols are null and only the lock runs.
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

#define SWIFT_CALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

typedef _Atomic uint32_t LockWord;

/// _MutexHandle._lockSlow(_ selfId: UInt32): the fast path's compare-exchange failed.
SWIFT_CALL void protohttp_tsan_lock_slow(uint32_t self_id, LockWord *word SWIFT_SELF)
    __asm__("$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF");

/// _MutexHandle._tryLockSlow() -> Bool: the fast path's compare-exchange failed.
SWIFT_CALL bool protohttp_tsan_try_lock_slow(LockWord *word SWIFT_SELF)
    __asm__("$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF");

/// _MutexHandle._unlockSlow(): the word was not this thread's id (never, with the lock above).
SWIFT_CALL void protohttp_tsan_unlock_slow(LockWord *word SWIFT_SELF)
    __asm__("$s15Synchronization12_MutexHandleV11_unlockSlowyyF");

static bool try_take(LockWord *word, uint32_t self_id) {
    uint32_t expected = 0;
    if (!atomic_compare_exchange_strong_explicit(word, &expected, self_id, memory_order_acquire, memory_order_relaxed)) {
        return false;
    }
    if (__tsan_acquire) __tsan_acquire((void *)word);
    return true;
}

SWIFT_CALL void protohttp_tsan_lock_slow(uint32_t self_id, LockWord *word SWIFT_SELF) {
    for (unsigned spins = 0;; spins++) {
        if (atomic_load_explicit(word, memory_order_relaxed) == 0 && try_take(word, self_id)) return;
        if (spins >= 100) sched_yield();
    }
}

SWIFT_CALL bool protohttp_tsan_try_lock_slow(LockWord *word SWIFT_SELF) {
    return try_take(word, (uint32_t)syscall(SYS_gettid));
}

SWIFT_CALL void protohttp_tsan_unlock_slow(LockWord *word SWIFT_SELF) {
    if (__tsan_release) __tsan_release((void *)word);
    atomic_store_explicit(word, 0, memory_order_release);
}
