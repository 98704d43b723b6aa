/*
 * minimality.h - which givens of a puzzle are needed.
 *
 * A puzzle with exactly one solution is minimal when removing any single
 * given leaves a puzzle with several solutions. A given whose removal keeps
 * the solution unique is redundant. (Removing two redundant givens at once
 * may lose uniqueness: these are facts about single removals.)
 *
 * Both functions take a cancel hook (core/cancel.h; NULL: never stop):
 * each removal is one solver search, which on an adversarial puzzle may
 * run long.
 */
#ifndef SUDOKU_MINIMALITY_H
#define SUDOKU_MINIMALITY_H

#include <stdint.h>

#include "grid.h"
#include "cancel.h"

/* Result of both functions when the puzzle does not have exactly one
 * solution (clashing givens, none, several). */
#define SUDOKU_MINIMAL_UNDEFINED (-1)

/* 1 when `puzzle` is minimal, 0 when it has a redundant given, or
 * SUDOKU_MINIMAL_UNDEFINED, or SUDOKU_CANCELLED. Stops at the first
 * redundant given. */
int sudoku_is_minimal(const sudoku_grid *puzzle, const sudoku_cancel *cancel);

/* The redundant givens: redundant[i] is set to 1 for each of them and to
 * 0 for every other cell. Returns their number (0: minimal), or
 * SUDOKU_MINIMAL_UNDEFINED or SUDOKU_CANCELLED (redundant[] then
 * unspecified). */
int sudoku_redundant_clues(const sudoku_grid *puzzle,
                           uint8_t redundant[SUDOKU_CELLS],
                           const sudoku_cancel *cancel);

#endif
