/*
 * cancel.c - the cancel hook of core/cancel.h for SQLite statements: it
 * says stop once sqlite3_interrupt() (Ctrl-C in the shell, Python's
 * Connection.interrupt(), ...) was called on the connection.
 *
 * SQLite 3.41 and later answer that directly: sqlite3_is_interrupted(),
 * also in the routines table a loadable extension gets (is_interrupted,
 * right after 3.40's last member value_encoding; the table only ever
 * grows at its end). Which SQLite runs is known only at run time, so the
 * hook is chosen per call from sqlite3_libversion_number().
 *
 * Older SQLite (Debian 12 has 3.40.1) has no such call, but documents that
 * "any new SQL statements that are started after the sqlite3_interrupt()
 * call and before the running statement count reaches zero are interrupted
 * as if they had been running prior to the sqlite3_interrupt() call". The
 * statement calling our function is running, so the interrupt flag stays
 * set while we work, and preparing or stepping a trivial statement on the
 * same connection ("SELECT 1": no table, no lock, no write) fails with
 * SQLITE_INTERRUPT exactly when the connection was interrupted. That probe
 * costs a few microseconds; the core asks about once a millisecond of
 * work (some callers far more often: then the clock is read every few
 * asks), and the probe runs at most once a millisecond per thread. Its
 * visible side effects: a trace callback (sqlite3_trace_v2) sees the probe
 * statements, and an authorizer is asked about a SELECT (one that refuses
 * it makes the probe fail with SQLITE_AUTH, which reads as "not
 * interrupted": the call then runs to its end, as before). Any failure
 * other than SQLITE_INTERRUPT reads the same way.
 */
#include <time.h>

#include "ext.h"

#if !defined(SQLITE_CORE) && SQLITE_VERSION_NUMBER < 3041000 && \
    SQLITE_VERSION_NUMBER >= 3040000
#include <stddef.h>
/* Compiled against 3.40's sqlite3ext.h, whose table ends with
 * value_encoding; 3.41 appended is_interrupted. */
_Static_assert(offsetof(sqlite3_api_routines, value_encoding) +
                       sizeof(int (*)(sqlite3_value *)) ==
                   sizeof(sqlite3_api_routines),
               "value_encoding is the last member of 3.40's routines table");
typedef struct api_routines_3_41 {
    sqlite3_api_routines v3_40;
    int (*is_interrupted)(sqlite3 *);
} api_routines_3_41;
#define HAVE_IS_INTERRUPTED 1
#define is_interrupted(db) \
    (((const api_routines_3_41 *)(const void *)sqlite3_api)->is_interrupted(db))
#elif SQLITE_VERSION_NUMBER >= 3041000
#define HAVE_IS_INTERRUPTED 1
#define is_interrupted(db) sqlite3_is_interrupted(db)
#endif

#ifdef HAVE_IS_INTERRUPTED
static int stop_is_interrupted(void *db)
{
    return is_interrupted((sqlite3 *)db) != 0;
}
#endif

/* Monotonic microseconds (tens of nanoseconds to read, once a
 * millisecond or so). */
static sqlite3_int64 now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (sqlite3_int64)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* 1 when a fresh statement on db is refused as interrupted. */
static int probe_interrupted(sqlite3 *db)
{
    sqlite3_stmt *stmt = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT 1", -1, &stmt, NULL);
    if (rc == SQLITE_OK && stmt)
        rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    return rc == SQLITE_INTERRUPT;
}

/* The most asks answered without reading the clock. The SE rater asks
 * every few microseconds, and reading the clock each time was 1% of its
 * time; asks a millisecond apart (the core's aim) read it every time
 * after the first slow interval, so an interrupt waits at most this many
 * slow asks. */
#define MAX_STRIDE 16

static int stop_probe(void *db)
{
    /* per thread: a thread runs one of our calls at a time */
    static _Thread_local sqlite3_int64 last_probe, last_read;
    static _Thread_local unsigned stride = 1, skip;
    if (skip) {
        skip--;
        return 0;
    }
    sqlite3_int64 now = now_us();
    /* stride asks took under 100 us: ask the clock half as often, up to
     * MAX_STRIDE; slower (or the clock went back): every ask */
    if (now >= last_read && now - last_read < 100)
        stride = stride < MAX_STRIDE ? stride * 2 : MAX_STRIDE;
    else
        stride = 1;
    last_read = now;
    skip = stride - 1;
    if (now - last_probe < 1000 && now >= last_probe)
        return 0;
    last_probe = now;
    return probe_interrupted((sqlite3 *)db);
}

void ext_cancel_init(sqlite3 *db, sudoku_cancel *cancel)
{
    cancel->arg = db;
    cancel->stop = stop_probe;
#ifdef HAVE_IS_INTERRUPTED
    if (sqlite3_libversion_number() >= 3041000)
        cancel->stop = stop_is_interrupted;
#endif
}

int ext_interrupted(sqlite3 *db)
{
#ifdef HAVE_IS_INTERRUPTED
    if (sqlite3_libversion_number() >= 3041000)
        return is_interrupted(db) != 0;
#endif
    return probe_interrupted(db);
}

void ext_result_interrupted(sqlite3_context *ctx)
{
    sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
}
