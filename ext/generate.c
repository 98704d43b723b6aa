/*
 * generate.c - the table-valued function that makes puzzles:
 *
 *   sudoku_generate(count, seed [, options])
 *     CREATE TABLE x(n INTEGER, puzzle TEXT, solution TEXT, clues INTEGER,
 *                    minimal INTEGER, depth INTEGER, count INTEGER HIDDEN,
 *                    seed INTEGER HIDDEN, options TEXT HIDDEN)
 *
 * Made with the kit of vtab.h. Rows are made on demand by the core
 * (core/generate.h), so LIMIT stops the work; `minimal` and `depth` cost
 * searches of their own and are computed only when read. The options are
 * one JSON object read by the core (sudoku_generate_options_parse, whose
 * header lists the keys). A row that finds no puzzle within `tries` is an
 * error saying how many were found, not a row left out. Candidates with
 * an "se" target are rated with the connection's SE rater (se.c).
 */
#include <stddef.h>

#include "ext.h"
#include "generate.h"
#include "te_depth.h"
#include "vtab.h"

enum {
    COL_N,
    COL_PUZZLE,
    COL_SOLUTION,
    COL_CLUES,
    COL_MINIMAL,
    COL_DEPTH,
    COL_COUNT,
    COL_SEED,
    COL_OPTIONS
};

typedef struct gen_cursor {
    sqlite3_vtab_cursor base;
    sqlite3_int64 n, count, seed;
    sudoku_generate_options opt;
    sudoku_grid puzzle, solution;
    int minimal, depth; /* -1: not computed yet */
    char *options;      /* the options text as given, or NULL */
} gen_cursor;

static void gen_cursor_free(sqlite3_vtab_cursor *base)
{
    sqlite3_free(((gen_cursor *)base)->options);
}

static const char *const arg_names[] = {"count", "seed", "options"};
static const ext_table generate_table = {
    .name = "sudoku_generate",
    .usage = "sudoku_generate(count, seed [, options])",
    .schema = "CREATE TABLE x(n INTEGER, puzzle TEXT, solution TEXT, clues INTEGER, "
              "minimal INTEGER, depth INTEGER, count INTEGER HIDDEN, seed INTEGER HIDDEN, "
              "options TEXT HIDDEN)",
    .first_arg = COL_COUNT,
    .nargs = 3,
    .required = 2,
    .arg_names = arg_names,
    .cost = 1000,
    .rows = 100,
    .cursor_size = sizeof(gen_cursor),
    .row_offset = offsetof(gen_cursor, n),
    .cursor_free = gen_cursor_free,
};

/* Makes row cur->n; an error when it runs out of tries. */
static int gen_fill(gen_cursor *cur)
{
    sudoku_cancel cancel;
    void *shared = ((ext_vtab *)cur->base.pVtab)->aux;
    int r;
    if (cur->n >= cur->count)
        return SQLITE_OK;
    ext_cancel_init(ext_vtab_db(&cur->base), &cancel);
    cur->opt.rater = cur->opt.se_min >= 0 ? ext_se_rater_take(shared) : NULL;
    r = sudoku_generate(&cur->opt, (uint64_t)cur->seed, (uint64_t)cur->n, &cur->puzzle,
                        &cur->solution, &cancel);
    if (cur->opt.rater)
        ext_se_rater_give(shared);
    cur->opt.rater = NULL;
    if (r == SUDOKU_CANCELLED)
        return SQLITE_INTERRUPT;
    if (r != 1)
        return ext_vtab_error(&cur->base,
                              "out of tries: %lld of %lld puzzles found, none "
                              "within %u tries for n = %lld (raise \"tries\" in the "
                              "options)",
                              (long long)cur->n, (long long)cur->count, (unsigned)cur->opt.tries,
                              (long long)cur->n);
    /* Known without a search: the plain pass proves minimality, and the
     * check ran when a symmetry or pattern was asked with minimality. */
    cur->minimal = cur->opt.minimal ? 1 : -1;
    cur->depth = cur->opt.depth >= 0 ? cur->opt.depth : -1;
    return SQLITE_OK;
}

