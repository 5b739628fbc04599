#ifndef KILN_SQLITE_SHIM_H
#define KILN_SQLITE_SHIM_H

// Wrappers for SQLite APIs that Swift cannot call directly: variadic functions and functions that only exist
// in newer SQLite versions. The connection is declared opaque here so this header never includes <sqlite3.h>
// and never competes with the platform's own SQLite module.

struct sqlite3;

/// Sets an integer-valued database configuration option (`sqlite3_db_config(db, op, value, &result)`).
/// Returns the SQLite result code; `*result` receives the option's new value.
int kiln_db_config_int(struct sqlite3 *db, int op, int value, int *result);

/// The byte offset of the token that caused the most recent error in the SQL text given to prepare,
/// or -1 when SQLite does not know one or is older than 3.38.0 (`sqlite3_error_offset`).
int kiln_error_offset(struct sqlite3 *db);

/// The `SQLITE_TRANSIENT` destructor value, which tells SQLite to copy a bound value before returning.
void (*kiln_transient_destructor(void))(void *);

/// Asks every connection that ``kiln_watch_interrupts`` watches to stop: from now on their statements fail with
/// `SQLITE_INTERRUPT` within a few dozen virtual-machine steps, including statements started later. Safe to
/// call from any thread (an atomic store).
void kiln_request_interrupt(void);

/// Whether ``kiln_request_interrupt`` has been called.
int kiln_interrupt_requested(void);

/// Makes connections opened from now on watch for ``kiln_request_interrupt``. The command-line tool turns it on
/// first thing; an app that links kiln's runtime never does, and its connections get no progress handler.
void kiln_enable_interrupts(void);

/// sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0), which is variadic: returns its result code (SQLITE_MISUSE once
/// SQLite is initialized).
int kiln_disable_memory_statistics(void);

/// When interrupts are enabled, installs the progress handler that makes `db` honour
/// ``kiln_request_interrupt`` (`sqlite3_progress_handler`, every 64 steps; the check is one atomic load).
void kiln_watch_interrupts(struct sqlite3 *db);

/// The name of a VFS that wraps the default one and answers `milliseconds` (since 1970, UTC) whenever SQLite
/// asks for the current time (`xCurrentTimeInt64`, `xCurrentTime`): open a connection with it and
/// `CURRENT_TIMESTAMP`, `date('now')` and every other 'now' see that instant. One VFS is registered per
/// distinct time, the first time it is asked for, and stays registered (a few bytes each); safe to call from
/// any thread. Returns NULL when there is no default VFS or no memory.
const char *kiln_pinned_clock_vfs(long long milliseconds);

/// Replaces `random()` and `randomblob(N)` on `db` with application functions of the same names (which take
/// precedence over the built-in ones) drawing from a pseudo-random generator seeded with `seed`: the same seed
/// and the same statements give the same values. Returns the SQLite result code.
int kiln_deterministic_randomness(struct sqlite3 *db, unsigned long long seed);

/// sqlite3_config(SQLITE_CONFIG_LOG, …) with a logger that keeps, per thread, the last `SQLITE_IOERR` or
/// `SQLITE_CANTOPEN` line SQLite's VFS logs (`os_unix.c:N: (errno) call(path) - text`): the only place SQLite
/// tells the errno, the system call and the path of a failure such as a folder's fsync after a commit. Returns
/// the result code (SQLITE_MISUSE once SQLite is initialized).
int kiln_record_system_errors(void);

/// The extended code of the last line ``kiln_record_system_errors``' logger kept on this thread (0: none), its
/// text copied into `buffer` (at most `size` bytes, NUL included); the line is forgotten.
int kiln_take_logged_error(char *buffer, int size);

/// The `errno` of the last failed system call on `db`'s main file, else on its open journal
/// (`SQLITE_FCNTL_LAST_ERRNO`), 0 when neither recorded one: where a write fails inside a commit, SQLite
/// neither logs it nor sets `sqlite3_system_errno`.
int kiln_file_errno(struct sqlite3 *db);

#endif
