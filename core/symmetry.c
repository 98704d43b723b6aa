/* symmetry.c - clue-pattern symmetries (see symmetry.h). */
#include <string.h>

#include "symmetry.h"

const char *const sudoku_symmetry_names[SUDOKU_SYM_COUNT] = {
    "none", "rotate180", "rotate90", "diagonal", "antidiagonal",
    "horizontal", "vertical",
};

int sudoku_symmetry_from_name(const char *name)
{
    for (int s = 0; s < SUDOKU_SYM_COUNT; s++)
        if (strcmp(name, sudoku_symmetry_names[s]) == 0)
            return s;
    return -1;
}

int sudoku_symmetry_map(sudoku_symmetry sym, int cell)
{
    int r = cell / 9, c = cell % 9;
    switch (sym) {
    case SUDOKU_SYM_ROTATE180:    return (8 - r) * 9 + (8 - c);
    case SUDOKU_SYM_ROTATE90:     return c * 9 + (8 - r);
    case SUDOKU_SYM_DIAGONAL:     return c * 9 + r;
    case SUDOKU_SYM_ANTIDIAGONAL: return (8 - c) * 9 + (8 - r);
    case SUDOKU_SYM_HORIZONTAL:   return (8 - r) * 9 + c;
    case SUDOKU_SYM_VERTICAL:     return r * 9 + (8 - c);
    default:                      return cell;
    }
}

int sudoku_symmetry_has(const sudoku_grid *grid, sudoku_symmetry sym)
{
    for (int cell = 0; cell < SUDOKU_CELLS; cell++)
        if (grid->cell[cell] && !grid->cell[sudoku_symmetry_map(sym, cell)])
            return 0;
    return 1;
}
