/*
 * generate.h - making puzzles: minimal, uniquely solvable, seeded, with a
 * clue-pattern symmetry, a clue-count target, a fixed pattern, a given
 * solution grid or a T&E depth target.
 *
 * One attempt:
 *   1. a solution grid S: the given one, or a random one (random_grid() in
 *      generate.c, the one place that draws grids);
 *   2. without a pattern: start from the full grid and visit the removal
 *      units in an order drawn from the row's stream. A unit is one cell,
 *      or with a symmetry one orbit of it (the cells a cell is sent to by
 *      repeating the map: 1, 2 or 4 cells). A unit's clues are removed and
 *      the removal is kept iff the puzzle still has exactly one solution.
 *      With a pattern: the puzzle is S restricted to the pattern's cells.
 *   3. the result is accepted when it meets every target (unique; minimal
 *      if asked; clue count in range; T&E depth equal to the target; SE
 *      rating in range).
 * An attempt that misses a target is followed by a new one (a new random
 * grid, or a new removal order for a given grid), up to `tries` attempts.
 *
 * Why one pass gives a minimal puzzle (no symmetry). Uniqueness is
 * monotone: a puzzle whose clues all agree with S and that contains a
 * unique puzzle is itself unique. Let F be the final puzzle and c one of its
 * clues. When c was visited the puzzle was some P with F a subset of P, and
 * P - c was not unique (c was kept). F - c is a subset of P - c, so F - c
 * is not unique either (it has every solution P - c has). So no clue of F
 * can be removed: F is minimal, and no second pass is needed.
 *
 * With a symmetry the same argument works unit by unit: no whole orbit of
 * F can be removed (F is "orbit-minimal"). A single clue of an orbit might
 * still be removable, so the usual minimality is NOT implied; when
 * minimality is asked for (the default), the generator checks each clue of
 * F and rejects the attempt if one can go (sudoku_generate_is_minimal). So
 * every puzzle it returns with minimal = 1 is minimal in the usual sense,
 * and its pattern has the symmetry.
 *
 * The uniqueness test exploits the known solution S: P - X (P unique with
 * solution S, X the unit's cells) is unique iff no solution differs from S
 * on X. When every cell of X has no candidate but its S digit among the
 * remaining clues, that holds at once, without a search (the common case
 * while many clues remain); otherwise the solver counts to 2.
 *
 * Without minimality (minimal = 0) nothing is checked beyond the pass: with
 * a symmetry the puzzle is then orbit-minimal only. With a clue target
 * (clues_max < 81) the pass also stops as soon as the clue count is at most
 * clues_max, and never removes a unit that would take it below clues_min:
 * that is how to get puzzles with many clues.
 *
 * The vicinity climb (for depth 2, where independent attempts practically
 * never succeed: none among 300,000 random minimal puzzles here). Instead
 * of new attempts, each row walks from puzzle to puzzle:
 *   1. start: a random minimal puzzle P (one attempt as above, no target);
 *   2. a step scans P's {-1+1} vicinity (core/neighbors.h: the unique
 *      puzzles with one clue removed and one added, so the clue count
 *      stays that of the start);
 *   3. a neighbour of at least the target depth is made minimal by
 *      removing its clues in a random order while it stays unique (the
 *      pass above, from the neighbour instead of the full grid, so the
 *      result is minimal by the same argument; removing clues never
 *      lowers the depth), and that puzzle is the row's when it meets
 *      every target;
 *   4. otherwise P becomes the neighbour with the highest grade (ties
 *      broken at random): T&E depth first, then more T&E(1) rounds, then
 *      fewer candidates deleted by the first round (sudoku_te_profile in
 *      te_depth.h). The last CLIMB_TABU puzzles visited are not revisited,
 *      so the walk does not swing between two puzzles. The walk itself
 *      does not minimise: minimising every neighbour drifts to ever fewer
 *      clues and, measured here, found depth 2 several times less often;
 *   5. after SUDOKU_GENERATE_PATIENCE steps (times the T&E(1) rounds of
 *      the best grade so far, so a climb that got further is given more
 *      time) without a new best grade, or
 *      in a vicinity without an unseen unique puzzle, the climb restarts
 *      from a new random puzzle.
 * `tries` counts the steps of a row (each a vicinity scan, about 10 ms),
 * restarts included. Every choice draws from the row's stream, so rows
 * stay reproducible by (seed, n). The climb starts from random puzzles and
 * changes clues freely, so it takes no symmetry, pattern or grid; its
 * puzzles are always minimal.
 */
#ifndef SUDOKU_GENERATE_H
#define SUDOKU_GENERATE_H

#include <stdint.h>

#include "cancel.h"
#include "grid.h"
#include "symmetry.h"

