// Small OS calls Swift cannot reach directly (variadic `syscall`, glibc's malloc statistics).
#include <malloc.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/// The calling thread's kernel id (Linux), for per-thread priorities.
static inline pid_t flick_current_thread_id(void) { return (pid_t)syscall(SYS_gettid); }

/// Names the calling thread (at most 15 bytes show), for profilers and debuggers.
static inline void flick_name_current_thread(const char *name) { prctl(PR_SET_NAME, name, 0, 0, 0); }

/// Asks the scheduler (Linux 6.12+, EEVDF) for time slices of `slice_ns` for the calling
/// thread, keeping its policy (SCHED_OTHER) and nice value: a short slice gives a woken thread
/// an early deadline, so it runs at once instead of after the running thread's slice. Needs
/// no privilege. Returns 0, or -1 with errno (older kernels: EINVAL or ENOSYS).
static inline int flick_request_time_slice(unsigned long long slice_ns) {
    struct {
        unsigned int size, policy;
        unsigned long long flags;
        int nice;
        unsigned int priority;
        unsigned long long runtime, deadline, period;
    } attributes = {0};
    attributes.size = sizeof(attributes);
    attributes.policy = 0; /* SCHED_OTHER */
    attributes.nice = getpriority(PRIO_PROCESS, 0);
    attributes.runtime = slice_ns;
    return (int)syscall(SYS_sched_setattr, 0, &attributes, 0);
}

/// glibc's malloc totals over every arena (`mallinfo2`), the fields Flick reports.
typedef struct {
    /// Bytes of arena memory (main heap and thread arenas) obtained from the system.
    size_t arenaBytes;
    /// Bytes in chunks malloc serves with their own `mmap`.
    size_t mappedBytes;
    /// Bytes handed out and not freed, in arenas.
    size_t inUseBytes;
    /// Bytes free inside arenas: kept by malloc, resident where touched.
    size_t freeBytes;
    /// Bytes at the top of the arenas that `malloc_trim` could give back.
    size_t releasableBytes;
} flick_malloc_totals;

static inline flick_malloc_totals flick_malloc_statistics(void) {
    struct mallinfo2 info = mallinfo2();
    flick_malloc_totals totals = {info.arena, info.hblkhd, info.uordblks, info.fordblks, info.keepcost};
    return totals;
}
