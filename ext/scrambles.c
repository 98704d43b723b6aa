/*
 * scrambles.c - the eponymous table-valued function sudoku_scrambles and
 * the scalar sudoku_scramble(p [, seed]).
 *
 *   sudoku_scrambles(puzzle)               every geometric transform of
 *                                          core/scramble.h's fixed order
 *   sudoku_scrambles(puzzle, count [, seed])  count uniform random scrambles
 *
 * The virtual table is
 *   CREATE TABLE x(n, scramble, transform, puzzle HIDDEN, count HIDDEN,
 *                  seed HIDDEN)
 * and, like generate_series, takes its arguments as equality constraints
 * on the hidden columns: xBestIndex hands them to xFilter by argvIndex
 * (puzzle, then count, then seed, each when present) and omits them. The
 * cursor is a few integers, the transform and the puzzle: rows are made on
 * demand, so memory is constant and LIMIT stops the work.
 */
#include <stdio.h>
#include <string.h>

#include "ext.h"
#include "scramble.h"

enum { COL_N, COL_SCRAMBLE, COL_TRANSFORM, COL_PUZZLE, COL_COUNT, COL_SEED };

/* idxNum bits: which arguments xFilter receives, in this order. */
enum { HAVE_PUZZLE = 1, HAVE_COUNT = 2, HAVE_SEED = 4, ORDERED = 8 };

#define NAME "sudoku_scrambles"

typedef struct scr_cursor {
    sqlite3_vtab_cursor base;
    sqlite3_int64 n;      /* current row number, 0-based */
    sqlite3_int64 count;  /* rows to give (the full order: all transforms) */
    sqlite3_int64 seed;
    int full;             /* 1: the fixed order; 0: random draws */
    int ready;            /* `scramble` holds the current row's grid */
    sudoku_rng rng;
    sudoku_transform t;   /* the current row's transform */
    sudoku_grid puzzle;
    sudoku_grid scramble;
} scr_cursor;

static int scr_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                       sqlite3_vtab **out, char **err)
{
    sqlite3_vtab *vtab;
    int rc;
    (void)aux;
    (void)argc;
    (void)argv;
    (void)err;
    /* Hidden columns without a type: no affinity, so arguments arrive as
     * given and a number where a puzzle belongs stays an error. */
    rc = sqlite3_declare_vtab(db, "CREATE TABLE x(n INTEGER, scramble TEXT, "
                                  "transform TEXT, puzzle HIDDEN, count HIDDEN, "
                                  "seed HIDDEN)");
    if (rc != SQLITE_OK)
        return rc;
    vtab = sqlite3_malloc(sizeof *vtab);
    if (!vtab)
        return SQLITE_NOMEM;
    memset(vtab, 0, sizeof *vtab);
    /* Pure computation on its arguments: safe in triggers and views even
     * under PRAGMA trusted_schema=OFF. */
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    *out = vtab;
    return SQLITE_OK;
}

static int scr_disconnect(sqlite3_vtab *vtab)
{
    sqlite3_free(vtab);
    return SQLITE_OK;
}

static int scr_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
{
    scr_cursor *cur = sqlite3_malloc(sizeof *cur);
    (void)vtab;
    if (!cur)
        return SQLITE_NOMEM;
    memset(cur, 0, sizeof *cur);
    *out = &cur->base;
    return SQLITE_OK;
}

static int scr_close(sqlite3_vtab_cursor *cur)
{
    sqlite3_free(cur);
    return SQLITE_OK;
}

