/* plain_count.h - the slow twin of the generator's and the vicinity
 * search's uniqueness tests: a plain backtracking counter, written for
 * obviousness, sharing no code with core/solver.c. It places the givens
 * (a clash: no solution), then fills the empty cell with the fewest legal
 * digits (a digit is legal when its row, column and box lack it), trying
 * each digit in turn, and stops at `limit` solutions. */
#ifndef SUDOKU_PLAIN_COUNT_H
#define SUDOKU_PLAIN_COUNT_H

#include "grid.h"

typedef struct plain_state {
    uint8_t g[81];
    uint16_t row[9], col[9], box[9]; /* bit d: digit d placed there */
} plain_state;

static inline int plain_box(int cell) { return cell / 27 * 3 + cell % 9 / 3; }

static inline uint16_t plain_free(const plain_state *s, int cell)
{
    return (uint16_t)(~(s->row[cell / 9] | s->col[cell % 9] | s->box[plain_box(cell)]) & 0x3FE);
}

static inline void plain_set(plain_state *s, int cell, int d)
{
    uint16_t bit = (uint16_t)(1u << d);
    s->g[cell] = (uint8_t)d;
    s->row[cell / 9] ^= bit;
    s->col[cell % 9] ^= bit;
    s->box[plain_box(cell)] ^= bit;
}

static inline int plain_search(plain_state *s, int limit, sudoku_grid *first, int found)
{
    int best = -1, best_n = 10;
    for (int cell = 0; cell < 81; cell++) {
        if (s->g[cell])
            continue;
        int n = __builtin_popcount(plain_free(s, cell));
        if (n < best_n) {
            best_n = n;
            best = cell;
        }
    }
    if (best < 0) {
        if (found == 0 && first)
            memcpy(first->cell, s->g, 81);
        return found + 1;
    }
    uint16_t free = plain_free(s, best);
    for (int d = 1; d <= 9 && found < limit; d++)
        if (free >> d & 1) {
            plain_set(s, best, d);
            found = plain_search(s, limit, first, found);
            plain_set(s, best, d); /* xor: undone */
            s->g[best] = 0;
        }
    return found;
}

/* Solutions of p, up to limit; the first one into *first (may be NULL).
 * Clashing givens: 0. */
static inline int plain_count(const sudoku_grid *p, int limit, sudoku_grid *first)
{
    plain_state s;
    memset(&s, 0, sizeof s);
    for (int cell = 0; cell < 81; cell++) {
        int d = p->cell[cell];
        if (!d)
            continue;
        if (!(plain_free(&s, cell) >> d & 1))
            return 0;
        plain_set(&s, cell, d);
    }
    return plain_search(&s, limit, first, 0);
}

/* 1 when p has one solution and losing any single clue gives several. */
static inline int plain_minimal_unique(const sudoku_grid *p)
{
    sudoku_grid q = *p;
    if (plain_count(p, 2, NULL) != 1)
        return 0;
    for (int c = 0; c < 81; c++)
        if (q.cell[c]) {
            q.cell[c] = 0;
            int n = plain_count(&q, 2, NULL);
            q.cell[c] = p->cell[c];
            if (n == 1)
                return 0;
        }
    return 1;
}

#endif
