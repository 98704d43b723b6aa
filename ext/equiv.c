/* equiv.c - sudoku_equiv(a, b), sudoku_equiv_transform(a, b),
 * sudoku_automorphisms(p). */
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

void ext_equiv(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid a, b;
    (void)argc;
    if (two_grids(ctx, argv, &a, &b) != EXT_OK)
        return;
    sqlite3_result_int(ctx, sudoku_equiv(&a, &b));
}

void ext_equiv_transform(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid a, b;
    sudoku_transform t;
    (void)argc;
    if (two_grids(ctx, argv, &a, &b) != EXT_OK)
        return;
    if (sudoku_equiv_transform(&a, &b, &t))
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