static int scr_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    int use[3] = {-1, -1, -1}; /* constraint index for puzzle, count, seed */
    int unusable = 0, idx = 0, argc = 0, seen_puzzle = 0;
    double rows;

    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        int arg = c->iColumn - COL_PUZZLE;
        if (arg < 0 || c->op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        if (arg == 0)
            seen_puzzle = 1;
        if (!c->usable) {
            unusable |= 1 << arg;
        } else if (use[arg] < 0) {
            /* A second equality on the same column is left to SQLite,
             * which compares it with the value the column reports. */
            use[arg] = i;
            idx |= 1 << arg;
        }
    }
    if (!seen_puzzle) {
        sqlite3_free(vtab->zErrMsg);
        vtab->zErrMsg = sqlite3_mprintf(NAME ": the puzzle argument is missing");
        return SQLITE_ERROR;
    }
    /* The arguments are inputs: a plan that lacks one of them would
     * produce other rows, not just filter them (no count = the full
     * order). Such a plan is not allowed; the planner looks for another
     * join order. */
    if (unusable & ~idx)
        return SQLITE_CONSTRAINT;
    for (int k = 0; k < 3; k++)
        if (use[k] >= 0) {
            info->aConstraintUsage[use[k]].argvIndex = ++argc;
            info->aConstraintUsage[use[k]].omit = 1;
        }

    if (!(idx & HAVE_COUNT)) {
        rows = SUDOKU_GEOMETRIC_TRANSFORMS;
    } else {
        /* A literal count (sqlite3_vtab_rhs_value, SQLite 3.38+) gives the
         * exact row count; otherwise a modest guess. */
        sqlite3_value *v = NULL;
        rows = 100;
        if (sqlite3_libversion_number() >= 3038000 &&
            sqlite3_vtab_rhs_value(info, use[1], &v) == SQLITE_OK && v &&
            sqlite3_value_type(v) == SQLITE_INTEGER) {
            sqlite3_int64 n = sqlite3_value_int64(v);
            rows = n < 0 ? 0 : (double)n;
        }
    }
    info->estimatedRows = (sqlite3_int64)rows;
    info->estimatedCost = 10.0 + rows;
    /* Rows come out in order of n (and of rowid, which equals n). */
    if (info->nOrderBy == 1 && !info->aOrderBy[0].desc &&
        (info->aOrderBy[0].iColumn == COL_N || info->aOrderBy[0].iColumn == -1)) {
        info->orderByConsumed = 1;
        idx |= ORDERED;
    }
    info->idxNum = idx;
    return SQLITE_OK;
}

static int scr_fail(scr_cursor *cur, const char *msg)
{
    sqlite3_vtab *vtab = cur->base.pVtab;
    sqlite3_free(vtab->zErrMsg);
    vtab->zErrMsg = sqlite3_mprintf("%s", msg);
    return vtab->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
}

static const char *type_name(int type)
{
    switch (type) {
    case SQLITE_INTEGER: return "INTEGER";
    case SQLITE_FLOAT:   return "REAL";
    case SQLITE_TEXT:    return "TEXT";
    case SQLITE_BLOB:    return "BLOB";
    default:             return "NULL";
    }
}

/* Reads an integer argument; 0 (message in msg) when it is not one. */
static int read_int(sqlite3_value *v, const char *what, sqlite3_int64 *out,
                    char *msg, size_t cap)
{
    int type = sqlite3_value_type(v);
    if (type == SQLITE_INTEGER) {
        *out = sqlite3_value_int64(v);
        return 1;
    }
    if (type == SQLITE_FLOAT) {
        double d = sqlite3_value_double(v);
        if (d >= -9.2e18 && d <= 9.2e18 && d == (double)(sqlite3_int64)d) {
            *out = (sqlite3_int64)d;
            return 1;
        }
    }
    snprintf(msg, cap, NAME ": %s must be an INTEGER, not %s", what,
             type == SQLITE_FLOAT ? "a non-integral REAL" : type_name(type));
    return 0;
}

static int scr_filter(sqlite3_vtab_cursor *base, int idx, const char *idx_str,
                      int argc, sqlite3_value **argv)
{
    scr_cursor *cur = (scr_cursor *)base;
    sqlite3_value *puzzle = NULL, *count = NULL, *seed = NULL;
    char msg[256];
    int a = 0, null_arg = 0;
    (void)idx_str;
    (void)argc;

    if (idx & HAVE_PUZZLE)
        puzzle = argv[a++];
    if (idx & HAVE_COUNT)
        count = argv[a++];
    if (idx & HAVE_SEED)
        seed = argv[a++];

    /* Every argument is checked before a NULL ends the scan, so that a
     * malformed one is reported whatever the others hold. */
    cur->n = 0;
    cur->ready = 0;
    cur->seed = 0;
    cur->full = count == NULL;
    cur->count = SUDOKU_GEOMETRIC_TRANSFORMS;
    if (!puzzle || sqlite3_value_type(puzzle) == SQLITE_NULL) {
        null_arg = 1;
    } else {
        int type = sqlite3_value_type(puzzle);
        const void *bytes;
        sudoku_parse_error err;
        if (type != SQLITE_TEXT && type != SQLITE_BLOB) {
            snprintf(msg, sizeof msg,
                     NAME ": argument 1 must be a puzzle as TEXT or BLOB, not %s",
                     type_name(type));
            return scr_fail(cur, msg);
        }
        bytes = type == SQLITE_TEXT ? (const void *)sqlite3_value_text(puzzle)
                                    : sqlite3_value_blob(puzzle);
        if (!bytes && sqlite3_value_bytes(puzzle) > 0)
            return SQLITE_NOMEM;
        if (sudoku_grid_parse(bytes, (size_t)sqlite3_value_bytes(puzzle),
                              &cur->puzzle, &err) != SUDOKU_PARSE_OK)
            return scr_fail(cur, sudoku_parse_error_message(&err, NAME, msg,
                                                            sizeof msg));
    }
    if (count) {
        if (sqlite3_value_type(count) == SQLITE_NULL) {
            null_arg = 1;
        } else if (!read_int(count, "count", &cur->count, msg, sizeof msg)) {
            return scr_fail(cur, msg);
        } else if (cur->count < 0) {
            snprintf(msg, sizeof msg, NAME ": count must not be negative, got %lld",
                     (long long)cur->count);
            return scr_fail(cur, msg);
        }
    }
    if (seed) {
        if (sqlite3_value_type(seed) == SQLITE_NULL)
            null_arg = 1;
        else if (!read_int(seed, "seed", &cur->seed, msg, sizeof msg))
            return scr_fail(cur, msg);
    }
    if (null_arg) {
        cur->count = 0; /* NULL in, no rows out */
        return SQLITE_OK;
    }
    if (cur->full) {
        sudoku_scramble_first(&cur->t);
    } else {
        sudoku_rng_seed(&cur->rng, (uint64_t)cur->seed);
        if (cur->count > 0)
            sudoku_scramble_random(&cur->rng, &cur->t);
    }
    return SQLITE_OK;
}

