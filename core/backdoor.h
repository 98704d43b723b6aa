/*
 * backdoor.h - the Singles backdoor size of a puzzle.
 *
 * With S the unique solution of puzzle P, a set B of empty cells is a
 * Singles backdoor when P plus the digits of S in B is solved by Singles
 * alone: the Singles of sudoku_te_depth (te_depth.h: direct eliminations,
 * naked singles, hidden singles in rows, columns and boxes, to the
 * fixpoint). The backdoor size is the smallest size of such a set: 0 when
 * Singles solve P (T&E depth 0), 1 when one well chosen cell does, and so
 * on. The forum's hardest puzzles have 1 or 2, rarely 3.
 *
 * The answer is exact, whatever the size: sizes 0, 1, 2, ... are tried in
 * turn, each over every set of that size (less the sets that contain a
 * cell Singles already decide from the others, which add nothing). A size
 * of 3 costs one or two milliseconds, each further size about fifty times
 * more, so a long call should pass a cancel hook.
 */
#ifndef SUDOKU_BACKDOOR_H
#define SUDOKU_BACKDOOR_H

#include "grid.h"
#include "cancel.h"

/* Result when the puzzle does not have exactly one solution. */
#define SUDOKU_BACKDOOR_UNDEFINED (-1)

/* The Singles backdoor size of `puzzle`, or SUDOKU_BACKDOOR_UNDEFINED, or
 * SUDOKU_CANCELLED. When `cells` is not NULL its first `size` entries
 * receive the cells (0..80, increasing) of the first backdoor found. */
int sudoku_backdoor(const sudoku_grid *puzzle, int cells[SUDOKU_CELLS],
                    const sudoku_cancel *cancel);

#endif
