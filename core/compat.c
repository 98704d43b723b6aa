/* compat.c - the deprecated forms of 0.2 (compat.h), each one call of its
 * replacement. Removed at 1.0. */
#include "compat.h"

int sudoku_solve_v02(const sudoku_grid *puzzle, sudoku_grid *solution)
{
    return sudoku_solve(puzzle, solution, NULL);
}

int sudoku_solve_random_v02(const sudoku_grid *puzzle, uint64_t seed, sudoku_grid *solution)
{
    return sudoku_solve_random(puzzle, seed, solution, NULL);
}

int sudoku_solve_random_cancel(const sudoku_grid *puzzle, uint64_t seed, sudoku_grid *solution,
                               const sudoku_cancel *cancel)
{
    return sudoku_solve_random(puzzle, seed, solution, cancel);
}

uint64_t sudoku_count_v02(const sudoku_grid *puzzle, uint64_t limit)
{
    return sudoku_count(puzzle, limit, NULL, NULL);
}

uint64_t sudoku_count_solve(const sudoku_grid *puzzle, uint64_t limit, sudoku_grid *solution)
{
    return sudoku_count(puzzle, limit, solution, NULL);
}

uint64_t sudoku_count_cancel(const sudoku_grid *puzzle, uint64_t limit, sudoku_grid *solution,
                             const sudoku_cancel *cancel)
{
    return sudoku_count(puzzle, limit, solution, cancel);
}

int sudoku_te_depth_v02(const sudoku_grid *puzzle, int max_depth)
{
    return sudoku_te_depth(puzzle, max_depth, NULL);
}

int sudoku_te_depth_cancel(const sudoku_grid *puzzle, int max_depth, const sudoku_cancel *cancel)
{
    return sudoku_te_depth(puzzle, max_depth, cancel);
}

int sudoku_te_profile_cancel(const sudoku_grid *puzzle, const sudoku_grid *solution,
                             sudoku_te_profile *out, const sudoku_cancel *cancel)
{
    return sudoku_te_profile_of(puzzle, solution, out, cancel);
}

int sudoku_reader_next_v02(sudoku_reader *r, sudoku_read_row *row)
{
    return sudoku_reader_next(r, row, NULL);
}

int sudoku_parse_lenient_v02(const void *text, size_t len, sudoku_read_format format,
                             sudoku_grid *grid)
{
    return sudoku_parse_lenient(text, len, format, grid, NULL);
}
