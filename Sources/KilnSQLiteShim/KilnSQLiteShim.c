#include "KilnSQLiteShim.h"
#include <sqlite3.h>
#include <stdatomic.h>

int kiln_db_config_int(struct sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}

int kiln_error_offset(struct sqlite3 *db) {
#if SQLITE_VERSION_NUMBER >= 3038000 && defined(__APPLE__)
    // Apple's SDK may be newer than the OS the app runs on: call it only where the OS's SQLite has it.
    if (__builtin_available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)) {
        return sqlite3_error_offset(db);
    }
    return -1;
#elif SQLITE_VERSION_NUMBER >= 3038000
    return sqlite3_error_offset(db);
#else
    (void)db;
    return -1;
#endif
}

void (*kiln_transient_destructor(void))(void *) {
    return SQLITE_TRANSIENT;
}

static atomic_int kiln_interrupted = 0;
static atomic_int kiln_interrupts_enabled = 0;

int kiln_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

void kiln_enable_interrupts(void) {
    atomic_store(&kiln_interrupts_enabled, 1);
}

void kiln_request_interrupt(void) {
    atomic_store(&kiln_interrupted, 1);
}

int kiln_interrupt_requested(void) {
    return atomic_load_explicit(&kiln_interrupted, memory_order_relaxed);
}

// Returning non-zero from a progress handler makes the running statement fail with SQLITE_INTERRUPT
// (https://www.sqlite.org/c3ref/progress_handler.html).
static int kiln_progress(void *context) {
    (void)context;
    return atomic_load_explicit(&kiln_interrupted, memory_order_relaxed);
}

void kiln_watch_interrupts(struct sqlite3 *db) {
    if (!atomic_load(&kiln_interrupts_enabled)) return;
    sqlite3_progress_handler(db, 64, kiln_progress, 0);
}

// The last I/O failure SQLite's Unix VFS logged on this thread: its extended code and its line, e.g.
// `os_unix.c:42: (5) fsync(/srv/app) - Input/output error`. Thread-local, since each connection is used
// by one thread at a time and its error is read back on that thread.
static _Thread_local int kiln_logged_code = 0;
static _Thread_local char kiln_logged_text[1024];

static void kiln_log(void *context, int code, const char *text) {
    (void)context;
    int primary = code & 0xFF;
    if (primary != SQLITE_IOERR && primary != SQLITE_CANTOPEN) return;
    kiln_logged_code = code;
    size_t length = 0;
    while (text && text[length] && length < sizeof kiln_logged_text - 1) {
        kiln_logged_text[length] = text[length];
        length++;
    }
    kiln_logged_text[length] = 0;
}

int kiln_record_system_errors(void) {
    return sqlite3_config(SQLITE_CONFIG_LOG, kiln_log, (void *)0);
}

int kiln_take_logged_error(char *buffer, int size) {
    int code = kiln_logged_code;
    kiln_logged_code = 0;
    if (!code || size <= 0) return code;
    int length = 0;
    while (kiln_logged_text[length] && length < size - 1) {
        buffer[length] = kiln_logged_text[length];
        length++;
    }
    buffer[length] = 0;
    return code;
}

int kiln_file_errno(struct sqlite3 *db) {
    int value = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_LAST_ERRNO, &value) == SQLITE_OK && value) return value;
    sqlite3_file *journal = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &journal) != SQLITE_OK) return 0;
    if (!journal || !journal->pMethods || !journal->pMethods->xFileControl) return 0;
    value = 0;
    if (journal->pMethods->xFileControl(journal, SQLITE_FCNTL_LAST_ERRNO, &value) != SQLITE_OK) return 0;
    return value;
}
