/*
 * generate.c - the table-valued functions that make puzzles:
 *
 *   sudoku_generate(count, seed [, options])
 *     CREATE TABLE x(n INTEGER, puzzle TEXT, solution TEXT, clues INTEGER,
 *                    minimal INTEGER, depth INTEGER, count INTEGER HIDDEN,
 *                    seed INTEGER HIDDEN, options TEXT HIDDEN)
 *   sudoku_neighbors(p, minus, plus)
 *     CREATE TABLE x(puzzle TEXT, removed TEXT, added TEXT, clues INTEGER,
 *                    minimal INTEGER, p TEXT HIDDEN, minus INTEGER HIDDEN,
 *                    plus INTEGER HIDDEN)
 *
 * As in series.c and scrambles.c the arguments are equality constraints on
 * the hidden columns, handed to xFilter by argvIndex. Rows are made on
 * demand by the core (core/generate.h, core/neighbors.h), so LIMIT stops
 * the work; `minimal` and `depth` cost searches of their own and are
 * computed only when read.
 *
 * The options of sudoku_generate are one JSON object (build it with
 * json_object() or write it literally), e.g.
 *   '{"symmetry":"rotate180","clues":[22,24],"depth":1}'
 * keys: symmetry (a name of core/symmetry.h), clues (an integer or a
 * [min, max] pair), pattern (81 characters: '.' or '0' empty, '1'-'9', 'x',
 * 'X' or '*' a clue cell; whitespace skipped), grid (a full solution grid),
 * depth (0..3), se (a Sudoku Explainer rating or a [min, max] pair within
 * 1.0..20.0: the ER must lie in range), minimal (true/false), search
 * ("random" attempts or the vicinity "climb"; by default the climb for
 * depth 2 without symmetry, pattern or grid), tries (1..1000000). An
 * unknown key, a
 * wrong type or a value out of range is an error naming the function.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ext.h"
#include "generate.h"
#include "neighbors.h"
#include "te_depth.h"

/* ---------------------------------------------------------------- shared */

typedef struct gen_vtab {
    sqlite3_vtab base;
    sqlite3 *db; /* for the cancel hook */
} gen_vtab;

/* Connect for both tables: `schema` is the declaration. */
static int connect_with(sqlite3 *db, const char *schema, sqlite3_vtab **out)
{
    gen_vtab *vtab;
    int rc = sqlite3_declare_vtab(db, schema);
    if (rc != SQLITE_OK)
        return rc;
    vtab = sqlite3_malloc(sizeof *vtab);
    if (!vtab)
        return SQLITE_NOMEM;
    memset(vtab, 0, sizeof *vtab);
    vtab->db = db;
    /* Pure computation on its arguments (random rows take a seed). */
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    *out = &vtab->base;
    return SQLITE_OK;
}

static int gen_disconnect(sqlite3_vtab *vtab)
{
    sqlite3_free(vtab);
    return SQLITE_OK;
}

static int gen_close(sqlite3_vtab_cursor *cur)
{
    sqlite3_free(cur);
    return SQLITE_OK;
}

/* Plans a scan whose arguments are the hidden columns first..first+nargs-1,
 * handed over by argvIndex in column order; idxNum has bit k for argument
 * k. A plan without one of the `required` first arguments is refused when
 * the argument is there but unusable, and priced out when it is absent (so
 * xFilter reports it; failing here would fail OR-planning). */
static int best_index_args(sqlite3_index_info *info, int first, int nargs,
                           int required)
{
    int use[8], idx = 0, argc = 0, unusable = 0;
    for (int k = 0; k < nargs; k++)
        use[k] = -1;
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        int k = c->iColumn - first;
        if (k < 0 || k >= nargs || c->op != SQLITE_INDEX_CONSTRAINT_EQ)
            continue;
        if (!c->usable)
            unusable |= 1 << k;
        else if (use[k] < 0) {
            use[k] = i;
            idx |= 1 << k;
        }
    }
    if (unusable & ~idx)
        return SQLITE_CONSTRAINT;
    for (int k = 0; k < nargs; k++)
        if (use[k] >= 0) {
            info->aConstraintUsage[use[k]].argvIndex = ++argc;
            info->aConstraintUsage[use[k]].omit = 1;
        }
    info->idxNum = idx;
    if ((idx & ((1 << required) - 1)) != (1 << required) - 1) {
        info->estimatedCost = 1e300;
        info->estimatedRows = INT64_MAX / 2;
    } else {
        info->estimatedCost = 1000;
        info->estimatedRows = 100;
    }
    return SQLITE_OK;
}