typedef struct sudoku_generate_options {
    sudoku_symmetry symmetry; /* clue-pattern symmetry; NONE by default */
    int clues_min, clues_max; /* accepted clue counts (0..81 by default) */
    int have_pattern;         /* 1: clues exactly on pattern[] */
    uint8_t pattern[SUDOKU_CELLS]; /* 1 = clue cell */
    int have_grid;            /* 1: puzzles for `grid` (a full solution) */
    sudoku_grid grid;
    int depth;                /* T&E depth target 0..3, or -1: any */
    /* Sudoku Explainer rating target: ER (sudoku_se_rate's path.er, in
     * tenths: 44 is 4.4) within se_min..se_max, or se_min = -1: any. A
     * puzzle the rater cannot rate (SUDOKU_SE_UNSUPPORTED: it needs a
     * technique the rater lacks) never matches, so the reachable range
     * is what the rater covers, and grows with it. */
    int se_min, se_max;
    int minimal;              /* 1 (default): only minimal puzzles */
    /* How rows are searched: 0 independent attempts; 1 the vicinity climb
     * (needs depth 2; no symmetry, pattern or grid); -1 (default): the
     * climb for depth 2 without symmetry, pattern or grid, else attempts. */
    int climb;
    uint32_t tries;           /* attempts per row before giving up (> 0) */
    /* The SE rater (se_rating.h) that rates the candidates of an SE
     * target, keeping its work areas from one call to the next, or NULL
     * (the default): one is made for the call. Not an option of the text
     * form: a caller that makes many rows passes its own. */
    struct sudoku_se_rater *rater;
} sudoku_generate_options;

/* The defaults: no symmetry, any clue count, no pattern, random grids,
 * any depth, any SE rating, minimal, SUDOKU_GENERATE_TRIES tries. */
#define SUDOKU_GENERATE_TRIES 1000
#define SUDOKU_GENERATE_PATIENCE 8
void sudoku_generate_defaults(sudoku_generate_options *opt);

/* Reads the options in their JSON text form, the third argument of the
 * SQL function sudoku_generate (README, "Making puzzles"), e.g.
 *   {"symmetry":"rotate180","clues":[22,24],"depth":1}
 * keys: symmetry (a name of symmetry.h), clues (an integer or a [min, max]
 * pair within 17..81), pattern (81 cells: '.' or '0' empty; '1'-'9', 'x',
 * 'X' or '*' a clue cell; whitespace skipped), grid (a full solution grid
 * in any form grid.h reads), depth (0..3), se (a rating or a [min, max]
 * pair within 1.0..20.0, rounded inwards to tenths), minimal (true or
 * false), search ("random" or "climb"), tries (1..1000000). Starts from
 * sudoku_generate_defaults(). Strict: an unknown or repeated key, a wrong
 * type, a value out of range, anything JSON does not allow (a leading
 * zero, text after the object) and options that
 * sudoku_generate_options_check() refuses, or a pattern with clues or a
 * symmetry, are errors. Returns 1, or 0 with
 * "<prefix>: options: <what is wrong>" in msg (NUL-terminated, at most cap
 * bytes; positions as byte offsets into text). Never reads past len. */
int sudoku_generate_options_parse(const void *text, size_t len, sudoku_generate_options *opt,
                                  const char *prefix, char *msg, size_t cap);

/* NULL when sudoku_generate can use opt, else what is wrong with it: a
 * grid that is not a full valid solution grid, or climb = 1 without depth
 * 2 or with a symmetry, pattern or grid. */
const char *sudoku_generate_options_check(const sudoku_generate_options *opt);

/* Makes row n of the puzzles for `seed`: the row's random stream depends
 * only on (seed, n) (as sudoku_scramble_seed), so a row is the same
 * whichever other rows were made, and the same options, seed and n always
 * give the same puzzle.
 * Returns 1 with the puzzle and its solution written, 0 when no puzzle
 * meeting the targets was found within opt->tries attempts, or
 * SUDOKU_CANCELLED. Options that sudoku_generate_options_check() refuses
 * give 0. With an SE target and no opt->rater it makes a rater for the
 * call (heap memory, freed before it returns). */
int sudoku_generate(const sudoku_generate_options *opt, uint64_t seed,
                    uint64_t n, sudoku_grid *puzzle, sudoku_grid *solution,
                    const sudoku_cancel *cancel);

/* 1 when the unique puzzle `puzzle` with solution `solution` is minimal
 * (no single clue can be removed keeping one solution), 0 when not, or
 * SUDOKU_CANCELLED. */
int sudoku_generate_is_minimal(const sudoku_grid *puzzle,
                               const sudoku_grid *solution,
                               const sudoku_cancel *cancel);

#endif
