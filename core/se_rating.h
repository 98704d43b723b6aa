/*
 * se_rating.h - the Sudoku Explainer rating (ER/EP/ED) of a puzzle, as the
 * command-line rater `serate` 1.2.1.3 (Sudoku Explainer 1.2.1) prints it,
 * and the solving path that gives it.
 *
 * The rater applies one step at a time: it asks its techniques, in a fixed
 * order, for a step, takes the first one found, applies it, and repeats
 * until the grid is full. ER is the highest rating of the steps taken, EP
 * the highest rating up to and including the first placement, ED the
 * rating of the first step. core/se/rating.c says exactly how.
 *
 * THIS VERSION implements every technique the reference has: singles to
 * the XYZ-Wing, unique rectangles and loops, the quads, BUG, aligned pair
 * and triple exclusion, cycles, forcing chains, Nishio, multiple and
 * dynamic forcing chains, dynamic+ (9.0) and the nested forcing chains of
 * levels 2 to 5 (9.5, 10.0, 10.5, 11.0; see the enum below). It returns
 * SUDOKU_SE_UNSUPPORTED, never a guess, where the reference itself fails
 * (serate prints 20.0) or when a chain search outgrows its fixed work
 * area. Every rating it returns is exact (but for one order the reference
 * leaves to the JVM's hash codes, core/se/rating.c). Nested chains are
 * slow: seconds per puzzle of 11.x (serate: minutes).
 *
 * Reentrant; the path lives in the caller's struct. A puzzle that reaches
 * the chains allocates one work area for the call (freed before return).
 */
#ifndef SUDOKU_SE_RATING_H
#define SUDOKU_SE_RATING_H

#include <stdint.h>
#include "grid.h"
#include "cancel.h"

typedef enum sudoku_se_status {
    SUDOKU_SE_OK = 0,        /* rated: er/ep/ed and the path are exact */
    SUDOKU_SE_INVALID,       /* clashing givens, no or several solutions,
                                or already full (nothing to rate) */
    SUDOKU_SE_UNSUPPORTED,   /* no technique finds a step (the reference
                                fails too) or a chain work area
                                overflowed; the path holds the steps up to
                                there */
    SUDOKU_SE_CANCELLED      /* stopped by the cancel hook */
} sudoku_se_status;

/* The techniques, in the order the reference tries them. */
typedef enum sudoku_se_technique {
    SE_FULL_HOUSE,           /* last empty cell of a house, 1.0 */
    SE_HIDDEN_SINGLE_BOX,    /* 1.2 */
    SE_HIDDEN_SINGLE_LINE,   /* hidden single in a row or column, 1.5 */
    SE_DIRECT_POINTING,      /* 1.7 */
    SE_DIRECT_CLAIMING,      /* 1.9 */
    SE_DIRECT_HIDDEN_PAIR,   /* 2.0 */
    SE_NAKED_SINGLE,         /* 2.3 */
    SE_DIRECT_HIDDEN_TRIPLE, /* 2.5 */
    SE_POINTING,             /* 2.6 */
    SE_CLAIMING,             /* 2.8 */
    SE_NAKED_PAIR,           /* 3.0 */
    SE_X_WING,               /* 3.2 */
    SE_HIDDEN_PAIR,          /* 3.4 */
    SE_NAKED_TRIPLE,         /* 3.6 */
    SE_SWORDFISH,            /* 3.8 */
    SE_HIDDEN_TRIPLE,        /* 4.0 */
    SE_XY_WING,              /* 4.2 */
    SE_XYZ_WING,             /* 4.4 */
    /* Uniqueness: a rectangle (4 cells) or a longer loop that would give
     * two solutions; 4.5, +0.1 for 6 cells, +0.2 for 8, +0.5 for 10 or
     * more; type 3 adds 0.1 per digit of its naked set beyond one (0.1
     * per digit beyond two for its hidden set). */
    SE_UNIQUE_RECTANGLE_1,
    SE_UNIQUE_RECTANGLE_2,
    SE_UNIQUE_RECTANGLE_3,
    SE_UNIQUE_RECTANGLE_4,
    SE_UNIQUE_LOOP_1,
    SE_UNIQUE_LOOP_2,
    SE_UNIQUE_LOOP_3,
    SE_UNIQUE_LOOP_4,
    SE_NAKED_QUAD,           /* 5.0 */
    SE_JELLYFISH,            /* 5.2 */
    SE_HIDDEN_QUAD,          /* 5.4 */
    SE_BUG_1,                /* bivalue universal grave + 1: 5.6 */
    SE_BUG_2,                /* 5.7 */
    SE_BUG_3,                /* 5.7 + 0.1 per digit of its naked set beyond one */
    SE_BUG_4,                /* 5.7 */
    SE_ALIGNED_PAIR_EXCLUSION,    /* 6.2 */
    SE_ALIGNED_TRIPLE_EXCLUSION,  /* 7.5 (after the forcing chain cycles) */
    /* the chains; rating = base + the length term (core/se/chains.c) */
    SE_X_CYCLE,              /* bidirectional X-cycle, 6.5 */
    SE_Y_CYCLE,              /* bidirectional Y-cycle, 6.5 */
    SE_XY_CYCLE,             /* bidirectional cycle, X and Y links, 7.0 */
    SE_FORCING_X_CHAIN,      /* 6.6 */
    SE_FORCING_CHAIN,        /* X and Y links, 7.0 */
    SE_NISHIO,               /* Nishio forcing chains, 7.5 */
    SE_CELL_FORCING,         /* cell forcing chains, 8.0 */
    SE_REGION_FORCING,       /* region forcing chains, 8.0 */
    SE_DYNAMIC_CONTRADICTION,/* dynamic contradiction forcing chains, 8.5 */
    SE_DYNAMIC_DOUBLE,       /* dynamic double forcing chains, 8.5 */
    SE_DYNAMIC_CELL,         /* dynamic cell forcing chains, 8.5 */
    SE_DYNAMIC_REGION,       /* dynamic region forcing chains, 8.5 */
    /* dynamic+ (nesting level 1): the dynamic chains whose propagation
     * also uses pointing/claiming, hidden and naked pairs and X-wings on
     * the reduced grid, 9.0; named with " (+)" as the reference does */
    SE_DYNAMIC_PLUS_CONTRADICTION,
    SE_DYNAMIC_PLUS_DOUBLE,
    SE_DYNAMIC_PLUS_CELL,
    SE_DYNAMIC_PLUS_REGION,
    /* nested level 2: dynamic chains whose propagation also uses every
     * forcing chain and cycle of the reduced grid, 9.5; named with
     * " (+ Forcing Chains)" */
    SE_NESTED_FC_CONTRADICTION,
    SE_NESTED_FC_DOUBLE,
    SE_NESTED_FC_CELL,
    SE_NESTED_FC_REGION,
    /* nested level 3 (10.0, " (+ Multiple Forcing Chains)"): inner
     * forcing chains & cycles, then multiple forcing chains */
    SE_NESTED_MFC_CONTRADICTION,
    SE_NESTED_MFC_DOUBLE,
    SE_NESTED_MFC_CELL,
    SE_NESTED_MFC_REGION,
    /* nested level 4 (10.5, " (+ Dynamic Forcing Chains)"): inner dynamic
     * forcing chains */
    SE_NESTED_DFC_CONTRADICTION,
    SE_NESTED_DFC_DOUBLE,
    SE_NESTED_DFC_CELL,
    SE_NESTED_DFC_REGION,
    /* nested level 5 (11.0, " (+ Dynamic Forcing Chains (+ Forcing
     * Chains))"): inner dynamic forcing chains, then inner level 2 */
    SE_NESTED_DFC2_CONTRADICTION,
    SE_NESTED_DFC2_DOUBLE,
    SE_NESTED_DFC2_CELL,
    SE_NESTED_DFC2_REGION,
    SE_TECHNIQUE_COUNT
} sudoku_se_technique;

