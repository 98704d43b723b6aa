/* facts.c - clue pattern, status, solution check, symmetries (facts.h). */
#include "facts.h"

#include "solver.h"
#include "symmetry.h"

const char *const sudoku_status_names[SUDOKU_STATUS_COUNT] = {
    "clash", "solved", "none", "unique", "multiple",
};

void sudoku_pattern(const sudoku_grid *puzzle, sudoku_grid *pattern)
{
    for (int i = 0; i < SUDOKU_CELLS; i++)
        pattern->cell[i] = puzzle->cell[i] != 0;
}

int sudoku_status(const sudoku_grid *puzzle, const sudoku_cancel *cancel)
{
    uint64_t n;
    if (!sudoku_grid_consistent(puzzle))
        return SUDOKU_STATUS_CLASH;
    if (sudoku_grid_givens(puzzle) == SUDOKU_CELLS)
        return SUDOKU_STATUS_SOLVED;
    n = sudoku_count(puzzle, 2, NULL, cancel);
    if (n == SUDOKU_COUNT_CANCELLED)
        return SUDOKU_CANCELLED;
    return n == 0 ? SUDOKU_STATUS_NONE
         : n == 1 ? SUDOKU_STATUS_UNIQUE : SUDOKU_STATUS_MULTIPLE;
}

int sudoku_is_solution_of(const sudoku_grid *puzzle, const sudoku_grid *grid)
{
    if (!sudoku_grid_is_solution(grid))
        return 0;
    for (int i = 0; i < SUDOKU_CELLS; i++)
        if (puzzle->cell[i] && puzzle->cell[i] != grid->cell[i])
            return 0;
    return 1;
}

unsigned sudoku_symmetries(const sudoku_grid *puzzle)
{
    /* one pass over the givens with the six maps of symmetry.h written
     * out (no call and switch per cell and symmetry), stopping once none
     * is left: most puzzles lose all six within their first few givens */
    const uint8_t *g = puzzle->cell;
    unsigned has = 0x7Eu;
    for (int r = 0; r < 9 && has; r++)
        for (int c = 0; c < 9; c++) {
            if (!g[9 * r + c])
                continue;
            has &= ~((unsigned)!g[(8 - r) * 9 + (8 - c)] << SUDOKU_SYM_ROTATE180 |
                     (unsigned)!g[c * 9 + (8 - r)] << SUDOKU_SYM_ROTATE90 |
                     (unsigned)!g[c * 9 + r] << SUDOKU_SYM_DIAGONAL |
                     (unsigned)!g[(8 - c) * 9 + (8 - r)] << SUDOKU_SYM_ANTIDIAGONAL |
                     (unsigned)!g[(8 - r) * 9 + c] << SUDOKU_SYM_HORIZONTAL |
                     (unsigned)!g[r * 9 + (8 - c)] << SUDOKU_SYM_VERTICAL);
        }
    return has;
}
