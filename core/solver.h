/*
 * solver.h - solving and counting solutions.
 *
 * All functions take a parsed grid (see grid.h); clashing givens simply
 * have no solution. No heap allocation: the search state is on the stack.
 */
#ifndef SUDOKU_SOLVER_H
#define SUDOKU_SOLVER_H

#include <stdint.h>

#include "grid.h"
#include "cancel.h"

/* Every function here may search long (a puzzle without a solution can
 * take a while to refute; counting a sparse puzzle without a limit
 * practically forever), so each takes a cancel hook last (cancel.h; NULL:
 * never stops). */

/* Writes a solution and returns 1, or returns 0 when there is none, or
 * SUDOKU_CANCELLED (`solution` then unspecified). Deterministic: the same
 * puzzle always gives the same solution. */
int sudoku_solve(const sudoku_grid *puzzle, sudoku_grid *solution, const sudoku_cancel *cancel);

/* Like sudoku_solve(), but guesses in an order drawn from `seed`, so that a
 * puzzle with many solutions yields different ones for different seeds;
 * the same seed always gives the same solution. */
int sudoku_solve_random(const sudoku_grid *puzzle, uint64_t seed, sudoku_grid *solution,
                        const sudoku_cancel *cancel);

/* What sudoku_count() returns when it was stopped. */
#define SUDOKU_COUNT_CANCELLED UINT64_MAX

/* Number of solutions, stopping as soon as `limit` are found (then returns
 * limit); limit == 0 means no limit. When `solution` is not NULL and the
 * count is not 0 it gets the first solution found, the one sudoku_solve()
 * gives: one search answers both "is it unique?" and "what is the
 * answer?". SUDOKU_COUNT_CANCELLED when stopped (`solution` then
 * unspecified). */
uint64_t sudoku_count(const sudoku_grid *puzzle, uint64_t limit, sudoku_grid *solution,
                      const sudoku_cancel *cancel);

/* Build information: which build of the search this CPU runs, chosen
 * once per call at run time: "avx2" (x86-64 with AVX2, BMI1/2 and POPCNT,
 * GCC builds), "portable-sse2" or "portable-c". Both builds give identical
 * results; this only says which one is fast here (sudoku_debug() shows it). */
const char *sudoku_solver_build(void);

/* The forms of 0.2 (sudoku_solve(p, s), sudoku_count(p, limit),
 * sudoku_count_cancel, ...), deprecated and removed at 1.0. */
#ifndef SUDOKU_NO_COMPAT
#include "compat.h"
#endif

#endif
