/*
 * equiv.h - are two puzzles copies of each other?
 *
 * a and b are equivalent when some element of the symmetry group (see
 * transform.h: transpose, band/row and stack/column permutations, digit
 * relabelling) maps a onto b, empty cells onto empty cells. Puzzles, full
 * grids and grids with clashing givens alike.
 *
 * The decision is exact: two grids are equivalent exactly when their
 * minlex forms (minlex.h) are equal. Before that, a key of cheap
 * invariants (clue count; clue counts of rows within bands and of columns
 * within stacks as multisets, with rows and columns trading places under
 * transpose; clue counts per box and per digit as multisets) rejects most
 * non-equivalent pairs in one pass over the cells.
 */
#ifndef SUDOKU_EQUIV_H
#define SUDOKU_EQUIV_H

#include <stdint.h>

#include "grid.h"
#include "transform.h"

/* Invariants of a grid under the group; equal for equivalent grids. Each
 * multiset is packed into one word as a histogram (4 bits per value, how
 * many items have that value), so no sorting is needed and comparing two
 * keys is five integer comparisons. */
typedef struct sudoku_equiv_key {
    uint64_t lines[2];  /* rows within bands, columns within stacks */
    uint64_t boxes;     /* clue counts per box */
    uint64_t digits;    /* clue counts per digit (15 or more share a bin) */
    uint8_t clues;
} sudoku_equiv_key;

void sudoku_equiv_key_of(const sudoku_grid *g, sudoku_equiv_key *k);

/* 0 when the keys prove the grids are not equivalent; 1 when they may be. */
int sudoku_equiv_key_match(const sudoku_equiv_key *a, const sudoku_equiv_key *b);

/* The invariants of a and b, the clue pattern first and the digits only
 * when the patterns agree: 0 when a and b are certainly not equivalent. */
int sudoku_equiv_possible(const sudoku_grid *a, const sudoku_grid *b);

/* Which side to canonicalise when the other is then only tested against
 * its form (sudoku_minlex_matches): 0 for a, 1 for b. minlex is cheapest
 * on an input already close to its form, and the test saves the most on
 * one that is not, so the side that looks canonical (a longer run of
 * empty cells first, as minlex forms have) is chosen; b on ties. */
int sudoku_equiv_canonical_side(const sudoku_grid *a, const sudoku_grid *b);

/* The decision from canonical forms computed elsewhere (sudoku_minlex of
 * a giving ma and ta, of b giving mb and tb), for callers that keep one
 * side's canonical form across many comparisons: 1 when ma == mb, with
 * the witness "first ta, then the inverse of tb" in t (when t is not
 * NULL). */
int sudoku_equiv_join(const sudoku_grid *ma, const sudoku_transform *ta,
                      const sudoku_grid *mb, const sudoku_transform *tb,
                      sudoku_transform *t);

/* 1 when a and b are equivalent, 0 otherwise. */
int sudoku_equiv(const sudoku_grid *a, const sudoku_grid *b);

/* Like sudoku_equiv; when equivalent also writes a witness t with
 * sudoku_transform_apply(t, a) == b. t is written only when 1 is
 * returned. */
int sudoku_equiv_transform(const sudoku_grid *a, const sudoku_grid *b,
                           sudoku_transform *t);

#endif
