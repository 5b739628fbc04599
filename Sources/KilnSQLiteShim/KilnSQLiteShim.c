#include "KilnSQLiteShim.h"
#include <sqlite3.h>

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