static int scr_next(sqlite3_vtab_cursor *base)
{
    scr_cursor *cur = (scr_cursor *)base;
    cur->n++;
    cur->ready = 0;
    if (cur->n < cur->count) {
        if (cur->full)
            sudoku_scramble_next(&cur->t);
        else
            sudoku_scramble_random(&cur->rng, &cur->t);
    }
    return SQLITE_OK;
}

static int scr_eof(sqlite3_vtab_cursor *base)
{
    scr_cursor *cur = (scr_cursor *)base;
    return cur->n >= cur->count;
}

static int scr_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
    scr_cursor *cur = (scr_cursor *)base;
    switch (col) {
    case COL_N:
        sqlite3_result_int64(ctx, cur->n);
        break;
    case COL_SCRAMBLE:
        if (!cur->ready) {
            sudoku_transform_apply(&cur->t, &cur->puzzle, &cur->scramble);
            cur->ready = 1;
        }
        ext_result_grid(ctx, &cur->scramble);
        break;
    case COL_TRANSFORM:
        ext_result_transform(ctx, &cur->t);
        break;
    case COL_PUZZLE:
        ext_result_grid(ctx, &cur->puzzle);
        break;
    case COL_COUNT:
        if (cur->full)
            sqlite3_result_null(ctx);
        else
            sqlite3_result_int64(ctx, cur->count);
        break;
    default:
        sqlite3_result_int64(ctx, cur->seed);
        break;
    }
    return SQLITE_OK;
}

static int scr_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid)
{
    *rowid = ((scr_cursor *)base)->n;
    return SQLITE_OK;
}

/* Designated initialisers: the remaining methods (writes, transactions,
 * and whatever later SQLite versions add) stay NULL. xCreate is NULL,
 * which makes the table eponymous-only: it exists in every schema as
 * soon as the module is registered, and CREATE VIRTUAL TABLE is refused. */
const sqlite3_module ext_scrambles_module = {
    .iVersion = 0,
    .xConnect = scr_connect,
    .xBestIndex = scr_best_index,
    .xDisconnect = scr_disconnect,
    .xOpen = scr_open,
    .xClose = scr_close,
    .xFilter = scr_filter,
    .xNext = scr_next,
    .xEof = scr_eof,
    .xColumn = scr_column,
    .xRowid = scr_rowid,
};

void ext_scramble(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid in, out;
    sudoku_transform t;
    sudoku_rng rng;
    sqlite3_int64 seed = 0;
    int a, b = EXT_OK;
    a = ext_arg_grid(ctx, argv[0], 1, &in);
    if (a == EXT_ERROR)
        return;
    if (argc > 1)
        b = ext_arg_int(ctx, argv[1], "seed", &seed);
    if (a != EXT_OK || b != EXT_OK)
        return;
    /* The first draw of the same generator the table uses: row n = 0 of
     * sudoku_scrambles(p, count, seed) for any count > 0. */
    sudoku_rng_seed(&rng, (uint64_t)seed);
    sudoku_scramble_random(&rng, &t);
    sudoku_transform_apply(&t, &in, &out);
    ext_result_grid(ctx, &out);
}
