#define _GNU_SOURCE
#include "transit_spawn.h"

#include <errno.h>
#include <malloc.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

/// Closes every descriptor from 3 up, but `keep`.
static void close_others(int keep) {
  long last = sysconf(_SC_OPEN_MAX);
  if (last < 0 || last > 65536) last = 65536;
  for (int fd = 3; fd < last; fd++) {
    if (fd != keep) close(fd);
  }
}

pid_t transit_spawn(const char *path, char *const argv[], int in, int out, int err, int *failure) {
  // The child reports a failed exec through this pipe (closed by a
  // successful exec, so the parent then reads nothing).
  int report[2];
#if defined(__linux__)
  if (pipe2(report, O_CLOEXEC) != 0) {
    *failure = errno;
    return -1;
  }
#else
  if (pipe(report) != 0) {
    *failure = errno;
    return -1;
  }
  fcntl(report[0], F_SETFD, FD_CLOEXEC);
  fcntl(report[1], F_SETFD, FD_CLOEXEC);
#endif
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    *failure = errno;
    close(report[0]);
    close(report[1]);
    return -1;
  }
  if (pid == 0) {
    setpgid(0, 0);
#if defined(__linux__)
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // The parent may have died before the line above: then no signal comes.
    if (getppid() != parent) _exit(127);
#endif
    int signals[] = {SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) signal(signals[i], SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    // Move the three streams clear of 0–2 first, so no dup2 overwrites another's source.
    int a = fcntl(in, F_DUPFD_CLOEXEC, 3);
    int b = fcntl(out, F_DUPFD_CLOEXEC, 3);
    int c = fcntl(err, F_DUPFD_CLOEXEC, 3);
    if (a < 0 || b < 0 || c < 0 || dup2(a, 0) < 0 || dup2(b, 1) < 0 || dup2(c, 2) < 0) {
      int e = errno;
      (void)!write(report[1], &e, sizeof e);
      _exit(127);
    }
    close_others(report[1]);
    execv(path, argv);
    int e = errno;
    (void)!write(report[1], &e, sizeof e);
    _exit(127);
  }
  // Also set here, so the group exists whichever of the two runs first.
  setpgid(pid, pid);
  close(report[1]);
  int e = 0;
  ssize_t got;
  do {
    got = read(report[0], &e, sizeof e);
  } while (got < 0 && errno == EINTR);
  close(report[0]);
  if (got == (ssize_t)sizeof e) {
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    *failure = e;
    return -1;
  }
  return pid;
}

int transit_wait_unreaped(pid_t pid) {
  siginfo_t info;
  for (;;) {
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) == 0) return 0;
    if (errno != EINTR) return -1;
  }
}

int transit_reap(pid_t pid) {
  int status;
  for (;;) {
    if (waitpid(pid, &status, 0) == pid) break;
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

int transit_use_one_malloc_arena(void) { return mallopt(M_ARENA_MAX, 1); }
