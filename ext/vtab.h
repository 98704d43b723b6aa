/*
 * vtab.h - the kit the extension's table-valued functions are made with,
 * in the shape of SQLite's ext/misc/series.c: a declared schema whose
 * arguments are HIDDEN columns, xBestIndex handing their equality
 * constraints to xFilter by argvIndex, a small cursor that makes rows on
 * demand (so LIMIT stops the work), and errors reported on the cursor's
 * table under the function's name. The arguments are read with the same
 * readers as the scalar functions' (ext.h, ext_read_*), so every rule
 * (TEXT integers, NULL, the puzzle forms, the messages) is the same
 * everywhere.
 *
 * A table is described once by an ext_table; EXT_VTAB_MODULE makes its
 * module from the kit's xConnect, xDisconnect, xOpen, xClose and xRowid
 * and the table's own xBestIndex (usually the kit's ext_vtab_best_index),
 * xFilter, xNext, xEof and xColumn. Eponymous-only: xCreate stays NULL, so
 * the table exists in every schema once registered and CREATE VIRTUAL
 * TABLE is refused.
 */
#ifndef SUDOKU_EXT_VTAB_H
#define SUDOKU_EXT_VTAB_H

#include "ext.h"

#define EXT_VTAB_MAX_ARGS 4

typedef struct ext_table {
    const char *name;   /* the SQL name: messages start with it */
    const char *schema; /* "CREATE TABLE x(...)", arguments as HIDDEN columns */
    const char *usage;  /* "sudoku_neighbors(p, minus, plus)", for messages */
    int first_arg;      /* the column of the first argument */
    int nargs;          /* argument columns, first_arg on */
    int required;       /* how many leading arguments must be given */
    /* nargs names, for "the p argument is missing" */
    const char *const *arg_names;
    /* 1: SQLITE_VTAB_DIRECTONLY (it reads files), else SQLITE_VTAB_INNOCUOUS
     * (pure computation on its arguments, random rows taking a seed) */
    int direct_only;
    double cost; /* the plan's estimates when the arguments are there */
    sqlite3_int64 rows;
    /* the table's cursor struct, which starts with sqlite3_vtab_cursor;
     * xOpen zeroes it */
    size_t cursor_size;
    /* where in it the current row's number is (a sqlite3_int64, counted
     * from 0); xRowid gives that number plus rowid_base (0 or 1) */
    size_t row_offset;
    int rowid_base;
    void (*cursor_free)(sqlite3_vtab_cursor *); /* what the cursor holds, or NULL */
} ext_table;

/* The table object of every kit table. */
typedef struct ext_vtab {
    sqlite3_vtab base;
    const ext_table *table;
    sqlite3 *db; /* for the cancel hook */
    void *aux;   /* the module's client data (sudoku.c's registration) */
} ext_vtab;

int ext_vtab_connect(sqlite3 *db, const ext_table *table, void *aux, sqlite3_vtab **out);

/* Defines `module`, a kit table's sqlite3_module: its xConnect declares
 * `table` (an ext_table defined before), the kit makes xDisconnect, xOpen
 * xClose and xRowid, and the table gives the rest (best_index may be the
 * kit's ext_vtab_best_index). The remaining methods (writes, transactions, and
 * whatever later SQLite versions add) stay NULL; xCreate too, which makes
 * the table eponymous-only. */
#define EXT_VTAB_MODULE(module, table, best_index, filter, next, eof, column)              \
    static int module##_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, \
                                sqlite3_vtab **out, char **err)                            \
    {                                                                                      \
        (void)argc;                                                                        \
        (void)argv;                                                                        \
        (void)err;                                                                         \
        return ext_vtab_connect(db, &(table), aux, out);                                   \
    }                                                                                      \
    const sqlite3_module module = {                                                        \
        .iVersion = 0,                                                                     \
        .xConnect = module##_connect,                                                      \
        .xBestIndex = best_index,                                                          \
        .xDisconnect = ext_vtab_disconnect,                                                \
        .xOpen = ext_vtab_open,                                                            \
        .xClose = ext_vtab_close,                                                          \
        .xFilter = filter,                                                                 \
        .xNext = next,                                                                     \
        .xEof = eof,                                                                       \
        .xColumn = column,                                                                 \
        .xRowid = ext_vtab_rowid,                                                          \
    }

