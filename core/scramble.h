/*
 * scramble.h - picking elements of the symmetry group (see transform.h):
 * uniformly at random, or the geometric ones one by one in a fixed order.
 *
 * The fixed order. A geometric transform (digits not relabelled) is named
 * by its index i, 0 <= i < SUDOKU_GEOMETRIC_TRANSFORMS = 2 * 6^8, read as
 * nine mixed-radix places, most significant first:
 *
 *     i = ((((((((T * 6 + B) * 6 + R0) * 6 + R1) * 6 + R2) * 6 + S)
 *                  * 6 + C0) * 6 + C1) * 6 + C2
 *
 *   T  in 0..1: 1 means transpose first;
 *   B  band permutation, R0..R2 the row permutations inside output bands
 *      1..3, S stack permutation, C0..C2 column permutations inside output
 *      stacks 1..3, each in 0..5 naming a permutation of {0,1,2} in
 *      lexicographic order: 0 = 012, 1 = 021, 2 = 102, 3 = 120, 4 = 201,
 *      5 = 210.
 *
 * With P[k] the k-th permutation of that list, the transform has
 *     rows[3b + k] = 3 * P[B][b] + P[Rb][k]
 *     cols[3s + k] = 3 * P[S][s] + P[Cs][k]
 * (0-based, meaning of rows/cols as in transform.h). So index 0 is the
 * identity, index 1 swaps columns 8 and 9 (cols = 1,2,3,4,5,6,7,9,8),
 * index 6 swaps columns 5 and 6, index 36 swaps columns 2 and 3, index 216
 * swaps stacks 2 and 3, and the last 1,679,616 indices transpose. The
 * column places change fastest, which makes stepping through the order
 * cheap (sudoku_scramble_next).
 *
 * Every group element has exactly one (transpose, rows, cols, digits)
 * representation, so drawing the index and the digit permutation uniformly
 * draws the group element uniformly.
 */
#ifndef SUDOKU_SCRAMBLE_H
#define SUDOKU_SCRAMBLE_H

#include <stdint.h>

#include "rng.h"
#include "transform.h"

/* The geometric transform number `index` of the fixed order, digits not
 * relabelled. index must be below SUDOKU_GEOMETRIC_TRANSFORMS. */
void sudoku_scramble_geometric(uint32_t index, sudoku_transform *t);

/* The index of t's geometric part in the fixed order (digits ignored);
 * the inverse of sudoku_scramble_geometric. t must be valid. */
uint32_t sudoku_scramble_index(const sudoku_transform *t);

/* A uniformly random element of the whole group (transpose, band, row,
 * stack and column permutations and a digit relabelling), drawn from rng.
 * Draws the same numbers from rng for the same state, so a seed fixes the
 * whole sequence of scrambles. */
void sudoku_scramble_random(sudoku_rng *rng, sudoku_transform *t);

/* Seeds rng as the generator of row n of the random scrambles for `seed`:
 * each row has its own stream, so row n is reached without drawing rows
 * 0..n-1 (random access), rows are independent, and the same (seed, n)
 * always gives the same scramble. Distinct n give distinct stream seeds
 * for one `seed` (an odd-multiplier step through a bijective mixer). */
void sudoku_scramble_seed(sudoku_rng *rng, uint64_t seed, uint64_t n);

/* Stepping through the fixed order: after sudoku_scramble_first(), or
 * after sudoku_scramble_geometric(i, ...), sudoku_scramble_next() turns
 * the transform into that of index i + 1 by carrying through the places,
 * like an odometer. It returns the most significant place that changed
 * (0 = T, 1 = B, 2..4 = R0..R2, 5 = S, 6..8 = C0..C2), so a caller may
 * keep work that depends only on the places above it, or -1 after the
 * last transform (t is then the identity again). Digits are untouched. */
void sudoku_scramble_first(sudoku_transform *t);
int sudoku_scramble_next(sudoku_transform *t);

#endif
