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
#include "se/finders.h"
#include "se_replay.h"

static sudoku_se_path path;

static const struct {
    const char *puzzle, *eliminations;
} cases[] = {
#include "se_aligned_triple.inc"
};

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
        se_replay_state_after(&g, &path, first_chain, &s);
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
