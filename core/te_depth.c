/*
 * te_depth.c - T&E(Singles) depth, see te_depth.h for the definition.
 *
 * The state and Singles live in singles.inc (shared with backdoor.c).
 *
 * Speed comes from three facts, none of which changes the result:
 *   - the T&E closure is confluent, so trials may run in any order;
 *   - at the top level the solution is known (the uniqueness check gives
 *     it), and T&E is sound, so candidates of the solution are never tried;
 *   - if asserting Z and closing under T&E(n-1) reaches no contradiction
 *     and decides Z', then asserting Z' (a weaker hypothesis) cannot reach
 *     one either, while the state is unchanged: such Z' are skipped until
 *     the next deletion.
 */
#include "te_depth.h"

#include <stdint.h>
#include <string.h>

#include "solver.h"

enum { TE_STUCK = 0, TE_SOLVED = 1, TE_CONTRA = 2, TE_CANCELLED = 3 };

/* Stopping from outside (core/cancel.h): the hook is asked every
 * TE_POLL_TRIALS trials, and TE_CANCELLED then unwinds every level. A trial
 * at the lowest level is Singles on a copied state: 0.3 microseconds when
 * it stops early, 20 when it fills the grid (the slowest depth-3 puzzles
 * have long runs of those), so 128 trials are 0.05 to 3 ms. */
#define TE_POLL_TRIALS 128u

/* Instrumentation for tests that #include this file: called once per
 * trial (tests/interrupt slows trials down with it). */
#ifndef TE_TRIAL_HOOK
#define TE_TRIAL_HOOK() ((void)0)
#endif

typedef struct te_run {
    const sudoku_cancel *cancel;
    uint32_t poll; /* trials left until the next question */
} te_run;

__attribute__((noinline, cold)) static int te_poll(te_run *run)
{
    run->poll = TE_POLL_TRIALS;
    return sudoku_cancelled(run->cancel);
}

#include "singles.inc"

static int te_passes(te_state *s, int n, const uint32_t (*known)[3],
                     te_run *run);

/* T&E(n) from any state. */
static int te_full(te_state *s, int n, te_run *run)
{
    int r = te_singles(s);
    for (int k = 1; r == TE_STUCK && k <= n; k++)
        r = te_passes(s, k, NULL, run);
    return r;
}

/* The level-n passes of T&E(n), on a state that is a T&E(n-1) fixpoint.
 * `known` (or NULL) lists candidates that never lead to a contradiction:
 * the solution, at the top level. */
static int te_passes(te_state *s, int n, const uint32_t (*known)[3],
                     te_run *run)
{
    uint32_t ok[9][3];
    int deleted;
#define TE_RESET_OK()                                                      \
    do {                                                                   \
        for (int e_ = 0; e_ < 9; e_++)                                     \
            for (int b_ = 0; b_ < 3; b_++)                                 \
                ok[e_][b_] = known ? known[e_][b_] : 0;                    \
    } while (0)
    TE_RESET_OK();
    do {
        deleted = 0;
        for (int b = 0; b < 3; b++) {
            for (int d = 0; d < 9; d++) {
                uint32_t m = s->c[d][b] & s->u[b] & ~ok[d][b];
                while (m) {
                    int p = __builtin_ctz(m);
                    uint32_t bit = 1u << p;
                    te_state t = *s;
                    int r;
                    TE_TRIAL_HOOK();
                    if (--run->poll == 0 && te_poll(run))
                        return TE_CANCELLED;
                    te_place(&t, d, b, p);
                    r = te_full(&t, n - 1, run);
                    if (r == TE_CANCELLED)
                        return r;
                    if (r == TE_CONTRA) {
                        te_delete(s, d, b, p);
                        deleted = 1;
                        r = te_full(s, n - 1, run);
                        if (r != TE_STUCK)
                            return r;
                        TE_RESET_OK();
                    } else {
                        for (int e = 0; e < 9; e++)
                            for (int bb = 0; bb < 3; bb++)
                                ok[e][bb] |= t.c[e][bb] & ~t.u[bb];
                    }
                    m = s->c[d][b] & s->u[b] & ~ok[d][b] & ~((bit << 1) - 1);
                }
            }
        }
    } while (deleted);
#undef TE_RESET_OK
    return TE_STUCK;
}

/* The start of every run: the givens placed, Singles not yet applied;
 * known[][] gets the solution's candidates. */
static void te_start(const sudoku_grid *puzzle, const sudoku_grid *solution,
                     te_state *s, uint32_t known[9][3])
{
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++) {
            s->c[d][b] = BAND_ALL;
            known[d][b] = 0;
        }
    for (int i = 0; i < SUDOKU_CELLS; i++)
        known[solution->cell[i] - 1][i / 27] |= 1u << (i % 27);
    for (int b = 0; b < 3; b++)
        s->u[b] = BAND_ALL;
    s->dirty = DIRTY_ALL;
    for (int i = 0; i < SUDOKU_CELLS; i++)
        if (puzzle->cell[i])
            te_place(s, puzzle->cell[i] - 1, i / 27, i % 27);
}

