/* equiv.c - sudoku_equiv(a, b), sudoku_equiv_transform(a, b),
 * sudoku_automorphisms(p). */
#include <string.h>

#include "ext.h"
#include "equiv.h"
#include "minlex.h"

/* Reads both puzzle arguments: EXT_OK, or an error is set. */
static int two_grids(sqlite3_context *ctx, sqlite3_value **argv,
                     sudoku_grid *a, sudoku_grid *b)
{
    if (ext_arg_grid(ctx, argv[0], 1, a) != EXT_OK ||
        ext_arg_grid(ctx, argv[1], 2, b) != EXT_OK)
        return EXT_ERROR;
    return EXT_OK;
}

/* One side's canonical form. */
typedef struct canon {
    sudoku_grid g, m;
    sudoku_transform t;
} canon;

/* When an argument is the same for every row of a statement (`WHERE
 * sudoku_equiv(p, '<one puzzle>')`, the search for copies of one puzzle),
 * SQLite keeps its canonical form between rows as auxiliary data, so that
 * side costs nothing after the first row. It is offered only after the
 * invariants passed: the cheap rejections allocate nothing. */
static const canon *kept(sqlite3_context *ctx, int i, const sudoku_grid *g)
{
    const canon *k = sqlite3_get_auxdata(ctx, i);
    return k && memcmp(&k->g, g, sizeof *g) == 0 ? k : NULL;
}

static void keep(sqlite3_context *ctx, int i, const canon *c)
{
    canon *k = sqlite3_malloc(sizeof *k);
    if (k) {
        *k = *c;
        /* SQLite may free it at once (a non-constant argument): not used
         * after this call. */
        sqlite3_set_auxdata(ctx, i, k, sqlite3_free);
    }
}

/* 1 (and the witness into t, when not NULL) when a and b are equivalent.
 * One side is canonicalised (or found kept), the other only tested
 * against that form (sudoku_minlex_matches), which prunes from its first
 * row. A side whose form is kept is used as it is; a side canonicalised
 * is kept, and the other one too as soon as a row matches. */
static int decide(sqlite3_context *ctx, const sudoku_grid *a, const sudoku_grid *b,
                  sudoku_transform *t)
{
    canon full, other;
    const canon *k;
    int side;
    if (!sudoku_equiv_possible(a, b))
        return 0;
    if (memcmp(a, b, sizeof *a) == 0) {
        if (t)
            sudoku_transform_identity(t);
        return 1;
    }
    if ((k = kept(ctx, 0, a)) != NULL)
        full = *k, side = 0;
    else if ((k = kept(ctx, 1, b)) != NULL)
        full = *k, side = 1;
    else {
        side = sudoku_equiv_canonical_side(a, b);
        full.g = side ? *b : *a;
        sudoku_minlex(&full.g, &full.m, &full.t);
        keep(ctx, side, &full);
    }
    other.g = side ? *a : *b;
    if (!sudoku_minlex_matches(&other.g, &full.m, &other.t))
        return 0;
    other.m = full.m;
    if (!kept(ctx, !side, &other.g))
        keep(ctx, !side, &other);
    return side ? sudoku_equiv_join(&other.m, &other.t, &full.m, &full.t, t)
                : sudoku_equiv_join(&full.m, &full.t, &other.m, &other.t, t);
}

void ext_equiv(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid a, b;
    (void)argc;
    if (two_grids(ctx, argv, &a, &b) != EXT_OK)
        return;
    sqlite3_result_int(ctx, decide(ctx, &a, &b, NULL));
}

void ext_equiv_transform(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid a, b;
    sudoku_transform t;
    (void)argc;
    if (two_grids(ctx, argv, &a, &b) != EXT_OK)
        return;
    if (decide(ctx, &a, &b, &t))
        ext_result_transform(ctx, &t);
    /* else: NULL, no transform maps a onto b */
}

void ext_automorphisms(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid g;
    (void)argc;
    if (ext_arg_grid(ctx, argv[0], 1, &g) != EXT_OK)
        return;
    sqlite3_result_int64(ctx, (sqlite3_int64)sudoku_automorphisms(&g));
}
