#include "KilnSQLiteShim.h"
#include <sqlite3.h>

int kiln_db_config_int(struct sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}

int kiln_error_offset(struct sqlite3 *db) {
#if SQLITE_VERSION_NUMBER >= 3038000
    return sqlite3_error_offset(db);
#else
    (void)db;
    return -1;
#endif
}

void (*kiln_transient_destructor(void))(void *) {
    return SQLITE_TRANSIENT;
}
