/* transform.c - sudoku_transform(p, t), sudoku_transform_inverse(t),
 * sudoku_transform_compose(t1, t2): the transform value of core/transform.h
 * in SQL, so that witnesses can be applied, undone and chained. */
#include "ext.h"

void ext_transform(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid in, out;
    sudoku_transform t;
    (void)argc;
    if (ext_arg_grid(ctx, argv[0], 1, &in) != EXT_OK ||
        ext_arg_transform(ctx, argv[1], 2, &t) != EXT_OK)
        return;
    sudoku_transform_apply(&t, &in, &out);
    ext_result_grid(ctx, &out);
}

void ext_transform_inverse(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_transform t, inv;
    (void)argc;
    if (ext_arg_transform(ctx, argv[0], 1, &t) != EXT_OK)
        return;
    sudoku_transform_inverse(&t, &inv);
    ext_result_transform(ctx, &inv);
}

void ext_transform_compose(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_transform t1, t2, both;
    (void)argc;
    if (ext_arg_transform(ctx, argv[0], 1, &t1) != EXT_OK ||
        ext_arg_transform(ctx, argv[1], 2, &t2) != EXT_OK)
        return;
    /* "first t1, then t2", the order in which a user chains witnesses:
     * transform(transform(p, t1), t2) = transform(p, compose(t1, t2)). */
    sudoku_transform_compose(&t1, &t2, &both);
    ext_result_transform(ctx, &both);
}
