// Small OS calls Swift cannot reach directly (variadic `syscall`, glibc's malloc statistics).
#include <malloc.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/// The calling thread's kernel id (Linux), for per-thread priorities.
static inline pid_t flick_current_thread_id(void) { return (pid_t)syscall(SYS_gettid); }

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
