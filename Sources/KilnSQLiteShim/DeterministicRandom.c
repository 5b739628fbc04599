// `random()` and `randomblob(N)` as application functions drawing from a seeded generator. SQLite looks up
// application-defined functions before its built-in ones (https://www.sqlite.org/appfunc.html), so every use,
// including DEFAULT expressions and triggers, gets these on a connection that registered them.
#include "KilnSQLiteShim.h"
#include <sqlite3.h>
#include <stdlib.h>

#ifndef SQLITE_INNOCUOUS
#define SQLITE_INNOCUOUS 0x000200000
#endif

struct kiln_random_state {
    sqlite3_uint64 state;
    int owners;  // the functions registered with it; the last one SQLite drops frees it
};

static void kiln_release(void *pointer) {
    struct kiln_random_state *generator = pointer;
    if (--generator->owners == 0) sqlite3_free(generator);
}

// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): one 64-bit
// state, every seed gives a full-period sequence.
static sqlite3_uint64 kiln_next(struct kiln_random_state *generator) {
    sqlite3_uint64 z = (generator->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void kiln_random(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    (void)argv;
    sqlite3_int64 value = (sqlite3_int64)kiln_next(sqlite3_user_data(context));
    // Like the built-in: never the smallest integer, so abs(random()) cannot overflow.
    if (value < 0) value = -(value & 0x7FFFFFFFFFFFFFFFLL);
    sqlite3_result_int64(context, value);
}

static void kiln_randomblob(sqlite3_context *context, int argc, sqlite3_value **argv) {
    (void)argc;
    sqlite3_int64 count = sqlite3_value_int64(argv[0]);
    if (count < 1) count = 1;  // as the built-in: "If N is less than 1 then a 1-byte random blob is returned."
    if (count > sqlite3_limit(sqlite3_context_db_handle(context), SQLITE_LIMIT_LENGTH, -1)) {
        sqlite3_result_error_toobig(context);
        return;
    }
    unsigned char *bytes = sqlite3_malloc64((sqlite3_uint64)count);
    if (!bytes) {
        sqlite3_result_error_nomem(context);
        return;
    }
    struct kiln_random_state *generator = sqlite3_user_data(context);
    for (sqlite3_int64 index = 0; index < count; index += 8) {
        sqlite3_uint64 word = kiln_next(generator);
        for (int byte = 0; byte < 8 && index + byte < count; byte++) bytes[index + byte] = (unsigned char)(word >> (8 * byte));
    }
    sqlite3_result_blob64(context, bytes, (sqlite3_uint64)count, sqlite3_free);
}

int kiln_deterministic_randomness(struct sqlite3 *db, unsigned long long seed) {
    struct kiln_random_state *generator = sqlite3_malloc(sizeof *generator);
    if (!generator) return SQLITE_NOMEM;
    generator->state = seed;
    generator->owners = 2;
    int flags = SQLITE_UTF8 | SQLITE_INNOCUOUS;
    // Both functions own the state: it is freed when the second of them is replaced or the connection closes,
    // so replacing one (an app registering its own `random`) never leaves the other with freed memory. On
    // failure sqlite3_create_function_v2 calls the destructor itself.
    int code = sqlite3_create_function_v2(db, "random", 0, flags, generator, kiln_random, 0, 0, kiln_release);
    if (code != SQLITE_OK) {
        kiln_release(generator);  // `randomblob` will never own it
        return code;
    }
    return sqlite3_create_function_v2(db, "randomblob", 1, flags, generator, kiln_randomblob, 0, 0, kiln_release);
}
