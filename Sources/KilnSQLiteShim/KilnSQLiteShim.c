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