static int cursor_fail(sqlite3_vtab_cursor *cur, const char *fmt, ...)
{
    sqlite3_vtab *vtab = cur->pVtab;
    va_list ap;
    va_start(ap, fmt);
    sqlite3_free(vtab->zErrMsg);
    vtab->zErrMsg = sqlite3_vmprintf(fmt, ap);
    va_end(ap);
    return vtab->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* Reads an INTEGER argument (an integral REAL too): EXT_OK, EXT_NULL, or
 * EXT_ERROR with the message set on the cursor. */
static int arg_int(sqlite3_vtab_cursor *cur, const char *fname, sqlite3_value *v,
                   const char *what, sqlite3_int64 *out)
{
    int type = sqlite3_value_type(v);
    double d;
    switch (type) {
    case SQLITE_NULL:
        return EXT_NULL;
    case SQLITE_INTEGER:
        *out = sqlite3_value_int64(v);
        return EXT_OK;
    case SQLITE_FLOAT:
        d = sqlite3_value_double(v);
        if (d >= -9.2e18 && d <= 9.2e18 && d == (double)(sqlite3_int64)d) {
            *out = (sqlite3_int64)d;
            return EXT_OK;
        }
        cursor_fail(cur, "%s: %s must be an INTEGER, not a non-integral REAL", fname, what);
        return EXT_ERROR;
    default:
        cursor_fail(cur, "%s: %s must be an INTEGER, not %s", fname, what,
                    ext_type_name(type));
        return EXT_ERROR;
    }
}

/* Reads a puzzle argument (TEXT or BLOB in any form grid.h accepts). */
static int arg_grid(sqlite3_vtab_cursor *cur, const char *fname, sqlite3_value *v,
                    const char *what, sudoku_grid *g)
{
    int type = sqlite3_value_type(v);
    const void *bytes;
    sudoku_parse_error err;
    char msg[200], prefix[100];
    if (type == SQLITE_NULL)
        return EXT_NULL;
    if (type != SQLITE_TEXT && type != SQLITE_BLOB) {
        cursor_fail(cur, "%s: %s must be a puzzle as TEXT or BLOB, not %s", fname,
                    what, ext_type_name(type));
        return EXT_ERROR;
    }
    bytes = type == SQLITE_TEXT ? (const void *)sqlite3_value_text(v)
                                : sqlite3_value_blob(v);
    if (!bytes && sqlite3_value_bytes(v) > 0) {
        cursor_fail(cur, "%s: out of memory", fname);
        return EXT_ERROR;
    }
    if (sudoku_grid_parse(bytes, (size_t)sqlite3_value_bytes(v), g, &err) !=
        SUDOKU_PARSE_OK) {
        snprintf(prefix, sizeof prefix, "%s: %s", fname, what);
        cursor_fail(cur, "%s", sudoku_parse_error_message(&err, prefix, msg, sizeof msg));
        return EXT_ERROR;
    }
    return EXT_OK;
}

#define GEN_NAME "sudoku_generate"

/* ------------------------------------------------------- sudoku_generate */

enum { G_N, G_PUZZLE, G_SOLUTION, G_CLUES, G_MINIMAL, G_DEPTH, G_COUNT, G_SEED,
       G_OPTIONS };

typedef struct gen_cursor {
    sqlite3_vtab_cursor base;
    sqlite3_int64 n, count, seed;
    sudoku_generate_options opt;
    sudoku_grid puzzle, solution;
    int minimal, depth; /* -1: not computed yet */
    char *options;      /* the options text as given, or NULL */
} gen_cursor;

static int gen_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                       sqlite3_vtab **out, char **err)
{
    (void)aux;
    (void)argc;
    (void)argv;
    (void)err;
    return connect_with(db, "CREATE TABLE x(n INTEGER, puzzle TEXT, solution TEXT, "
                            "clues INTEGER, minimal INTEGER, depth INTEGER, "
                            "count INTEGER HIDDEN, seed INTEGER HIDDEN, "
                            "options TEXT HIDDEN)", out);
}

static int gen_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
{
    gen_cursor *cur = sqlite3_malloc(sizeof *cur);
    (void)vtab;
    if (!cur)
        return SQLITE_NOMEM;
    memset(cur, 0, sizeof *cur);
    *out = &cur->base;
    return SQLITE_OK;
}

