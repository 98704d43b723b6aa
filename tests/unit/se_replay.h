/* se_replay.h - the rater's state after the first steps of a path, rebuilt
 * the slow, obvious way (every peer pair tested, candidates by replay), for
 * the SE tests that ask a producer again at a position of a path. */
#ifndef SE_REPLAY_H
#define SE_REPLAY_H

#include <string.h>
#include "se_rating.h"
#include "se/internal.h"

static int se_replay_sees(int a, int b)
{
    return a != b &&
           (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
}

/* pos[][] and empty[] from value[] and cand[]. */
static void se_replay_complete(se_state *s)
{
    memset(s->pos, 0, sizeof s->pos);
    memset(s->empty, 0, sizeof s->empty);
    for (int h = 0; h < 27; h++)
        for (int i = 0; i < 9; i++) {
            int c = se_house_cell[h][i];
            s->empty[h] += !s->value[c];
            for (int d = 1; d <= 9; d++)
                if (s->cand[c] >> (d - 1) & 1)
                    s->pos[h][d] |= (uint16_t)(1u << i);
        }
}

/* The state after the path's first `steps` steps. */
static void se_replay_state_after(const sudoku_grid *g, const sudoku_se_path *p, int steps,
                                  se_state *s)
{
    memset(s, 0, sizeof *s);
    for (int c = 0; c < 81; c++) {
        s->value[c] = g->cell[c];
        s->cand[c] = g->cell[c] ? 0 : 0x1ff;
    }
    for (int c = 0; c < 81; c++)
        for (int o = 0; o < 81; o++)
            if (g->cell[c] && se_replay_sees(c, o))
                s->cand[o] &= (uint16_t)~(1u << (g->cell[c] - 1));
    for (int i = 0; i < steps; i++) {
        const sudoku_se_step *st = &p->step[i];
        for (int e = st->elim_first; e < st->elim_first + st->elim_count; e++)
            s->cand[p->elim[e] / 9] &= (uint16_t)~(1u << (p->elim[e] % 9));
        if (st->cell >= 0) {
            s->value[st->cell] = st->digit;
            s->cand[st->cell] = 0;
            for (int o = 0; o < 81; o++)
                if (se_replay_sees(st->cell, o))
                    s->cand[o] &= (uint16_t)~(1u << (st->digit - 1));
        }
    }
    se_replay_complete(s);
}

#endif
