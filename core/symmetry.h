/*
 * symmetry.h - the clue-pattern symmetries users know from qqwing and
 * Sudoku Explainer's generator, shared by sudoku_generate (which makes
 * puzzles with them) and sudoku_symmetry (which reports them).
 *
 * Each symmetry maps cell (r, c) (rows and columns 0..8) to one partner:
 *
 *   name            cell (r, c) goes to
 *   "rotate180"     (8 - r, 8 - c)       half turn about the centre
 *   "rotate90"      (c, 8 - r)           quarter turn; orbits of 4 cells
 *   "diagonal"      (c, r)               mirror in the main diagonal r1c1-r9c9
 *   "antidiagonal"  (8 - c, 8 - r)       mirror in the diagonal r1c9-r9c1
 *   "horizontal"    (8 - r, c)           mirror in the horizontal middle line
 *   "vertical"      (r, 8 - c)           mirror in the vertical middle line
 *
 * A pattern (the set of clue cells) has a symmetry when the map sends every
 * clue cell to a clue cell. Digits play no part: this is the pattern's
 * symmetry, as in published puzzles.
 */
#ifndef SUDOKU_SYMMETRY_H
#define SUDOKU_SYMMETRY_H

#include "grid.h"

typedef enum sudoku_symmetry {
    SUDOKU_SYM_NONE = 0,
    SUDOKU_SYM_ROTATE180,
    SUDOKU_SYM_ROTATE90,
    SUDOKU_SYM_DIAGONAL,
    SUDOKU_SYM_ANTIDIAGONAL,
    SUDOKU_SYM_HORIZONTAL,
    SUDOKU_SYM_VERTICAL,
    SUDOKU_SYM_COUNT
} sudoku_symmetry;

/* "none", "rotate180", ... indexed by sudoku_symmetry. */
extern const char *const sudoku_symmetry_names[SUDOKU_SYM_COUNT];

/* The symmetry named `name` (exact, lower case), or -1. */
int sudoku_symmetry_from_name(const char *name);

/* The partner of `cell` (0..80) under `sym` (SUDOKU_SYM_NONE: the cell). */
int sudoku_symmetry_map(sudoku_symmetry sym, int cell);

/* 1 when the clue pattern of `grid` has symmetry `sym` (always for NONE). */
int sudoku_symmetry_has(const sudoku_grid *grid, sudoku_symmetry sym);

#endif
