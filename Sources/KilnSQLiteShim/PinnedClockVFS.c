// A VFS that forwards everything to the default VFS except the clock, which answers a pinned instant. SQLite
// reads the time through the connection's VFS only (https://www.sqlite.org/c3ref/vfs.html, xCurrentTimeInt64),
// once per statement, so a connection opened with this VFS sees the same 'now' in every statement.
#include "KilnSQLiteShim.h"
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct kiln_clock_vfs {
    sqlite3_vfs base;           // first, so a `sqlite3_vfs *` SQLite hands back is one of these
    sqlite3_vfs *real;          // the default VFS everything else goes to
    sqlite3_int64 julian_ms;    // the pinned instant, as xCurrentTimeInt64 reports it
    char name[48];
    struct kiln_clock_vfs *next;
};

static pthread_mutex_t kiln_clock_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kiln_clock_vfs *kiln_clocks = 0;

#define REAL(vfs) (((struct kiln_clock_vfs *)(vfs))->real)

// Milliseconds between the Julian day epoch (noon, 24 November 4714 BC) and 1970-01-01 00:00 UTC.
static const sqlite3_int64 kiln_unix_epoch_julian_ms = 210866760000000LL;

static int clock_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    *now = ((struct kiln_clock_vfs *)vfs)->julian_ms;
    return SQLITE_OK;
}

static int clock_current_time(sqlite3_vfs *vfs, double *now) {
    *now = (double)((struct kiln_clock_vfs *)vfs)->julian_ms / 86400000.0;
    return SQLITE_OK;
}

static int clock_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out) {
    return REAL(vfs)->xOpen(REAL(vfs), name, file, flags, out);
}

static int clock_delete(sqlite3_vfs *vfs, const char *name, int sync) {
    return REAL(vfs)->xDelete(REAL(vfs), name, sync);
}

static int clock_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
    return REAL(vfs)->xAccess(REAL(vfs), name, flags, out);
}

static int clock_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return REAL(vfs)->xFullPathname(REAL(vfs), name, size, out);
}

static void *clock_dl_open(sqlite3_vfs *vfs, const char *name) { return REAL(vfs)->xDlOpen(REAL(vfs), name); }

static void clock_dl_error(sqlite3_vfs *vfs, int size, char *out) { REAL(vfs)->xDlError(REAL(vfs), size, out); }

static void (*clock_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    return REAL(vfs)->xDlSym(REAL(vfs), handle, symbol);
}

static void clock_dl_close(sqlite3_vfs *vfs, void *handle) { REAL(vfs)->xDlClose(REAL(vfs), handle); }

static int clock_randomness(sqlite3_vfs *vfs, int size, char *out) {
    return REAL(vfs)->xRandomness(REAL(vfs), size, out);
}

static int clock_sleep(sqlite3_vfs *vfs, int microseconds) { return REAL(vfs)->xSleep(REAL(vfs), microseconds); }

static int clock_last_error(sqlite3_vfs *vfs, int size, char *out) {
    return REAL(vfs)->xGetLastError ? REAL(vfs)->xGetLastError(REAL(vfs), size, out) : 0;
}

static int clock_set_system_call(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    return REAL(vfs)->xSetSystemCall(REAL(vfs), name, call);
}

static sqlite3_syscall_ptr clock_get_system_call(sqlite3_vfs *vfs, const char *name) {
    return REAL(vfs)->xGetSystemCall(REAL(vfs), name);
}

static const char *clock_next_system_call(sqlite3_vfs *vfs, const char *name) {
    return REAL(vfs)->xNextSystemCall(REAL(vfs), name);
}

// A new clock VFS for `milliseconds`, registered (not as the default), or NULL.
static struct kiln_clock_vfs *kiln_make_clock(long long milliseconds) {
    sqlite3_vfs *real = sqlite3_vfs_find(0);
    if (!real) return 0;
    struct kiln_clock_vfs *clock = calloc(1, sizeof *clock);
    if (!clock) return 0;
    clock->real = real;
    clock->julian_ms = kiln_unix_epoch_julian_ms + milliseconds;
    snprintf(clock->name, sizeof clock->name, "kiln-clock-%lld", milliseconds);
    sqlite3_vfs *base = &clock->base;
    // Version 3 adds only the system-call hooks, forwarded where the real VFS has them.
    base->iVersion = real->iVersion >= 3 ? 3 : 2;
    base->szOsFile = real->szOsFile;
    base->mxPathname = real->mxPathname;
    base->zName = clock->name;
    base->xOpen = clock_open;
    base->xDelete = clock_delete;
    base->xAccess = clock_access;
    base->xFullPathname = clock_full_pathname;
    base->xDlOpen = clock_dl_open;
    base->xDlError = clock_dl_error;
    base->xDlSym = clock_dl_sym;
    base->xDlClose = clock_dl_close;
    base->xRandomness = clock_randomness;
    base->xSleep = clock_sleep;
    base->xCurrentTime = clock_current_time;
    base->xGetLastError = clock_last_error;
    base->xCurrentTimeInt64 = clock_current_time_int64;
    if (base->iVersion >= 3) {
        base->xSetSystemCall = clock_set_system_call;
        base->xGetSystemCall = clock_get_system_call;
        base->xNextSystemCall = clock_next_system_call;
    }
    if (sqlite3_vfs_register(base, 0) != SQLITE_OK) {
        free(clock);
        return 0;
    }
    return clock;
}

const char *kiln_pinned_clock_vfs(long long milliseconds) {
    pthread_mutex_lock(&kiln_clock_lock);
    sqlite3_int64 wanted = kiln_unix_epoch_julian_ms + milliseconds;
    struct kiln_clock_vfs *clock = kiln_clocks;
    while (clock && clock->julian_ms != wanted) clock = clock->next;
    if (!clock) {
        clock = kiln_make_clock(milliseconds);
        if (clock) {
            clock->next = kiln_clocks;
            kiln_clocks = clock;
        }
    }
    pthread_mutex_unlock(&kiln_clock_lock);
    return clock ? clock->name : 0;
}