int sudoku_te_profile_of(const sudoku_grid *puzzle, const sudoku_grid *solution,
                         sudoku_te_profile *out, const sudoku_cancel *cancel)
{
    sudoku_grid found;
    uint32_t known[9][3];
    te_state s;
    te_run run = {cancel, TE_POLL_TRIALS};
    int r, rounds = 0, first = 0;
    if (!solution) {
        uint64_t count;
        if (!sudoku_grid_consistent(puzzle))
            return SUDOKU_TE_UNDEFINED;
        count = sudoku_count(puzzle, 2, &found, cancel);
        if (count == SUDOKU_COUNT_CANCELLED)
            return SUDOKU_CANCELLED;
        if (count != 1)
            return SUDOKU_TE_UNDEFINED;
        solution = &found;
    }
    te_start(puzzle, solution, &s, known);
    r = te_singles(&s);
    while (r == TE_STUCK) {
        /* the round's deletions wait until every trial is made, so each
         * trial sees the state the round began with */
        uint32_t del[9][3] = {{0}}, ok[9][3];
        int deleted = 0;
        /* as in te_passes: a trial without a contradiction clears the
         * candidates it decided for the rest of the round */
        memcpy(ok, known, sizeof ok);
        for (int b = 0; b < 3; b++)
            for (int d = 0; d < 9; d++)
                for (uint32_t m = s.c[d][b] & s.u[b] & ~ok[d][b]; m;) {
                    int p = __builtin_ctz(m);
                    uint32_t bit = 1u << p;
                    te_state t = s;
                    if (--run.poll == 0 && te_poll(&run))
                        return SUDOKU_CANCELLED;
                    te_place(&t, d, b, p);
                    if (te_singles(&t) == TE_CONTRA) {
                        del[d][b] |= bit;
                        deleted++;
                    } else {
                        for (int e = 0; e < 9; e++)
                            for (int bb = 0; bb < 3; bb++)
                                ok[e][bb] |= t.c[e][bb] & ~t.u[bb];
                    }
                    m = s.c[d][b] & s.u[b] & ~ok[d][b] & ~((bit << 1) - 1);
                }
        if (rounds++ == 0)
            first = deleted;
        if (!deleted)
            break;
        for (int b = 0; b < 3; b++)
            for (int d = 0; d < 9; d++)
                for (uint32_t m = del[d][b]; m; m &= m - 1)
                    te_delete(&s, d, b, __builtin_ctz(m));
        r = te_singles(&s);
    }
    /* T&E is sound on a unique puzzle, so a contradiction means that
     * `solution` was not its solution */
    if (r == TE_CONTRA)
        return SUDOKU_TE_UNDEFINED;
    out->depth = r == TE_SOLVED ? (rounds ? 1 : 0) : 2;
    out->rounds = rounds;
    out->first = first;
    return 0;
}

int sudoku_te_depth(const sudoku_grid *puzzle, int max_depth, const sudoku_cancel *cancel)
{
    sudoku_grid solution;
    uint32_t known[9][3] = {{0}};
    te_state s;
    te_run run = {cancel, TE_POLL_TRIALS};
    uint64_t count;
    int r;

    if (!sudoku_grid_consistent(puzzle))
        return SUDOKU_TE_UNDEFINED;
    /* one search: uniqueness and the solution (the first one found) */
    count = sudoku_count(puzzle, 2, &solution, cancel);
    if (count == SUDOKU_COUNT_CANCELLED)
        return SUDOKU_CANCELLED;
    if (count != 1)
        return SUDOKU_TE_UNDEFINED;
    for (int i = 0; i < SUDOKU_CELLS; i++)
        known[solution.cell[i] - 1][i / 27] |= 1u << (i % 27);

    te_init(&s, puzzle);

    r = te_singles(&s);
    /* With one solution T&E is sound, so it never meets a contradiction,
     * and T&E(n) solves any puzzle once n reaches the number of empty
     * cells: the loop ends. */
    for (int n = 0;; n++) {
        if (r == TE_SOLVED)
            return n;
        if (r != TE_STUCK || n >= SUDOKU_CELLS)
            return SUDOKU_TE_UNDEFINED; /* unreachable */
        if (max_depth >= 0 && n >= max_depth)
            return SUDOKU_TE_TOO_DEEP;
        r = te_passes(&s, n + 1, (const uint32_t(*)[3])known, &run);
        if (r == TE_CANCELLED)
            return SUDOKU_CANCELLED;
    }
}