static int gen_filter(sqlite3_vtab_cursor *base, int idx, const char *idx_str, int argc,
                      sqlite3_value **argv)
{
    gen_cursor *cur = (gen_cursor *)base;
    ext_report rep = ext_vtab_report(base);
    sqlite3_value *arg[EXT_VTAB_MAX_ARGS];
    const char *text;
    int len, r, null;
    (void)idx_str;
    ext_vtab_args(&generate_table, idx, argc, argv, arg);
    cur->n = cur->count = 0;
    sqlite3_free(cur->options);
    cur->options = NULL;
    sudoku_generate_defaults(&cur->opt);
    if ((r = ext_vtab_require(base, arg, &null)) != SQLITE_OK || null)
        return r; /* a NULL: no rows */
    if (ext_read_int(&rep, arg[0], "count", &cur->count) != EXT_OK)
        return ext_vtab_failed(base);
    if (cur->count < 0)
        return ext_vtab_error(base, "count must not be negative, got %lld", (long long)cur->count);
    if (ext_read_int(&rep, arg[1], "seed", &cur->seed) != EXT_OK)
        return ext_vtab_failed(base);
    if (arg[2]) {
        char msg[300];
        if (ext_read_text(&rep, arg[2], "options", "a JSON object as TEXT", &text, &len) != EXT_OK)
            return ext_vtab_failed(base);
        if (!sudoku_generate_options_parse(text, (size_t)len, &cur->opt, generate_table.name, msg,
                                           sizeof msg)) {
            ext_report_text(&rep, msg);
            return ext_vtab_failed(base);
        }
        if (!(cur->options = sqlite3_mprintf("%s", text)))
            return SQLITE_NOMEM;
    }
    return gen_fill(cur);
}

static int gen_next(sqlite3_vtab_cursor *base)
{
    gen_cursor *cur = (gen_cursor *)base;
    cur->n++;
    return gen_fill(cur);
}

static int gen_eof(sqlite3_vtab_cursor *base)
{
    gen_cursor *cur = (gen_cursor *)base;
    return cur->n >= cur->count;
}

static int gen_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
    gen_cursor *cur = (gen_cursor *)base;
    sudoku_cancel cancel;
    int r;
    switch (col) {
    case COL_N:
        sqlite3_result_int64(ctx, cur->n);
        break;
    case COL_PUZZLE:
        ext_result_grid(ctx, &cur->puzzle);
        break;
    case COL_SOLUTION:
        ext_result_grid(ctx, &cur->solution);
        break;
    case COL_CLUES:
        sqlite3_result_int(ctx, sudoku_grid_givens(&cur->puzzle));
        break;
    case COL_MINIMAL:
    case COL_DEPTH:
        if ((col == COL_MINIMAL ? cur->minimal : cur->depth) < 0) {
            ext_cancel_init(ext_vtab_db(base), &cancel);
            r = col == COL_MINIMAL
                    ? sudoku_generate_is_minimal(&cur->puzzle, &cur->solution, &cancel)
                    : sudoku_te_depth(&cur->puzzle, SUDOKU_TE_UNLIMITED, &cancel);
            if (r == SUDOKU_CANCELLED) {
                ext_result_interrupted(ctx);
                return SQLITE_OK;
            }
            *(col == COL_MINIMAL ? &cur->minimal : &cur->depth) = r;
        }
        sqlite3_result_int(ctx, col == COL_MINIMAL ? cur->minimal : cur->depth);
        break;
    case COL_COUNT:
        sqlite3_result_int64(ctx, cur->count);
        break;
    case COL_SEED:
        sqlite3_result_int64(ctx, cur->seed);
        break;
    default:
        if (cur->options)
            sqlite3_result_text(ctx, cur->options, -1, SQLITE_TRANSIENT);
        break;
    }
    return SQLITE_OK;
}

EXT_VTAB_MODULE(ext_generate_module, generate_table, ext_vtab_best_index, gen_filter, gen_next,
                gen_eof, gen_column);
