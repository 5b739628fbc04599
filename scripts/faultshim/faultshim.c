// faultshim: an LD_PRELOAD library that makes the N-th call of one system call fail, or kills the process
// right before or right after it, so tests can run the real `kiln` binary through every failure a disk or a
// crash can cause at that point. Kept here (outside Sources/ and Tests/, so SwiftPM ignores it) and compiled
// by the tests at run time:
//
//     gcc -shared -fPIC -O2 -o faultshim.so scripts/faultshim/faultshim.c -ldl
//     KILN_FAULT_CALL=rename KILN_FAULT_AT=2 KILN_FAULT_ACTION=EIO LD_PRELOAD=./faultshim.so kiln reset ...
//
// Environment:
//   KILN_FAULT_CALL    the call to count: rename, link, unlink, mkdir, rmdir, fsync (fsync and fdatasync),
//                      write (write, pwrite, pwrite64), read (read, pread, pread64), copy_file_range. Unset:
//                      the shim only counts.
//   KILN_FAULT_AT      which call (1 = the first) gets the fault.
//   KILN_FAULT_ACTION  EIO, ENOSPC, EDQUOT, EROFS, EACCES, ENOSYS, EXDEV, EINVAL or EOPNOTSUPP: the call fails
//                      with that errno and does nothing;
//                      kill-before: _exit(137) instead of the call; kill-after: the call, then _exit(137);
//                      pause: before the call, create the file KILN_FAULT_READY, then wait (60 s at most) until
//                      kiln's signal thread has taken a signal and gone back to waiting for the next (it calls
//                      sigwait again), then make the call. A test that sends SIGINT once the file exists knows
//                      kiln has recorded the signal before it takes another step: a moment the test observes,
//                      not a timer a loaded machine fires late.
//   KILN_FAULT_PATH    only calls whose path (for descriptors, what /proc/self/fd names) contains this text
//                      are counted; `=PATH` counts only calls on exactly PATH.
//   KILN_FAULT_REPORT  set: at exit, print `faultshim: <call> calls: <n>` to standard error (for sweeps).
// When the fault fires the shim prints `faultshim: fired <call> #<n> <path>` to standard error.
//   KILN_FAULT_READY   with KILN_FAULT_ACTION=pause: the file created when the pause begins.
//   KILN_TRACE         a file: every successful write, truncate, fsync, rename, link, unlink, mkdir and rmdir on a path
//                      below KILN_TRACE_ROOT is appended to it (a line `kind<TAB>path<TAB>path2<TAB>number<TAB>
//                      length`, then `length` raw bytes for a write), for scripts/crash-replay.py to replay to
//                      every crash point. copy_file_range then fails with ENOSYS, so copies are traced writes.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/types.h>
#include <pthread.h>
#include <unistd.h>

static long counter = 0;
static long sigwait_calls = 0;  // how many times the process has entered sigwait (its signal thread's loop)

static const char *setting(const char *name) {
    const char *value = getenv(name);
    return value && *value ? value : NULL;
}

static void say(const char *text) {
    ssize_t (*real_write)(int, const void *, size_t) = dlsym(RTLD_NEXT, "write");
    if (real_write) (void)real_write(2, text, strlen(text));
}

static int fault_errno(const char *action) {
    if (!strcmp(action, "EIO")) return EIO;
    if (!strcmp(action, "ENOSPC")) return ENOSPC;
    if (!strcmp(action, "EDQUOT")) return EDQUOT;
    if (!strcmp(action, "EROFS")) return EROFS;
    if (!strcmp(action, "EACCES")) return EACCES;
    if (!strcmp(action, "ENOSYS")) return ENOSYS;
    if (!strcmp(action, "EXDEV")) return EXDEV;
    if (!strcmp(action, "EINVAL")) return EINVAL;
    if (!strcmp(action, "EOPNOTSUPP")) return EOPNOTSUPP;
    return 0;
}

static void descriptor_path(int fd, char *buffer, size_t size) {
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, buffer, size - 1);
    buffer[length > 0 ? length : 0] = 0;
}