int ext_vtab_disconnect(sqlite3_vtab *vtab);
int ext_vtab_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out);
int ext_vtab_close(sqlite3_vtab_cursor *cur);
int ext_vtab_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid);

/* The table's description and the connection of a cursor. */
static inline const ext_table *ext_vtab_table(const sqlite3_vtab_cursor *cur)
{
    return ((const ext_vtab *)cur->pVtab)->table;
}
static inline sqlite3 *ext_vtab_db(const sqlite3_vtab_cursor *cur)
{
    return ((const ext_vtab *)cur->pVtab)->db;
}

/* The arguments' part of xBestIndex. Each argument column's first usable
 * equality constraint is handed to xFilter by argvIndex, in column order,
 * and omitted (SQLite need not check it again); idxNum gets bit k for
 * argument k. Returns
 *   EXT_PLAN_REFUSED  an argument's equality is there but not usable in
 *                     this join order: xBestIndex must return
 *                     SQLITE_CONSTRAINT (an argument is an input, and a
 *                     plan without it would make other rows, not filter
 *                     them), and the planner looks for another order;
 *   EXT_PLAN_MISSING  else, a required argument has no constraint at all:
 *                     the plan is priced out and returns SQLITE_OK
 *                     (SQLite asks this while planning one term of an OR,
 *                     where the arguments are not passed along: refusing
 *                     would fail the statement; if such a plan ever runs,
 *                     xFilter says which argument is missing);
 *   EXT_PLAN_READY    every required argument is there: cost and rows
 *                     are the table's (a caller may refine them). */
enum { EXT_PLAN_REFUSED = -1, EXT_PLAN_MISSING = 0, EXT_PLAN_READY = 1 };
int ext_vtab_plan_args(const ext_table *table, sqlite3_index_info *info);

/* xBestIndex of a table whose constraints are its arguments only. */
int ext_vtab_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info);

/* 1 (and ORDER BY consumed) when the plan's ORDER BY is `col` (or the
 * rowid) ascending and nothing else: for tables whose rows come out in
 * that order. */
int ext_vtab_ordered_by(sqlite3_index_info *info, int col);

/* In xFilter: arg[k] is argument k's value, or NULL when the plan did not
 * hand it over (idxNum bit k). Returns how many argv entries the
 * arguments used (a table may hand over more constraints after them). */
int ext_vtab_args(const ext_table *table, int idx, int argc, sqlite3_value **argv,
                  sqlite3_value *arg[EXT_VTAB_MAX_ARGS]);

/* In xFilter, before reading any argument: SQLITE_OK when the required
 * arguments were handed over, else the error "<name>: the <arg> argument
 * is missing (usage: ...)"; then *null says whether one of the arguments
 * is SQL NULL, which by the NULL rule (ext.h) means no rows, whatever the
 * others hold. */
int ext_vtab_require(sqlite3_vtab_cursor *cur, sqlite3_value *const *arg, int *null);

/* Where the argument readers (ext_read_*) report for this cursor. */
ext_report ext_vtab_report(sqlite3_vtab_cursor *cur);

/* printf-style error "<name>: <message>" of the scan; returns what
 * xFilter or xNext then returns (SQLITE_ERROR, or SQLITE_NOMEM when even
 * the message could not be made). */
int ext_vtab_error(sqlite3_vtab_cursor *cur, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* What xFilter returns after an argument reader said EXT_ERROR. */
int ext_vtab_failed(sqlite3_vtab_cursor *cur);

#endif
