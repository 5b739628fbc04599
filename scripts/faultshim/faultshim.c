// faultshim: an LD_PRELOAD library that makes the N-th call of one system call fail, or kills the process
// right before or right after it, so tests can run the real `kiln` binary through every failure a disk or a
// crash can cause at that point. Kept here (outside Sources/ and Tests/, so SwiftPM ignores it) and compiled
// by the tests at run time:
//
//     gcc -shared -fPIC -O2 -o faultshim.so scripts/faultshim/faultshim.c -ldl
//     KILN_FAULT_CALL=rename KILN_FAULT_AT=2 KILN_FAULT_ACTION=EIO LD_PRELOAD=./faultshim.so kiln reset ...
//
// Environment:
//   KILN_FAULT_CALL    the call to count: rename, link, unlink, fsync (fsync and fdatasync), write (write,
//                      pwrite, pwrite64), copy_file_range. Unset: the shim only counts.
//   KILN_FAULT_AT      which call (1 = the first) gets the fault.
//   KILN_FAULT_ACTION  EIO, ENOSPC, EDQUOT, EROFS, EACCES, ENOSYS, EXDEV, EINVAL or EOPNOTSUPP: the call fails
//                      with that errno and does nothing;
//                      kill-before: _exit(137) instead of the call; kill-after: the call, then _exit(137).
//   KILN_FAULT_PATH    only calls whose path (for descriptors, what /proc/self/fd names) contains this text
//                      are counted; `=PATH` counts only calls on exactly PATH.
//   KILN_FAULT_REPORT  set: at exit, print `faultshim: <call> calls: <n>` to standard error (for sweeps).
// When the fault fires the shim prints `faultshim: fired <call> #<n> <path>` to standard error.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static long counter = 0;

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
    int code = fault_errno(action);
    if (!code) return 0;
    errno = code;
    return 1;
}

#define REAL(name) static __typeof__(&name) real = NULL; if (!real) real = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

// Runs `expression` (the real call) unless the fault replaces it; `failure` is the call's failure value.
#define FAULTED(call, path, failure, expression)                                                            \
    do {                                                                                                   \
        int what = decide(call, path);                                                                     \
        if (what == 1) return failure;                                                                     \
        if (what == 2) _exit(137);                                                                         \
        int saved;                                                                                         \
        __typeof__(expression) result = (expression);                                                      \
        saved = errno;                                                                                     \
        if (what == 3) _exit(137);                                                                         \
        errno = saved;                                                                                     \
        return result;                                                                                     \
    } while (0)

int rename(const char *from, const char *to) {
    REAL(rename);
    FAULTED("rename", to, -1, real(from, to));
}

int renameat(int fromdir, const char *from, int todir, const char *to) {
    REAL(renameat);
    FAULTED("rename", to, -1, real(fromdir, from, todir, to));
}

int link(const char *from, const char *to) {
    REAL(link);
    FAULTED("link", to, -1, real(from, to));
}

int unlink(const char *path) {
    REAL(unlink);
    FAULTED("unlink", path, -1, real(path));
}

int fsync(int fd) {
    REAL(fsync);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("fsync", path, -1, real(fd));
}

int fdatasync(int fd) {
    REAL(fdatasync);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("fsync", path, -1, real(fd));
}

// Standard output and error are not counted: a test's own messages are not what it injects faults into.
ssize_t write(int fd, const void *bytes, size_t count) {
    REAL(write);
    if (fd <= 2) return real(fd, bytes, count);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("write", path, -1, real(fd, bytes, count));
}

ssize_t pwrite(int fd, const void *bytes, size_t count, off_t offset) {
    REAL(pwrite);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("write", path, -1, real(fd, bytes, count, offset));
}

ssize_t pwrite64(int fd, const void *bytes, size_t count, off_t offset) {
    REAL(pwrite64);
    char path[4096];
    descriptor_path(fd, path, sizeof path);
    FAULTED("write", path, -1, real(fd, bytes, count, offset));
}

// The destination's path is the one counted. kiln finds copy_file_range with dlsym, which sees this one first.
ssize_t copy_file_range(int in, off64_t *in_offset, int out, off64_t *out_offset, size_t length, unsigned flags) {
    REAL(copy_file_range);
    char path[4096];
    descriptor_path(out, path, sizeof path);
    FAULTED("copy_file_range", path, -1, real(in, in_offset, out, out_offset, length, flags));
}

__attribute__((destructor)) static void report(void) {
    const char *wanted = setting("KILN_FAULT_CALL");
    if (!setting("KILN_FAULT_REPORT") || !wanted) return;
    char line[256];
    snprintf(line, sizeof line, "faultshim: %s calls: %ld\n", wanted, __atomic_load_n(&counter, __ATOMIC_SEQ_CST));
    say(line);
}
