/*
 * band.h - the top band of a solution grid: its 44 classes and how many
 * grids complete it (Felgenhauer & Jarvis, "Enumerating possible Sudoku
 * grids", 2005).
 *
 * A band is three rows of a grid (27 cells, digits 1..9): every row holds
 * the nine digits and so does every 3x3 box. How many grids complete a band
 * (fill rows 4-9) depends only on its "gangster": which digits share a
 * column inside each stack. Two bands have equally many completions when
 * their gangsters agree up to relabelling the digits, permuting the three
 * columns inside each stack and permuting the stacks; under those moves
 * the 2,612,736 bands whose first row is 123456789 (56 ways to choose which
 * digits go to row 2 of each box, then 6^6 orders of the box rows) fall
 * into 44 classes. Every band is a relabelling of exactly one band with
 * first row 123456789, so all bands number 9! * 2,612,736.
 *
 * Counting completions (sudoku_band_completions): the digits of rows 4-6
 * in each column are three of the six the band leaves free, and a stack's
 * choice is one of 56 "splits" (the same structure as row 2 above). For
 * every choice of split in the three stacks (56^3), the number of ways to
 * arrange band 2 with those column sets times the number for band 3 with
 * the complementary sets is counted (each a small count of row orders per
 * column with every row holding nine distinct digits), and summed. The
 * class table below was produced by this code and is recomputed by
 * tests/unit/test_band.c; its total, 9! * sum(bands * completions), is the
 * published 6,670,903,752,021,072,936,960.
 */
#ifndef SUDOKU_BAND_H
#define SUDOKU_BAND_H

#include <stdint.h>

#include "grid.h"

#define SUDOKU_BAND_CLASSES 44
/* Bands whose first row is 123456789: 56 * 6^6. */
#define SUDOKU_BANDS_ROW1 2612736u
/* 9!: the relabellings, each band being one of exactly one row-1 band. */
#define SUDOKU_RELABELLINGS 362880u

typedef struct sudoku_band_class {
    int number;            /* 1..44, in order of `band` */
    const char *band;      /* the class's smallest band with row 1 =
                              123456789, as 27 digits (rows 1-3) */
    uint32_t bands;        /* bands with row 1 = 123456789 in the class */
    uint64_t completions;  /* grids that complete any one band of it */
    uint64_t key;          /* canonical gangster key (sudoku_band_key) */
} sudoku_band_class;

/* The 44 classes, numbered 1..44 (entry i is class i + 1). */
const sudoku_band_class *sudoku_band_classes(void);

/* The number of solution grids, 6,670,903,752,021,072,936,960, as the
 * table's 9! * sum(bands * completions) in 128 bits. */
unsigned __int128 sudoku_band_total_grids(void);

/* 1 when band (27 digits, rows 1-3) is a valid band: each row and each box
 * holds 1..9 once. */
int sudoku_band_valid(const uint8_t band[27]);

/* The gangster of band as a 54-bit number, without reducing by symmetry:
 * for each digit the triple (its column inside stack 1, 2, 3) is a code
 * 0..26, and the key counts the digits per code, 2 bits a code. Digit
 * labels do not enter it. 0 for an invalid band (a valid one has nine
 * codes, so its key is never 0). */
uint64_t sudoku_band_raw_key(const uint8_t band[27]);

/* The smallest raw key over the 1296 column/stack permutations: equal for
 * two valid bands exactly when they are in the same class; 0 for an
 * invalid band. */
uint64_t sudoku_band_key(const uint8_t band[27]);

/* The class number 1..44 of a valid band, 0 for an invalid one. For a
 * grid, pass its first 27 cells. */
int sudoku_band_class_of(const uint8_t band[27]);

/* The band with row 1 = 123456789 numbered index (< SUDOKU_BANDS_ROW1):
 * index / 46656 picks the split of row 2 (which digits of each box's row 1
 * go to the next box's row 2), index % 46656 the orders of the six box
 * rows 2 and 3, base 6. Every row-1 band has exactly one index. */
void sudoku_band_from_index(uint32_t index, uint8_t band[27]);

/* How many grids complete the band (computed, about a second; 0 for an
 * invalid band). */
uint64_t sudoku_band_completions(const uint8_t band[27]);

/* How many bands have the given column sets: col[d][s] (d = 0..8 for
 * digits 1..9, s = stack) is the column (0..2) inside stack s holding d.
 * 0 when some column would not hold three digits. */
uint64_t sudoku_band_arrangements(const uint8_t col[9][3]);

#endif