static int gen_close_cursor(sqlite3_vtab_cursor *base)
{
    sqlite3_free(((gen_cursor *)base)->options);
    return gen_close(base);
}

static int gen_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    (void)vtab;
    return best_index_args(info, G_COUNT, 3, 2);
}

/* Makes rows from cur->n on until one is found or count is reached. */
static int gen_fill(gen_cursor *cur)
{
    sudoku_cancel cancel;
    ext_cancel_init(((gen_vtab *)cur->base.pVtab)->db, &cancel);
    cur->minimal = cur->depth = -1;
    for (; cur->n < cur->count; cur->n++) {
        int r = sudoku_generate(&cur->opt, (uint64_t)cur->seed, (uint64_t)cur->n,
                                &cur->puzzle, &cur->solution, &cancel);
        if (r == SUDOKU_CANCELLED)
            return SQLITE_INTERRUPT;
        if (r == 1)
            break; /* else no puzzle for row n within the tries: no row */
    }
    /* Known without a search: the plain pass proves minimality, and the
     * check ran when a symmetry or pattern was asked with minimality. */
    if (cur->opt.minimal)
        cur->minimal = 1;
    if (cur->opt.depth >= 0)
        cur->depth = cur->opt.depth;
    return SQLITE_OK;
}

static int gen_filter(sqlite3_vtab_cursor *base, int idx, const char *idx_str,
                      int argc, sqlite3_value **argv)
{
    gen_cursor *cur = (gen_cursor *)base;
    sqlite3_value *arg[3] = {NULL, NULL, NULL};
    int a = 0, r;
    (void)idx_str;
    for (int k = 0; k < 3; k++)
        if ((idx >> k & 1) && a < argc)
            arg[k] = argv[a++];
    cur->n = cur->count = 0;
    sqlite3_free(cur->options);
    cur->options = NULL;
    sudoku_generate_defaults(&cur->opt);
    if (!arg[0] || !arg[1])
        return cursor_fail(base, GEN_NAME ": the %s argument is missing (usage: "
                           GEN_NAME "(count, seed [, options]))", arg[0] ? "seed" : "count");
    if (ext_args_null(a, argv))
        return SQLITE_OK; /* the NULL rule (ext.h): no rows */
    r = arg_int(base, GEN_NAME, arg[0], "count", &cur->count);
    if (r != EXT_OK)
        return SQLITE_ERROR;
    if (cur->count < 0)
        return cursor_fail(base, GEN_NAME ": count must not be negative, got %lld",
                           (long long)cur->count);
    r = arg_int(base, GEN_NAME, arg[1], "seed", &cur->seed);
    if (r != EXT_OK)
        return SQLITE_ERROR;
    if (arg[2]) {
        char msg[300];
        const char *text;
        int len;
        if (sqlite3_value_type(arg[2]) != SQLITE_TEXT)
            return cursor_fail(base, GEN_NAME ": options must be a JSON object as TEXT, not %s",
                               ext_type_name(sqlite3_value_type(arg[2])));
        text = (const char *)sqlite3_value_text(arg[2]);
        len = sqlite3_value_bytes(arg[2]);
        if (!text)
            return SQLITE_NOMEM;
        if (!sudoku_generate_options_parse(text, (size_t)len, &cur->opt, GEN_NAME, msg,
                                           sizeof msg))
            return cursor_fail(base, "%s", msg);
        cur->options = sqlite3_mprintf("%s", text);
        if (!cur->options)
            return SQLITE_NOMEM;
    }
    return gen_fill(cur);
}

