/*
 * test_se_aligned.c - aligned triple exclusion (core/se/aligned_exclusion.c),
 * which the reference tries only when the forcing chain cycles find
 * nothing, so the rater rarely reaches it. Each puzzle is rated, the state
 * at the first round where the techniques before the chains found nothing
 * (before the path's first chain step) is rebuilt by replaying the path up
 * to there, and the engine's first hint must
 * be the one serate's AlignedExclusion(3) gives in the same state
 * (se_aligned_triple.inc, from the oracle). Aligned pair exclusion is in
 * the rater's order and tested through the ratings (test_se_rating).
 */
#include "check.h"
#include "se_rating.h"
#include "se/internal.h"

static sudoku_se_path path;

static const struct {
    const char *puzzle, *eliminations;
} cases[] = {
#include "se_aligned_triple.inc"
};

static int sees(int a, int b)
{
    return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
}

/* The rater's state after the path: candidates by replay, then the
 * per-house tables from them. */
static void state_after(const sudoku_grid *g, const sudoku_se_path *p, int steps, se_state *s)
{
    memset(s, 0, sizeof *s);
    for (int c = 0; c < 81; c++) {
        s->value[c] = g->cell[c];
        s->cand[c] = g->cell[c] ? 0 : 0x1ff;
    }
    for (int c = 0; c < 81; c++)
        for (int o = 0; o < 81; o++)
            if (g->cell[c] && sees(c, o))
                s->cand[o] &= (uint16_t)~(1u << (g->cell[c] - 1));
    for (int i = 0; i < steps; i++) {
        const sudoku_se_step *st = &p->step[i];
        for (int e = st->elim_first; e < st->elim_first + st->elim_count; e++)
            s->cand[p->elim[e] / 9] &= (uint16_t)~(1u << (p->elim[e] % 9));
        if (st->cell >= 0) {
            s->value[st->cell] = st->digit;
            s->cand[st->cell] = 0;
            for (int o = 0; o < 81; o++)
                if (sees(st->cell, o))
                    s->cand[o] &= (uint16_t)~(1u << (st->digit - 1));
        }
    }
    for (int h = 0; h < 27; h++)
        for (int i = 0; i < 9; i++) {
            int c = se_house_cell[h][i];
            s->empty[h] += !s->value[c];
            for (int d = 1; d <= 9; d++)
                if (s->cand[c] >> (d - 1) & 1)
                    s->pos[h][d] |= (uint16_t)(1u << i);
        }
}

int main(void)
{
    int hints = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sudoku_grid g = check_grid(cases[i].puzzle);
        sudoku_se_status st = sudoku_se_rate(&g, &path, NULL);
        CHECK_MSG(st == SUDOKU_SE_OK || st == SUDOKU_SE_UNSUPPORTED, "%s: status %d",
                  cases[i].puzzle, st);
        int first_chain = 0; /* chains (and aligned triple exclusion) follow it in the enum */
        while (first_chain < path.step_count &&
               path.step[first_chain].technique < SE_ALIGNED_TRIPLE_EXCLUSION)
            first_chain++;
        CHECK_MSG(first_chain < path.step_count, "%s: no chain step", cases[i].puzzle);
        se_state s;
        state_after(&g, &path, first_chain, &s);
        se_hint h;
        char got[512] = "-";
        if (se_find_aligned_exclusion(&s, &h, 3)) {
            hints++;
            CHECK(h.technique == SE_ALIGNED_TRIPLE_EXCLUSION && h.rating == 75 && h.cell < 0);
            size_t n = 0;
            for (int c = 0; c < 81; c++)
                for (int d = 0; d < 9; d++)
                    if (h.elim[c] >> d & 1)
                        n += (size_t)snprintf(got + n, sizeof got - n, "%sr%dc%d<>%d",
                                              n ? " " : "", c / 9 + 1, c % 9 + 1, d + 1);
        }
        CHECK_MSG(strcmp(got, cases[i].eliminations) == 0, "%s: serate %s, we %s",
                  cases[i].puzzle, cases[i].eliminations, got);
    }
    printf("aligned triple exclusion: %zu states, %d with a hint\n",
           sizeof cases / sizeof cases[0], hints);
    return check_done();
}
