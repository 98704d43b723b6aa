/*
 * internal.h - internal (not installed, not part of the API): what core
 * files share beyond the public headers, and the pieces the unit tests
 * check on their own. Public headers never include it.
 */
#ifndef SUDOKU_INTERNAL_H
#define SUDOKU_INTERNAL_H

#include <stdint.h>

/* ---- band.c, for random_grid.c */

/* The 56 splits of three disjoint triples a[0..2] into the next three
 * t[0..2] with t[c] disjoint from a[c]: split picks, for each a[c], which
 * of its digits go to t[c+1] (the others go to t[c+2], indices mod 3). */
void sudoku_band_split(const uint8_t a[3][3], unsigned split, uint8_t t[3][3]);

/* The six orders of three things: PERM3[p][i] is where item i goes. */
extern const uint8_t sudoku_perm3[6][3];

/* ---- random_grid.c (random_grid.h says how these serve its method;
 * tests/unit/test_random_grid.c checks them) */

/* The bound on stack 3's placements used in step 3. */
#define RANDOM_GRID_MAX_FILLS 8

/* The largest and smallest numbers of grids completing a band (step 3). */
#define RANDOM_GRID_MAX_COMPLETIONS 7802998272ull
#define RANDOM_GRID_MIN_COMPLETIONS 6831977472ull

/* The placements of stack 3's rows. stack3_col[d] is the column (0..2)
 * inside stack 3 of digit d + 1 in the top band; rows[r] (r = 0..5 for
 * grid rows 4..9) the digits of stack 3 in that row as a mask (bit d for
 * digit d + 1), three each, band 2's rows holding each digit once and so
 * do band 3's. Writes up to RANDOM_GRID_MAX_FILLS + 1 placements
 * (cols[k][r][i]: column of the i-th digit of row r, digits in increasing
 * order) and returns how many there are in all. */
int sudoku_random_grid_stack3_fills(const uint8_t stack3_col[9], const uint16_t rows[6],
                                    uint8_t cols[][6][3]);

/* Writes rows 4-9 of stack s (0..2) from an index below 2,612,736, given
 * the top band in rows 1-3 of g; rows[r] gets the digit mask of row 4 + r
 * inside the stack (bit d for digit d + 1). */
void sudoku_random_grid_lower(uint8_t g[81], int s, uint32_t index, uint16_t rows[6]);

#endif
