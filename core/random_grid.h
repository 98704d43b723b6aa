/*
 * random_grid.h - solution grids drawn exactly uniformly from all
 * 6,670,903,752,021,072,936,960.
 *
 * The method (an exact rejection sampler; every choice is a uniform
 * integer from rng.h's unbiased sudoku_rng_below, no floating point):
 *
 *  1. Draw a grid with row 1 = 123456789, then relabel its digits by a
 *     uniform permutation of 1..9. Each grid is the relabelling of exactly
 *     one row-1 grid by exactly one permutation, so if step 1 is uniform
 *     over row-1 grids the result is uniform over all grids.
 *
 *  2. A row-1 grid is, one to one, a tuple (B, S1, S2, S3): B the top band
 *     (one of 2,612,736: band.h's sudoku_band_from_index numbers them all),
 *     and Sj the lower 6x3 part of stack j. Given B, the lower parts of a
 *     stack that fit its columns and boxes are again numbered one to one by
 *     an index below 2,612,736 (the digits each column still needs are
 *     split between bands 2 and 3 in one of 56 ways, then each of the six
 *     box columns is put in one of 6 orders). The rows decide the rest:
 *     given B, S1 and S2 with disjoint row contents, stack 3's rows are the
 *     complements, and the ways m to place them in stack 3 (each digit must
 *     take, in bands 2 and 3, the two columns B does not use for it; each
 *     row must get three different columns) are few: at most 2 per band-2
 *     row (a 3x3 permanent with two allowed cells a row), then band 3 is
 *     forced, so m <= 8 (RANDOM_GRID_MAX_FILLS in internal.h;
 *     test_random_grid checks every configuration).
 *
 *  3. First the top band B, with probability proportional to C(B), the
 *     number of grids completing it: a uniform row-1 band is kept when a
 *     uniform integer below the largest C (7,802,998,272, class 1 of
 *     band.h) falls below its own C, read from the class table through
 *     its class (band.h computes and checks those counts; when the integer is
 *     below the smallest C, 6,831,977,472, the band is kept without
 *     looking its class up, which gives the same decision). Then, with B
 *     kept, draw S1, S2 uniformly (two indices) and u uniformly below 8;
 *     accept when the rows of S1 and S2 are disjoint and u < m, and fill
 *     stack 3 with its u-th placement (in a fixed enumeration order);
 *     otherwise draw S1, S2, u again. Every completion of B is produced by
 *     exactly one tuple (S1, S2, u) and all tuples are equally likely, so
 *     the accepted completion is uniform among the C(B) completions, and
 *     each row-1 grid comes out with probability
 *     C(B) / sum(C) * 1 / C(B) = 1 / (row-1 grids).
 *
 * Cost: a tuple is accepted with probability C(B) / (2,612,736^2 * 8), 1
 * in about 7,800; a failing tuple is mostly rejected after drawing half of
 * it (band 2's rows are drawn and compared first, from small per-B tables;
 * doing the same test earlier does not change the distribution).
 */
#ifndef SUDOKU_RANDOM_GRID_H
#define SUDOKU_RANDOM_GRID_H

#include <stdint.h>

#include "grid.h"
#include "rng.h"

/* Draws a uniformly random solution grid from rng's stream. Returns the
 * number of tuples drawn (attempts, >= 1), for statistics. */
uint64_t sudoku_random_grid(sudoku_rng *rng, sudoku_grid *grid);

/* The grid of a seed: sudoku_random_grid from sudoku_rng_seed(seed). */
void sudoku_random_grid_seed(uint64_t seed, sudoku_grid *grid);

#endif
