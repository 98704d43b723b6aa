/*
 * se.c - the Sudoku Explainer rating in SQL (core/se_rating.h).
 *
 *   sudoku_se_rating(p)             REAL  ER, as serate 1.2.1.3 prints it
 *                                         (also sudoku_se_rating(p, 'ER'))
 *   sudoku_se_rating(p, 'pearl')    REAL  EP (or 'EP')
 *   sudoku_se_rating(p, 'diamond')  REAL  ED (or 'ED')
 *   sudoku_se_rating(p, 'all')      TEXT  'ER/EP/ED' like serate's %r/%p/%d
 *   sudoku_se_steps(p)              the solving path, one row per step
 *
 * NULL when the puzzle has no rating (clashing givens, no or several
 * solutions, a full grid) and when it needs a technique this version does
 * not implement yet: the value returned is exact or absent, never a guess.
 *
 * sudoku_se_steps is an eponymous table-valued function
 *   CREATE TABLE x(step INTEGER, technique TEXT, rating REAL, cell TEXT,
 *                  digit INTEGER, eliminations TEXT, puzzle TEXT HIDDEN)
 * (cell 'r4c7' and digit for a placement, else NULL; eliminations like
 * 'r1c2<>5 r3c4<>7', else NULL). When the rater stops at a technique it
 * lacks, a last row has technique 'unsupported' and NULL elsewhere. The
 * whole path is made in xFilter (a few KB in the cursor; as long as the
 * rating takes, and stopped by sqlite3_interrupt() like the function).
 *
 * The rater's work areas (some 15 MB once a puzzle needed nested chains)
 * stay with the connection, one set shared by both forms of
 * sudoku_se_rating and sudoku_se_steps, and go when it closes: made
 * afresh for each call they cost page faults, 3% of a hard puzzle's time
 * and half of a puzzle rated 6.5's. A call that comes while they are in
 * use (SQL run by a callback of the connection during a rating) rates
 * with work areas of its own.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "ext.h"
#include "se_rating.h"
#include "vtab.h"

/* A connection's rater, for one caller at a time; refs: the function
 * registrations and the module that hold it. */
typedef struct shared_rater {
    sudoku_se_rater *rater;
    int busy;
    int refs;
} shared_rater;

/* The connection's rater (*shared, made on first call), held once more;
 * NULL when out of memory. */
static shared_rater *shared_hold(void **shared)
{
    shared_rater *r = *shared;
    if (!r) {
        if (!(r = sqlite3_malloc(sizeof *r)))
            return NULL;
        r->busy = r->refs = 0;
        if (!(r->rater = sudoku_se_rater_new())) {
            sqlite3_free(r);
            return NULL;
        }
        *shared = r;
    }
    r->refs++;
    return r;
}

static void shared_release(shared_rater *r)
{
    if (--r->refs > 0)
        return;
    sudoku_se_rater_free(r->rater);
    sqlite3_free(r);
}

static sudoku_se_status rate_shared(shared_rater *shared, const sudoku_grid *grid,
                                    sudoku_se_path *path, const sudoku_cancel *cancel)
{
    if (shared->busy)
        return sudoku_se_rate(grid, path, cancel);
    shared->busy = 1;
    sudoku_se_status st = sudoku_se_rate_with(shared->rater, grid, path, cancel);
    shared->busy = 0;
    return st;
}

typedef struct rating_data {
    ext_function fn; /* first: ext_fname, ext_null_rule */
    shared_rater *shared;
} rating_data;

void *ext_se_rating_data(const ext_function *fn, void **shared)
{
    rating_data *d = sqlite3_malloc(sizeof *d);
    if (!d)
        return NULL;
    d->fn = *fn;
    if (!(d->shared = shared_hold(shared))) {
        sqlite3_free(d);
        return NULL;
    }
    return d;
}

void ext_se_rating_data_free(void *data)
{
    rating_data *d = data;
    shared_release(d->shared);
    sqlite3_free(d);
}

void *ext_se_rater_aux(void **shared)
{
    return shared_hold(shared);
}

void ext_se_rater_aux_free(void *aux)
{
    shared_release(aux);
}

sudoku_se_rater *ext_se_rater_take(void *aux)
{
    shared_rater *shared = aux;
    if (!shared || shared->busy)
        return NULL;
    shared->busy = 1;
    return shared->rater;
}

void ext_se_rater_give(void *aux)
{
    ((shared_rater *)aux)->busy = 0;
}

void ext_se_rating(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    /* 'ER', 'EP', 'ED': serate's own names for the three (upper case, as
     * it prints them) */
    static const char *const which_names[] = {"rating", "pearl", "diamond", "all",
                                              "ER",     "EP",    "ED",      NULL};
    sudoku_grid grid;
    int which = 0;
    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    if (argc > 1 && ext_arg_keyword(ctx, argv[1], "which", which_names,
                                    "'rating' or 'ER', 'pearl' or 'EP', 'diamond' or "
                                    "'ED', or 'all'",
                                    &which) != EXT_OK)
        return;
    if (which > 3)
        which -= 4;
    sudoku_se_path *path = sqlite3_malloc(sizeof *path);
    if (!path) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    sudoku_cancel cancel;
    ext_cancel_init(sqlite3_context_db_handle(ctx), &cancel);
    rating_data *data = sqlite3_user_data(ctx);
    sudoku_se_status st = rate_shared(data->shared, &grid, path, &cancel);
    if (st == SUDOKU_SE_CANCELLED) {
        ext_result_interrupted(ctx);
    } else if (st == SUDOKU_SE_OK) {
        if (which == 3) {
            char a[8], b[8], c[8], out[32];
            snprintf(out, sizeof out, "%s/%s/%s", sudoku_se_format_rating(path->er, a),
                     sudoku_se_format_rating(path->ep, b),
                     sudoku_se_format_rating(path->ed, c));
            sqlite3_result_text(ctx, out, -1, SQLITE_TRANSIENT);
        } else {
            int t = which == 0 ? path->er : which == 1 ? path->ep : path->ed;
            sqlite3_result_double(ctx, t / 10.0);
        }
    }
    sqlite3_free(path);
}

