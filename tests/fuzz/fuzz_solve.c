/* libFuzzer target: sudoku_solve, sudoku_solve_random and sudoku_count.
 * Oracle: a returned solution is a valid grid holding every given; solve
 * finds one exactly when the count is not 0; counts respect the limit. */
#include <stdlib.h>

#include "fuzz_input.h"
#include "solver.h"

static void check_solution(const sudoku_grid *puzzle, const sudoku_grid *s)
{
    if (!sudoku_grid_is_solution(s))
        abort();
    for (int i = 0; i < SUDOKU_CELLS; i++)
        if (puzzle->cell[i] && puzzle->cell[i] != s->cell[i])
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sudoku_grid g, s;
    fuzz_grid(data, size, &g);
    uint64_t count = sudoku_count(&g, 3, NULL, NULL);
    int solved = sudoku_solve(&g, &s, NULL);
    if (count > 3 || solved != (count > 0))
        abort();
    if (solved)
        check_solution(&g, &s);
    if (sudoku_solve_random(&g, fuzz_tail(data, size), &s, NULL) != solved)
        abort();
    if (solved)
        check_solution(&g, &s);
    if (sudoku_count(&g, 1, NULL, NULL) != (count > 0))
        abort();
    if (!sudoku_grid_consistent(&g) && count != 0)
        abort();
    return 0;
}
