/*
 * minlex.h - the canonical form of a puzzle or grid.
 *
 * Read a grid as its 81-character row-major string with an empty cell
 * ranking below every digit. Its minlex form is the smallest such string
 * over the whole symmetry group (see transform.h): every geometric
 * transform, each followed by the relabelling that numbers digits in order
 * of first appearance. This is the true minimum, for full grids, puzzles,
 * any partial grid (the empty grid included) and grids with clashing
 * givens alike: it is pure combinatorics and never solves anything.
 */
#ifndef SUDOKU_MINLEX_H
#define SUDOKU_MINLEX_H

#include <stdint.h>

#include "grid.h"
#include "transform.h"

/* Writes the minlex form of `in` into `out`. When `t` is not NULL, also
 * writes a transform with sudoku_transform_apply(t, in) == out. */
void sudoku_minlex(const sudoku_grid *in, sudoku_grid *out,
                   sudoku_transform *t);

/* The pattern-first form, the convention of published pattern catalogues:
 * first minimise the clue pattern alone (empty below given), then, among
 * the transforms that reach that pattern, minimise the digits as above.
 * `t` as for sudoku_minlex(). */
void sudoku_minlex_pattern(const sudoku_grid *in, sudoku_grid *out,
                           sudoku_transform *t);

/* Whether the minlex form of `in` is `form`; when it is and `t` is not
 * NULL, also a transform with sudoku_transform_apply(t, in) == form (t is
 * left alone otherwise). The same answer as comparing sudoku_minlex(in)
 * with form, but the search prunes against `form` from its first row, so
 * when the answer is yes it costs a fraction of a minlex (the second half
 * of an equivalence test). */
int sudoku_minlex_matches(const sudoku_grid *in, const sudoku_grid *form,
                          sudoku_transform *t);

/* Number of geometric transforms (of the 3,359,232, identity included)
 * that map `g` onto itself up to a relabelling of digits. */
uint32_t sudoku_automorphisms(const sudoku_grid *g);

#endif
