/*
 * cancel.c - the cancel hook of core/cancel.h for SQLite statements.
 *
 * First version: the hook never fires (no call is stopped yet); the
 * interrupt work replaces it with one that notices sqlite3_interrupt().
 */
#include "ext.h"

static int never(void *arg)
{
    (void)arg;
    return 0;
}

void ext_cancel_init(sqlite3 *db, sudoku_cancel *cancel)
{
    cancel->stop = never;
    cancel->arg = db;
}

void ext_result_interrupted(sqlite3_context *ctx)
{
    sqlite3_result_error_code(ctx, SQLITE_INTERRUPT);
}
