/* solve.c - sudoku_solve(p [, seed]) and sudoku_count(p [, limit]). */
#include "ext.h"
#include "solver.h"

void ext_solve(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid puzzle, solution;
    sqlite3_int64 seed = 0;
    sudoku_cancel cancel;
    int ok;

    if (ext_arg_grid(ctx, argv[0], 1, &puzzle) != EXT_OK)
        return;
    if (argc > 1) {
        if (ext_arg_int(ctx, argv[1], "seed", &seed) != EXT_OK)
            return;
    }
    /* a puzzle without a solution can take long to refute */
    ext_cancel_init(sqlite3_context_db_handle(ctx), &cancel);
    if (argc > 1)
        ok = sudoku_solve_random(&puzzle, (uint64_t)seed, &solution, &cancel);
    else
        ok = sudoku_solve(&puzzle, &solution, &cancel);
    if (ok == SUDOKU_CANCELLED) {
        ext_result_interrupted(ctx);
        return;
    }
    if (ok)
        ext_result_grid(ctx, &solution);
    /* else: the result stays NULL (no solution, or clashing givens) */
}

void ext_count(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sudoku_grid puzzle;
    sqlite3_int64 limit = 0;
    sudoku_cancel cancel;
    uint64_t n;

    if (ext_arg_grid(ctx, argv[0], 1, &puzzle) != EXT_OK)
        return;
    if (argc > 1) {
        if (ext_arg_int(ctx, argv[1], "limit", &limit) != EXT_OK)
            return;
        /* 0 and below are refused rather than read as "no limit": a
         * computed limit that drops to 0 must not turn a quick uniqueness
         * check into a count that never ends. Omit the argument to count
         * everything. */
        if (limit < 1) {
            ext_error(ctx, "limit must be at least 1, not %lld (omit it to "
                           "count every solution)", (long long)limit);
            return;
        }
    }
    ext_cancel_init(sqlite3_context_db_handle(ctx), &cancel);
    n = sudoku_count(&puzzle, (uint64_t)limit, NULL, &cancel);
    if (n == SUDOKU_COUNT_CANCELLED) {
        ext_result_interrupted(ctx);
        return;
    }
    if (n > (uint64_t)INT64_MAX) {
        ext_error(ctx, "more than %lld solutions", (long long)INT64_MAX);
        return;
    }
    sqlite3_result_int64(ctx, (sqlite3_int64)n);
}