/* Name of a technique ("Hidden Single", "X-Wing", ...). */
const char *sudoku_se_technique_name(sudoku_se_technique t);

/* Most steps a path can hold: every step removes at least one of the 729
 * candidates. Most eliminations likewise. */
#define SUDOKU_SE_MAX_STEPS 729
#define SUDOKU_SE_MAX_ELIMS 729

typedef struct sudoku_se_step {
    uint8_t technique;   /* sudoku_se_technique */
    uint8_t rating;      /* tenths: 23 is 2.3 */
    int8_t  cell;        /* placed cell 0..80 (row-major), or -1 */
    uint8_t digit;       /* placed digit 1..9, or 0 */
    uint16_t elim_first; /* this step's eliminations: elims[elim_first..] */
    uint16_t elim_count;
} sudoku_se_step;

typedef struct sudoku_se_path {
    int er, ep, ed;      /* tenths; valid when the status is SUDOKU_SE_OK */
    int step_count;
    int elim_count;
    sudoku_se_step step[SUDOKU_SE_MAX_STEPS];
    uint16_t elim[SUDOKU_SE_MAX_ELIMS]; /* cell * 9 + (digit - 1) */
} sudoku_se_path;

/* Rates `puzzle`, filling `path`. NULL cancel: never stops. */
sudoku_se_status sudoku_se_rate(const sudoku_grid *puzzle,
                                sudoku_se_path *path,
                                const sudoku_cancel *cancel);

/* A rater keeps the chain techniques' work areas (some 15 MB resident
 * once a puzzle needed nested chains) from one rating to the next.
 * sudoku_se_rate makes and frees them on every call, which costs page
 * faults: about 3 ms a puzzle rated 11 (3% of its time), half the time of
 * a puzzle rated 6.5. Ratings and paths are the same either way (every
 * cache starts empty for each puzzle). A rater serves one thread at a
 * time. */
typedef struct sudoku_se_rater sudoku_se_rater;

/* NULL when out of memory. The work areas come with the first puzzle
 * that needs chains. */
sudoku_se_rater *sudoku_se_rater_new(void);
void sudoku_se_rater_free(sudoku_se_rater *rater);

/* sudoku_se_rate with the rater's work areas (a NULL rater: as
 * sudoku_se_rate). */
sudoku_se_status sudoku_se_rate_with(sudoku_se_rater *rater, const sudoku_grid *puzzle,
                                     sudoku_se_path *path, const sudoku_cancel *cancel);

/* Writes a rating in tenths as serate prints it ("4.4", "11.0") into out
 * (at least 8 bytes); returns out. */
char *sudoku_se_format_rating(int tenths, char out[8]);

#endif
