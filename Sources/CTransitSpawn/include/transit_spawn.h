#ifndef TRANSIT_SPAWN_H
#define TRANSIT_SPAWN_H

#include <sys/types.h>

/// Starts the program `path` with `argv` (NULL-terminated) as a supervised
/// child: its standard input, output and error are `in`, `out` and `err`;
/// it leads a process group of its own (so one `kill(-pid, …)` ends it and
/// whatever it starts), and on Linux it is sent SIGKILL when the thread
/// that started it ends (`PR_SET_PDEATHSIG`), so even a SIGKILL of this
/// process, which no handler sees, leaves no child running. Signals this
/// process ignores (SIGINT, SIGTERM, SIGPIPE) get their default action back
/// in the child, and no other descriptor is inherited.
///
/// Foundation's `Process` can do none of the last three, hence this shim.
/// The child runs only async-signal-safe calls between `fork` and `exec`.
///
/// Returns the child's process id, or -1 with `*failure` set to the
/// `errno` of what failed (`fork`, or `execv` in the child: ENOENT, EACCES,
/// ENOEXEC…), in which case no child is left.
pid_t transit_spawn(const char *path, char *const argv[], int in, int out, int err, int *failure);

/// Waits until the child `pid` has ended without reaping it (so its
/// process id and group cannot be reused meanwhile); returns 0, or -1 when
/// there is no such child (already reaped).
int transit_wait_unreaped(pid_t pid);

/// Reaps the ended child `pid`: its exit status (0–255), or 128 + the
/// signal that ended it, or -1.
int transit_reap(pid_t pid);

/// Makes every thread allocate from malloc's main arena (glibc's
/// M_ARENA_MAX = 1): under an address-space limit, each thread's own arena
/// would reserve 64 MiB or more. Returns 0 when malloc refused.
int transit_use_one_malloc_arena(void);

#endif