static int gen_next(sqlite3_vtab_cursor *base)
{
    gen_cursor *cur = (gen_cursor *)base;
    cur->n++;
    if (gen_fill(cur) == SQLITE_INTERRUPT)
        return SQLITE_INTERRUPT;
    return SQLITE_OK;
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
    ext_cancel_init(((gen_vtab *)base->pVtab)->db, &cancel);
    switch (col) {
    case G_N:
        sqlite3_result_int64(ctx, cur->n);
        break;
    case G_PUZZLE:
        ext_result_grid(ctx, &cur->puzzle);
        break;
    case G_SOLUTION:
        ext_result_grid(ctx, &cur->solution);
        break;
    case G_CLUES:
        sqlite3_result_int(ctx, sudoku_grid_givens(&cur->puzzle));
        break;
    case G_MINIMAL:
        if (cur->minimal < 0) {
            int r = sudoku_generate_is_minimal(&cur->puzzle, &cur->solution, &cancel);
            if (r == SUDOKU_CANCELLED) {
                ext_result_interrupted(ctx);
                return SQLITE_OK;
            }
            cur->minimal = r;
        }
        sqlite3_result_int(ctx, cur->minimal);
        break;
    case G_DEPTH:
        if (cur->depth < 0) {
            int r = sudoku_te_depth_cancel(&cur->puzzle, SUDOKU_TE_UNLIMITED, &cancel);
            if (r == SUDOKU_CANCELLED) {
                ext_result_interrupted(ctx);
                return SQLITE_OK;
            }
            cur->depth = r;
        }
        sqlite3_result_int(ctx, cur->depth);
        break;
    case G_COUNT:
        sqlite3_result_int64(ctx, cur->count);
        break;
    case G_SEED:
        sqlite3_result_int64(ctx, cur->seed);
        break;
    default:
        if (cur->options)
            sqlite3_result_text(ctx, cur->options, -1, SQLITE_TRANSIENT);
        else
            sqlite3_result_null(ctx);
        break;
    }
    return SQLITE_OK;
}

static int gen_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid)
{
    *rowid = ((gen_cursor *)base)->n;
    return SQLITE_OK;
}

/* Eponymous-only (xCreate NULL), like sudoku_scrambles. */
const sqlite3_module ext_generate_module = {
    .iVersion = 0,
    .xConnect = gen_connect,
    .xBestIndex = gen_best_index,
    .xDisconnect = gen_disconnect,
    .xOpen = gen_open,
    .xClose = gen_close_cursor,
    .xFilter = gen_filter,
    .xNext = gen_next,
    .xEof = gen_eof,
    .xColumn = gen_column,
    .xRowid = gen_rowid,
};

/* ------------------------------------------------------ sudoku_neighbors */

#define NB_NAME "sudoku_neighbors"

enum { NB_PUZZLE, NB_REMOVED, NB_ADDED, NB_CLUES, NB_MINIMAL, NB_P, NB_MINUS,
       NB_PLUS };

typedef struct nb_cursor {
    sqlite3_vtab_cursor base;
    sqlite3_int64 row, minus, plus;
    int eof, minimal; /* minimal: -1 not computed yet */
    sudoku_grid p;
    sudoku_neighbors nb;
} nb_cursor;

static int nb_connect(sqlite3 *db, void *aux, int argc, const char *const *argv,
                      sqlite3_vtab **out, char **err)
{
    (void)aux;
    (void)argc;
    (void)argv;
    (void)err;
    return connect_with(db, "CREATE TABLE x(puzzle TEXT, removed TEXT, added TEXT, "
                            "clues INTEGER, minimal INTEGER, p TEXT HIDDEN, "
                            "minus INTEGER HIDDEN, plus INTEGER HIDDEN)", out);
}

static int nb_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out)
{
    nb_cursor *cur = sqlite3_malloc(sizeof *cur);
    (void)vtab;
    if (!cur)
        return SQLITE_NOMEM;
    memset(cur, 0, sizeof *cur);
    cur->eof = 1;
    *out = &cur->base;
    return SQLITE_OK;
}

static int nb_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info)
{
    (void)vtab;
    return best_index_args(info, NB_P, 3, 3);
}

static int nb_step(nb_cursor *cur)
{
    sudoku_cancel cancel;
    int r;
    ext_cancel_init(((gen_vtab *)cur->base.pVtab)->db, &cancel);
    r = sudoku_neighbors_next(&cur->nb, &cancel);
    if (r == SUDOKU_CANCELLED)
        return SQLITE_INTERRUPT;
    cur->eof = r != 1;
    cur->minimal = -1;
    return SQLITE_OK;
}

