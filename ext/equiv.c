/* equiv.c - sudoku_equiv(a, b), sudoku_equiv_transform(a, b),
 * sudoku_automorphisms(p). */
#include <string.h>

#include "ext.h"
#include "equiv.h"
#include "minlex.h"

/* Reads both puzzle arguments; EXT_OK only when both are present. Both
 * are checked before a NULL ends the call, so a malformed one is always
 * reported. */
static int two_grids(sqlite3_context *ctx, sqlite3_value **argv,
                     sudoku_grid *a, sudoku_grid *b)
{
    int ra = ext_arg_grid(ctx, argv[0], 1, a), rb;
    if (ra == EXT_ERROR)
        return EXT_ERROR;
    rb = ext_arg_grid(ctx, argv[1], 2, b);
    if (rb == EXT_ERROR)
        return EXT_ERROR;
    return ra == EXT_OK && rb == EXT_OK ? EXT_OK : EXT_NULL;
}

/* One side's canonical form. */
typedef struct canon {
    sudoku_grid g, m;
    sudoku_transform t;
} canon;

/* The canonical form of argument i. When the argument is the same for
 * every row of a statement (`WHERE sudoku_equiv(p, '<one puzzle>')`, the
 * search for copies of one puzzle), SQLite keeps it between rows as
 * auxiliary data, so that side costs nothing after the first row. It is
 * offered only here, after the invariants passed: the cheap rejections
 * allocate nothing. */
static void canonical(sqlite3_context *ctx, int i, const sudoku_grid *g, canon *out)
{
    canon *kept = sqlite3_get_auxdata(ctx, i);
    if (kept && memcmp(&kept->g, g, sizeof *g) == 0) {
        *out = *kept;
        return;
    }
    out->g = *g;
    sudoku_minlex(g, &out->m, &out->t);
    kept = sqlite3_malloc(sizeof *kept);
    if (kept) {
        *kept = *out;
        /* SQLite may free it at once (a non-constant argument): not used
         * after this call. */
        sqlite3_set_auxdata(ctx, i, kept, sqlite3_free);
    }
}

/* 1 (and the witness into t, when not NULL) when a and b are equivalent. */
static int decide(sqlite3_context *ctx, const sudoku_grid *a, const sudoku_grid *b,
                  sudoku_transform *t)
{
    canon ca, cb;
    if (!sudoku_equiv_possible(a, b))
        return 0;
    if (memcmp(a, b, sizeof *a) == 0) {
        if (t)
            sudoku_transform_identity(t);
        return 1;
    }
    canonical(ctx, 0, a, &ca);
    canonical(ctx, 1, b, &cb);
    return sudoku_equiv_join(&ca.m, &ca.t, &cb.m, &cb.t, t);
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
