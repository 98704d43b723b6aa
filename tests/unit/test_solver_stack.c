/*
 * The solver's stack pass against its slow twin, on random states: the
 * table-driven pass of one digit (stack_digit(), both builds) and the
 * AVX2 pass of digits 0..7 at once (bit logic instead of the table, on
 * GCC x86-64 builds and CPUs that have AVX2) against a definition by
 * enumeration: in each stack, a (band, column) pair of the digit stays
 * when some assignment of the three bands to distinct columns of the
 * stack, all of them candidates, uses it; no assignment at all is a
 * contradiction; the cells of removed pairs leave the digit's words; a
 * column left with one candidate cell of the digit, not placed, is a
 * column single. Same contradiction, same words, same changed words, same
 * singles. The search tests (test_solver_portable.c) cover the pass only
 * where the search happens to go; this covers words it rarely meets.
 */
#include "check.h"
#include "rng.h"
#include "../../core/solver.c"

/* The slow twin for digit d of s: 0 on a contradiction, else the kept
 * words in x[3] and the column singles. */
static int slow_stack(const state *s, int d, uint32_t x[3], uint32_t *single)
{
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint32_t keep[3] = {0, 0, 0}; /* per band, the columns kept */
    for (int st = 0; st < 3; st++) {
        int any = 0;
        for (int k = 0; k < 6; k++) {
            int ok = 1;
            for (int b = 0; b < 3; b++) {
                int col = 3 * st + perm[k][b];
                int has = 0;
                for (int r = 0; r < 3; r++)
                    has |= (s->cand[b][d] >> (9 * r + col)) & 1;
                ok &= has;
            }
            if (ok) {
                any = 1;
                for (int b = 0; b < 3; b++)
                    keep[b] |= 1u << (3 * st + perm[k][b]);
            }
        }
        if (!any)
            return 0;
    }
    for (int b = 0; b < 3; b++) {
        x[b] = 0;
        for (int r = 0; r < 3; r++)
            for (int col = 0; col < 9; col++)
                if (((s->cand[b][d] >> (9 * r + col)) & 1) && ((keep[b] >> col) & 1))
                    x[b] |= 1u << (9 * r + col);
    }
    *single = 0;
    for (int col = 0; col < 9; col++) {
        int cells = 0, placed = 0;
        for (int b = 0; b < 3; b++)
            for (int r = 0; r < 3; r++) {
                uint32_t bit = 1u << (9 * r + col);
                if (x[b] & bit) {
                    cells++;
                    placed |= !(s->open[b] & bit);
                }
            }
        if (cells == 1 && !placed)
            *single |= 1u << col;
    }
    return 1;
}

/* A random state: words from dense to sparse (a search meets every kind),
 * some cells placed. */
static void random_state(sudoku_rng *rng, state *s)
{
    memset(s, 0, sizeof *s);
    int density = (int)sudoku_rng_below(rng, 4);
    for (int b = 0; b < 3; b++) {
        for (int d = 0; d < 9; d++) {
            uint32_t w = (uint32_t)sudoku_rng_next(rng);
            for (int k = 0; k < density; k++)
                w &= (uint32_t)sudoku_rng_next(rng) | (uint32_t)sudoku_rng_next(rng);
            s->cand[b][d] = w & BAND_ALL;
        }
        s->open[b] = (uint32_t)(sudoku_rng_next(rng) | sudoku_rng_next(rng)) & BAND_ALL;
    }
}

int main(void)
{
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 3141);
    int n = SANITIZED ? 20000 : 300000, dead = 0, narrowed = 0, singles = 0, vector_checked = 0;
#ifdef SOLVER_DISPATCH
    int avx2 = use_avx2_build();
#endif
    for (int k = 0; k < n; k++) {
        state s;
        random_state(&rng, &s);
        int want_ok = 1;
        uint32_t want_x[9][3], want_single[9];
        uint64_t want_kept = 0;
        for (int d = 0; d < 9; d++) {
            if (!slow_stack(&s, d, want_x[d], &want_single[d])) {
                want_ok = 0;
                continue;
            }
            for (int b = 0; b < 3; b++)
                if (want_x[d][b] != s.cand[b][d])
                    want_kept |= (uint64_t)1 << (16 * b + d);
        }
        dead += !want_ok;
        narrowed += want_ok && want_kept != 0;
        /* the portable build, digit by digit */
        {
            state t = s;
            uint32_t single[9] = {0};
            uint64_t kept = 0;
            int ok = 1;
            for (int d = 0; d < 9; d++)
                ok &= stack_digit_portable(&t, d, single, &kept);
            CHECK_MSG(ok == want_ok, "state %d: portable contradiction %d, want %d", k, ok,
                      want_ok);
            if (ok && want_ok) {
                CHECK_MSG(kept == want_kept, "state %d: portable changed words differ", k);
                for (int d = 0; d < 9; d++) {
                    singles += want_single[d] != 0;
                    CHECK_MSG(single[d] == want_single[d], "state %d digit %d: portable singles", k,
                              d);
                    for (int b = 0; b < 3; b++)
                        CHECK_MSG(t.cand[b][d] == want_x[d][b], "state %d digit %d: portable words",
                                  k, d);
                }
            }
        }
#ifdef SOLVER_DISPATCH
        /* the AVX2 build: digits 0..7 at once, digit 8 alone */
        if (avx2) {
            state t = s;
            uint32_t single[9] = {0};
            uint64_t kept = 0;
            int with = stack_pass8_avx2(&t, single, &kept);
            int ok = with >= 0 && stack_digit_avx2(&t, 8, single, &kept);
            if (with >= 0)
                for (int d = 0; d < 8; d++)
                    CHECK_MSG(((with >> d) & 1) == (single[d] != 0),
                              "state %d digit %d: avx2 digits with singles", k, d);
            vector_checked++;
            CHECK_MSG(ok == want_ok, "state %d: avx2 contradiction %d, want %d", k, ok, want_ok);
            if (ok && want_ok) {
                CHECK_MSG(kept == want_kept, "state %d: avx2 changed words differ", k);
                for (int d = 0; d < 9; d++) {
                    CHECK_MSG(single[d] == want_single[d], "state %d digit %d: avx2 singles", k, d);
                    for (int b = 0; b < 3; b++)
                        CHECK_MSG(t.cand[b][d] == want_x[d][b], "state %d digit %d: avx2 words", k,
                                  d);
                }
            }
        }
#endif
    }
    printf("%d states: %d contradictions, %d narrowed, %d digits with column singles; "
           "%d through the AVX2 pass\n",
           n, dead, narrowed, singles, vector_checked);
    /* every outcome met, or the comparison proves little */
    CHECK(dead > n / 20 && narrowed > n / 20 && singles > n / 20);
    return check_done();
}