static int nb_filter(sqlite3_vtab_cursor *base, int idx, const char *idx_str,
                     int argc, sqlite3_value **argv)
{
    nb_cursor *cur = (nb_cursor *)base;
    sqlite3_value *arg[3] = {NULL, NULL, NULL};
    int a = 0;
    (void)idx_str;
    for (int k = 0; k < 3; k++)
        if ((idx >> k & 1) && a < argc)
            arg[k] = argv[a++];
    cur->eof = 1;
    cur->row = 0;
    if (!arg[0] || !arg[1] || !arg[2])
        return cursor_fail(base, NB_NAME ": the %s argument is missing (usage: "
                           NB_NAME "(p, minus, plus))",
                           !arg[0] ? "p" : !arg[1] ? "minus" : "plus");
    if (ext_args_null(a, argv))
        return SQLITE_OK; /* the NULL rule (ext.h): no rows */
    if (arg_grid(base, NB_NAME, arg[0], "argument 1", &cur->p) != EXT_OK ||
        arg_int(base, NB_NAME, arg[1], "minus", &cur->minus) != EXT_OK ||
        arg_int(base, NB_NAME, arg[2], "plus", &cur->plus) != EXT_OK)
        return SQLITE_ERROR;
    if (cur->minus < 0 || cur->minus > SUDOKU_CELLS || cur->plus < 0 ||
        cur->plus > SUDOKU_CELLS)
        return cursor_fail(base, NB_NAME ": minus and plus must be within 0..81, got %lld and %lld",
                           (long long)cur->minus, (long long)cur->plus);
    sudoku_neighbors_start(&cur->nb, &cur->p, (int)cur->minus, (int)cur->plus);
    return nb_step(cur);
}

static int nb_next(sqlite3_vtab_cursor *base)
{
    nb_cursor *cur = (nb_cursor *)base;
    cur->row++;
    return nb_step(cur);
}

static int nb_eof(sqlite3_vtab_cursor *base)
{
    return ((nb_cursor *)base)->eof;
}

/* "r1c2=5 r3c4=7": the cells and digits of a change. */
static void result_cells(sqlite3_context *ctx, const int *cell, const int *digit, int k)
{
    char buf[SUDOKU_CELLS * 8 + 1];
    size_t n = 0;
    for (int i = 0; i < k; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%sr%dc%d=%d", i ? " " : "",
                              sudoku_row(cell[i]) + 1, sudoku_col(cell[i]) + 1, digit[i]);
    buf[n] = '\0';
    sqlite3_result_text(ctx, buf, (int)n, SQLITE_TRANSIENT);
}

static int nb_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
    nb_cursor *cur = (nb_cursor *)base;
    const sudoku_neighbors *nb = &cur->nb;
    int cell[SUDOKU_CELLS], digit[SUDOKU_CELLS];
    sudoku_cancel cancel;
    switch (col) {
    case NB_PUZZLE:
        ext_result_grid(ctx, &nb->puzzle);
        break;
    case NB_REMOVED:
        for (int i = 0; i < nb->minus; i++) {
            cell[i] = nb->clue[nb->rem[i]];
            digit[i] = nb->p.cell[cell[i]];
        }
        result_cells(ctx, cell, digit, nb->minus);
        break;
    case NB_ADDED:
        for (int i = 0; i < nb->plus; i++) {
            cell[i] = sudoku_neighbors_added_cell(nb, i);
            digit[i] = sudoku_neighbors_added_digit(nb, i);
        }
        result_cells(ctx, cell, digit, nb->plus);
        break;
    case NB_CLUES:
        sqlite3_result_int(ctx, sudoku_grid_givens(&nb->puzzle));
        break;
    case NB_MINIMAL:
        if (cur->minimal < 0) {
            int r;
            ext_cancel_init(((gen_vtab *)base->pVtab)->db, &cancel);
            r = sudoku_generate_is_minimal(&nb->puzzle, &nb->solution, &cancel);
            if (r == SUDOKU_CANCELLED) {
                ext_result_interrupted(ctx);
                return SQLITE_OK;
            }
            cur->minimal = r;
        }
        sqlite3_result_int(ctx, cur->minimal);
        break;
    case NB_P:
        ext_result_grid(ctx, &cur->p);
        break;
    case NB_MINUS:
        sqlite3_result_int64(ctx, cur->minus);
        break;
    default:
        sqlite3_result_int64(ctx, cur->plus);
        break;
    }
    return SQLITE_OK;
}

static int nb_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid)
{
    *rowid = ((nb_cursor *)base)->row;
    return SQLITE_OK;
}

const sqlite3_module ext_neighbors_module = {
    .iVersion = 0,
    .xConnect = nb_connect,
    .xBestIndex = nb_best_index,
    .xDisconnect = gen_disconnect,
    .xOpen = nb_open,
    .xClose = gen_close,
    .xFilter = nb_filter,
    .xNext = nb_next,
    .xEof = nb_eof,
    .xColumn = nb_column,
    .xRowid = nb_rowid,
};