// Blocks until the signal thread has entered sigwait again after the pause began: it took a signal and
// recorded it. Creates KILN_FAULT_READY first, so the test knows when to send the signal. A signal thread that
// had not reached sigwait yet when the pause began (a loaded machine starts threads late) enters it once
// before it takes anything: that first entry releases nothing, or kiln would go on before the test's signal.
static void pause_for_signal(void) {
    long before = __atomic_load_n(&sigwait_calls, __ATOMIC_SEQ_CST);
    long released = before < 1 ? 2 : before + 1;
    const char *ready = setting("KILN_FAULT_READY");
    int (*real_open)(const char *, int, ...) = dlsym(RTLD_NEXT, "open");
    if (ready && real_open) {
        int fd = real_open(ready, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (fd >= 0) close(fd);
    }
    struct timespec pause = {0, 1000000};
    for (int waited = 0; waited < 60000 && __atomic_load_n(&sigwait_calls, __ATOMIC_SEQ_CST) < released; waited++) {
        nanosleep(&pause, NULL);
    }
}

// What to do for this call: 0 = the real call, 1 = fail (errno set), 2 = kill before, 3 = kill after.
static int decide(const char *call, const char *path) {
    const char *wanted = setting("KILN_FAULT_CALL");
    if (!wanted || strcmp(wanted, call)) return 0;
    const char *filter = setting("KILN_FAULT_PATH");
    if (filter && (!path || (filter[0] == '=' ? strcmp(path, filter + 1) != 0 : !strstr(path, filter)))) return 0;
    long number = __atomic_add_fetch(&counter, 1, __ATOMIC_SEQ_CST);
    const char *at = setting("KILN_FAULT_AT");
    const char *action = setting("KILN_FAULT_ACTION");
    if (!at || !action || number != atol(at)) return 0;
    char line[4200];
    snprintf(line, sizeof line, "faultshim: fired %s #%ld %s (%s)\n", call, number, path ? path : "", action);
    say(line);
    if (!strcmp(action, "kill-before")) return 2;
    if (!strcmp(action, "kill-after")) return 3;
    if (!strcmp(action, "pause")) {
        pause_for_signal();
        return 0;
    }
    int code = fault_errno(action);
    if (!code) return 0;
    errno = code;
    return 1;
}

static pthread_mutex_t trace_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *trace_file = NULL;

// Whether `path` (absolute) is below KILN_TRACE_ROOT while tracing.
// The root itself counts too: /proc/self/fd names a folder without the trailing slash KILN_TRACE_ROOT ends with,
// and an fsync of the project folder (SQLite's after creating a journal, reset's after publishing) is what
// makes its entries durable.
static int traced(const char *path) {
    const char *root = setting("KILN_TRACE_ROOT");
    if (!setting("KILN_TRACE") || !root || !path) return 0;
    size_t length = strlen(root);
    if (!strncmp(path, root, length)) return 1;
    return length > 1 && root[length - 1] == '/' && strlen(path) == length - 1 && !strncmp(path, root, length - 1);
}

// `path` made absolute against the current folder (rename, link and unlink may be given relative paths).
static void absolute(const char *path, char *buffer, size_t size) {
    if (path[0] == '/') {
        snprintf(buffer, size, "%s", path);
        return;
    }
    char folder[4096];
    if (!getcwd(folder, sizeof folder)) folder[0] = 0;
    snprintf(buffer, size, "%s/%s", folder, path);
}

static void trace(const char *kind, const char *path, const char *other, long long number, const void *bytes,
                  size_t length) {
    if (!traced(path)) return;
    pthread_mutex_lock(&trace_lock);
    if (!trace_file) trace_file = fopen(setting("KILN_TRACE"), "a");
    if (trace_file) {
        fprintf(trace_file, "%s\t%s\t%s\t%lld\t%zu\n", kind, path, other ? other : "", number, bytes ? length : 0);
        if (bytes) fwrite(bytes, 1, length, trace_file);
        fflush(trace_file);
    }
    pthread_mutex_unlock(&trace_lock);
}

static void trace_names(const char *kind, const char *from, const char *to) {
    char a[4096], b[4096];
    absolute(from, a, sizeof a);
    if (to) absolute(to, b, sizeof b);
    trace(kind, a, to ? b : NULL, 0, NULL, 0);
}

#define REAL(name) static __typeof__(&name) real = NULL; if (!real) real = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

// Runs `expression` (the real call) unless the fault replaces it; `failure` is the call's failure value;
// `record` runs after a successful call (tracing), with the call's value in `result`.
#define FAULTED(call, path, failure, expression, record)                                                    \
    do {                                                                                                   \
        int what = decide(call, path);                                                                     \
        if (what == 1) return failure;                                                                     \
        if (what == 2) _exit(137);                                                                         \
        int saved;                                                                                         \
        __typeof__(expression) result = (expression);                                                      \
        saved = errno;                                                                                     \
        if (result != failure) { record; }                                                                 \
        if (what == 3) _exit(137);                                                                         \
        errno = saved;                                                                                     \
        return result;                                                                                     \
    } while (0)

int rename(const char *from, const char *to) {
    REAL(rename);
    FAULTED("rename", to, -1, real(from, to), trace_names("R", from, to));
}

int renameat(int fromdir, const char *from, int todir, const char *to) {
    REAL(renameat);
    FAULTED("rename", to, -1, real(fromdir, from, todir, to), trace_names("R", from, to));
}

int link(const char *from, const char *to) {
    REAL(link);
    FAULTED("link", to, -1, real(from, to), trace_names("L", from, to));
}

int unlink(const char *path) {
    REAL(unlink);
    FAULTED("unlink", path, -1, real(path), trace_names("U", path, NULL));
}

int mkdir(const char *path, mode_t mode) {
    REAL(mkdir);
    FAULTED("mkdir", path, -1, real(path, mode), trace_names("M", path, NULL));
}

int rmdir(const char *path) {
    REAL(rmdir);
    FAULTED("rmdir", path, -1, real(path), trace_names("D", path, NULL));
}

// The signal thread's loop: each entry after the first means the signal it took before was recorded.
int sigwait(const sigset_t *set, int *number) {
    REAL(sigwait);
    __atomic_add_fetch(&sigwait_calls, 1, __ATOMIC_SEQ_CST);
    return real(set, number);
}

int fsync(int fd) {
    REAL(fsync);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("fsync", path, -1, real(fd), trace("S", path, NULL, 0, NULL, 0));
}

int fdatasync(int fd) {
    REAL(fdatasync);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("fsync", path, -1, real(fd), trace("S", path, NULL, 0, NULL, 0));
}

// Standard output and error are not counted: a test's own messages are not what it injects faults into.
ssize_t write(int fd, const void *bytes, size_t count) {
    REAL(write);
    if (fd <= 2) return real(fd, bytes, count);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    off_t at = traced(path) ? lseek(fd, 0, SEEK_CUR) : 0;
    FAULTED("write", path, -1, real(fd, bytes, count), trace("W", path, NULL, at, bytes, (size_t)result));
}

ssize_t pwrite(int fd, const void *bytes, size_t count, off_t offset) {
    REAL(pwrite);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("write", path, -1, real(fd, bytes, count, offset), trace("W", path, NULL, offset, bytes, (size_t)result));
}

ssize_t pwrite64(int fd, const void *bytes, size_t count, off_t offset) {
    REAL(pwrite64);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("write", path, -1, real(fd, bytes, count, offset), trace("W", path, NULL, offset, bytes, (size_t)result));
}

// Reads are counted only when KILN_FAULT_CALL is read (finding a descriptor's path costs a readlink), never traced.
static int counting(const char *call) {
    const char *wanted = setting("KILN_FAULT_CALL");
    return wanted && !strcmp(wanted, call);
}

ssize_t read(int fd, void *bytes, size_t count) {
    REAL(read);
    if (!counting("read") || fd <= 2) return real(fd, bytes, count);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("read", path, -1, real(fd, bytes, count), (void)0);
}

ssize_t pread(int fd, void *bytes, size_t count, off_t offset) {
    REAL(pread);
    if (!counting("read")) return real(fd, bytes, count, offset);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("read", path, -1, real(fd, bytes, count, offset), (void)0);
}

ssize_t pread64(int fd, void *bytes, size_t count, off64_t offset) {
    REAL(pread64);
    if (!counting("read")) return real(fd, bytes, count, offset);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("read", path, -1, real(fd, bytes, count, offset), (void)0);
}

int ftruncate(int fd, off_t length) {
    REAL(ftruncate);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("truncate", path, -1, real(fd, length), trace("T", path, NULL, length, NULL, 0));
}

int ftruncate64(int fd, off64_t length) {
    REAL(ftruncate64);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("truncate", path, -1, real(fd, length), trace("T", path, NULL, length, NULL, 0));
}

// The destination's path is the one counted. kiln finds copy_file_range with dlsym, which sees this one first.
ssize_t copy_file_range(int in, off64_t *in_offset, int out, off64_t *out_offset, size_t length, unsigned flags) {
    REAL(copy_file_range);
    if (setting("KILN_TRACE")) {
        errno = ENOSYS;  // traced copies go through write, which is recorded
        return -1;
    }
    char path[4096];
    descriptor_path(out, path, sizeof path);
    FAULTED("copy_file_range", path, -1, real(in, in_offset, out, out_offset, length, flags), (void)0);
}

__attribute__((destructor)) static void report(void) {
    const char *wanted = setting("KILN_FAULT_CALL");
    if (!setting("KILN_FAULT_REPORT") || !wanted) return;
    char line[256];
    snprintf(line, sizeof line, "faultshim: %s calls: %ld\n", wanted, __atomic_load_n(&counter, __ATOMIC_SEQ_CST));
    say(line);
}
