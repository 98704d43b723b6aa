/*
 * finders.h - the rater's techniques up to aligned exclusion, each a
 * function of the grid state alone (no work area, nothing kept): the
 * singles (singles.c), pointing and claiming (intersections.c), naked and
 * hidden sets (subsets.c), fish (fish.c), the XY- and XYZ-wing (wings.c),
 * unique rectangles and loops (unique_loops.c), BUG (bug.c) and aligned
 * pair and triple exclusion (aligned_exclusion.c).
 *
 * Each returns 1 and fills `h` with the reference's FIRST step of its
 * kind, in the reference's own search order (see internal.h), or 0.
 */
#ifndef SUDOKU_SE_FINDERS_H
#define SUDOKU_SE_FINDERS_H

#include "internal.h"
#include "hint.h"

int se_find_hidden_single(const se_state *s, se_hint *h);
int se_find_naked_single(const se_state *s, se_hint *h);
int se_find_intersection(const se_state *s, se_hint *h, int direct);
int se_find_hidden_set(const se_state *s, se_hint *h, int degree, int direct);
int se_find_naked_set(const se_state *s, se_hint *h, int degree);
int se_find_fish(const se_state *s, se_hint *h, int degree);
int se_find_xy_wing(const se_state *s, se_hint *h, int xyz);
/* Unique rectangles and loops: collects all, offers the first by
 * (rating, type) as the reference sorts them. */
int se_find_unique_loop(const se_state *s, se_hint *h);
int se_find_bug(const se_state *s, se_hint *h);
/* degree 2: aligned pair exclusion (6.2); degree 3: aligned triple
 * exclusion (7.5), which the reference tries after the forcing chain
 * cycles and before Nishio. */
int se_find_aligned_exclusion(const se_state *s, se_hint *h, int degree);
/* se_find_aligned_exclusion on grid s, told of an earlier grid `quiet`
 * (its cand[]) where that search of the same degree found nothing and no
 * cell had a single candidate. The same result, from the cell sets that
 * touch a change since. */
int se_find_aligned_exclusion_since(const se_state *s, se_hint *h, int degree,
                                    const uint16_t quiet[81]);

#endif