enum { COL_STEP, COL_TECHNIQUE, COL_RATING, COL_CELL, COL_DIGIT, COL_ELIMS, COL_PUZZLE };

typedef struct se_cursor {
    sqlite3_vtab_cursor base;
    sqlite3_int64 row; /* from 0 */
    int rows;          /* steps (+1 when unsupported) */
    int unsupported;
    sudoku_se_path path;
} se_cursor;

static const char *const arg_names[] = {"puzzle"};
static const ext_table se_steps_table = {
    .name = "sudoku_se_steps",
    .usage = "sudoku_se_steps(puzzle)",
    .schema = "CREATE TABLE x(step INTEGER, technique TEXT, rating REAL, cell TEXT, "
              "digit INTEGER, eliminations TEXT, puzzle TEXT HIDDEN)",
    .first_arg = COL_PUZZLE,
    .nargs = 1,
    .required = 1,
    .arg_names = arg_names,
    .cost = 100,
    .rows = 60,
    .cursor_size = sizeof(se_cursor),
    .row_offset = offsetof(se_cursor, row),
    .rowid_base = 1,
};

/* The whole path is made here; the rater is the module's client data
 * (shared_rater: the connection's, living as long as the module). */
static int se_filter(sqlite3_vtab_cursor *base, int idx, const char *idxstr,
                     int argc, sqlite3_value **argv)
{
    se_cursor *cur = (se_cursor *)base;
    ext_report rep = ext_vtab_report(base);
    sqlite3_value *arg[EXT_VTAB_MAX_ARGS];
    sudoku_grid grid;
    sudoku_cancel cancel;
    int r, null;
    (void)idxstr;
    ext_vtab_args(&se_steps_table, idx, argc, argv, arg);
    cur->row = cur->rows = 0;
    cur->unsupported = 0;
    if ((r = ext_vtab_require(base, arg, &null)) != SQLITE_OK || null)
        return r; /* a NULL: no rows */
    if (ext_read_grid(&rep, arg[0], 1, &grid) != EXT_OK)
        return ext_vtab_failed(base);
    ext_cancel_init(ext_vtab_db(base), &cancel);
    sudoku_se_status st = rate_shared(((ext_vtab *)base->pVtab)->aux, &grid, &cur->path, &cancel);
    if (st == SUDOKU_SE_CANCELLED)
        return SQLITE_INTERRUPT;
    if (st == SUDOKU_SE_OK) {
        cur->rows = cur->path.step_count;
    } else if (st == SUDOKU_SE_UNSUPPORTED) {
        cur->rows = cur->path.step_count + 1;
        cur->unsupported = 1;
    }
    return SQLITE_OK;
}

static int se_next(sqlite3_vtab_cursor *base)
{
    ((se_cursor *)base)->row++;
    return SQLITE_OK;
}

static int se_eof(sqlite3_vtab_cursor *base)
{
    se_cursor *cur = (se_cursor *)base;
    return cur->row >= cur->rows;
}

static void result_eliminations(sqlite3_context *ctx, const sudoku_se_path *p,
                                const sudoku_se_step *st)
{
    if (st->elim_count == 0)
        return;
    sqlite3_str *s = sqlite3_str_new(NULL);
    for (int e = st->elim_first; e < st->elim_first + st->elim_count; e++) {
        int c = p->elim[e] / 9, d = p->elim[e] % 9 + 1;
        sqlite3_str_appendf(s, "%sr%dc%d<>%d", e > st->elim_first ? " " : "",
                            c / 9 + 1, c % 9 + 1, d);
    }
    int len = sqlite3_str_length(s);
    char *text = sqlite3_str_finish(s);
    if (!text)
        sqlite3_result_error_nomem(ctx);
    else
        sqlite3_result_text(ctx, text, len, sqlite3_free);
}

static int se_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
    se_cursor *cur = (se_cursor *)base;
    if (col == COL_STEP) {
        sqlite3_result_int64(ctx, cur->row + 1);
        return SQLITE_OK;
    }
    if (cur->row >= cur->path.step_count) { /* the 'unsupported' row */
        if (col == COL_TECHNIQUE)
            sqlite3_result_text(ctx, "unsupported", -1, SQLITE_STATIC);
        return SQLITE_OK;
    }
    const sudoku_se_step *st = &cur->path.step[cur->row];
    char cell[8];
    switch (col) {
    case COL_TECHNIQUE:
        sqlite3_result_text(ctx, sudoku_se_technique_name((sudoku_se_technique)st->technique),
                            -1, SQLITE_STATIC);
        break;
    case COL_RATING:
        sqlite3_result_double(ctx, st->rating / 10.0);
        break;
    case COL_CELL:
        if (st->cell >= 0) {
            snprintf(cell, sizeof cell, "r%dc%d", st->cell / 9 + 1, st->cell % 9 + 1);
            sqlite3_result_text(ctx, cell, -1, SQLITE_TRANSIENT);
        }
        break;
    case COL_DIGIT:
        if (st->cell >= 0)
            sqlite3_result_int(ctx, st->digit);
        break;
    case COL_ELIMS:
        result_eliminations(ctx, &cur->path, st);
        break;
    default:
        break;
    }
    return SQLITE_OK;
}

EXT_VTAB_MODULE(ext_se_steps_module, se_steps_table, ext_vtab_best_index, se_filter, se_next,
                se_eof, se_column);
