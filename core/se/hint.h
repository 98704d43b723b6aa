/*
 * hint.h - a step as a finder builds it: the technique, its rating, a
 * placement or none, and the candidates it removes. Every finder and
 * chain producer of the rater fills one; the rater (rating.c) applies it.
 */
#ifndef SUDOKU_SE_HINT_H
#define SUDOKU_SE_HINT_H

#include <stdint.h>
#include "../se_rating.h" /* the techniques */

typedef struct se_hint {
    int technique;       /* sudoku_se_technique */
    int rating;          /* tenths */
    int cell, digit;     /* placement, or cell -1 */
    uint16_t elim[81];   /* candidates removed, per cell (bit d - 1: digit d) */
} se_hint;

/* Clears a hint to "nothing yet" of this technique and rating. */
void se_hint_clear(se_hint *h, int technique, int rating);
/* 1 when the hint removes at least one candidate. */
int se_hint_has_elims(const se_hint *h);

#endif
