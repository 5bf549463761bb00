// Small OS calls Swift cannot reach directly (variadic `syscall`).
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/// The calling thread's kernel id (Linux), for per-thread priorities.
static inline pid_t flick_current_thread_id(void) { return (pid_t)syscall(SYS_gettid); }
