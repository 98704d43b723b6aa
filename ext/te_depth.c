/* te_depth.c - sudoku_te_depth(p [, max_depth]). */
#include "ext.h"
#include "te_depth.h"

/* NULL for an undefined depth (clashing givens, no or several solutions)
 * and for a depth above max_depth; max_depth must be >= 0 (0 asks whether
 * Singles alone solve the puzzle). */
void ext_te_depth(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid grid;
    int max_depth = SUDOKU_TE_UNLIMITED, depth;
    sudoku_cancel cancel;

    if (ext_arg_grid(ctx, argv[0], 1, &grid) != EXT_OK)
        return;
    if (argc > 1) {
        sqlite3_int64 m;
        int rc = ext_arg_int(ctx, argv[1], "max_depth", &m);
        if (rc != EXT_OK)
            return;
        if (m < 0) {
            ext_error(ctx, "max_depth must be >= 0, not %lld", (long long)m);
            return;
        }
        /* No puzzle needs more levels than it has empty cells. */
        max_depth = m > SUDOKU_CELLS ? SUDOKU_CELLS : (int)m;
    }
    ext_cancel_init(sqlite3_context_db_handle(ctx), &cancel);
    depth = sudoku_te_depth(&grid, max_depth, &cancel);
    if (depth == SUDOKU_CANCELLED) {
        ext_result_interrupted(ctx);
        return;
    }
    if (depth >= 0)
        sqlite3_result_int(ctx, depth);
}
