/*
 * rating.c - the driver of the Sudoku Explainer rater: applies steps as
 * serate 1.2.1.3 does and computes ER/EP/ED.
 *
 * How the reference rates (read from its source, restated here):
 *
 * - Candidates start as every digit not seen by a given. Then, until the
 *   grid is full: ask the techniques in the fixed order below for a step,
 *   take the FIRST step found (not the easiest of all: the order is what
 *   makes easy steps win, and within a technique its own search order
 *   decides), apply it, repeat. A placement also removes its digit from
 *   the cell's peers. Steps are not batched: one step per round.
 * - Order and base ratings:
 *     hidden single (full house 1.0, box 1.2, row/column 1.5),
 *     direct pointing 1.7 / direct claiming 1.9, direct hidden pair 2.0,
 *     naked single 2.3, direct hidden triple 2.5,
 *     pointing 2.6 / claiming 2.8, naked pair 3.0, X-wing 3.2,
 *     hidden pair 3.4, naked triple 3.6, swordfish 3.8, hidden triple 4.0,
 *     XY-wing 4.2, XYZ-wing 4.4,
 *     unique loops / rectangles (4.5 and up, by type and loop length),
 *     naked quad 5.0, jellyfish 5.2, hidden quad 5.4,
 *     BUG (5.6 and up), aligned pair exclusion (6.2),
 *     then the chain families (forcing chain cycles, aligned triple
 *     exclusion 7.5, Nishio, multiple, dynamic, dynamic+ and nested
 *     forcing chains) whose rating grows with chain length.
 * - ER = the highest rating of the steps taken. ED = the rating of the
 *   first step. EP = the highest rating up to and including the first
 *   step that places a digit (singles and the direct techniques place).
 * - serate prints each as (int)((x + 0.05) * 10) split into units and
 *   tenths; we keep tenths as integers throughout, so no rounding arises.
 *
 * Written from the reference, after the XYZ-wing (see their files):
 * - Unique loops (unique_loops.c). Unlike the techniques above, that
 *   family collects ALL its steps, sorts them by rating, then by type
 *   (stable, so discovery order breaks the rest), and offers the first.
 *   Rating 4.5 (type 1, 2, 4; a loop of 4 cells), +0.1 for a loop of 6,
 *   +0.2 for 8, +0.5 for 10 or more; type 3 adds 0.1 per extra digit of
 *   its naked set (pair +0.1 ... quad +0.3), of its hidden set beyond two.
 * - Then naked quad 5.0, jellyfish 5.2, hidden quad 5.4 (subsets.c /
 *   fish.c with degree 4), BUG (bug.c) type 1 5.6, types 2 and 4 5.7,
 *   type 3 5.7 + 0.1 per extra digit of its naked set; aligned pair
 *   exclusion 6.2 (aligned_exclusion.c, which also has the aligned triple
 *   exclusion, 7.5, for the chain code to place after the cycles).
 *
 * - Then the chains (chains.c, the engine; cycles.c; forcing_chains.c):
 *   cycles 6.5 (7.0 when both X and Y links), forcing chains 6.6 (7.0),
 *   aligned triple exclusion 7.5, Nishio 7.5, multiple 8.0, dynamic 8.5;
 *   each chain plus a length term: 0.1 for every ceiling the chain's
 *   length (its complexity - 2) exceeds, ceilings 4, 6, 8, 12, 16, 24,
 *   32, 48, ... (alternately times 3/2 and 4/3). Each chaining producer
 *   collects all it finds and offers the first by rating, complexity and
 *   kind.
 * - Then dynamic+ (nesting level 1, 9.0, names suffixed " (+)";
 *   dynamic_plus.c) and nested level 2 (9.5, " (+ Forcing Chains)";
 *   nested.c): the dynamic chains again, asked only when the ones before
 *   find nothing, whose propagation, whenever it runs dry (nothing pending
 *   on or off), searches the reduced grid with pointing/claiming, hidden
 *   pairs, naked pairs, X-wings and (level 2) the whole forcing chains &
 *   cycles producer; the first of those with a usable hint gives ALL its
 *   usable hints' eliminations as new "off" potentials, then propagation
 *   resumes. A hint is usable when it rests on removals made since the
 *   assumption (its "rule parents"), which become the new potentials'
 *   parents, so they count in the chain's complexity; at level 2 the
 *   inner chain's own complexity is added once per distinct inner chain.
 *
 * - Nested levels 3 (10.0, "+ Multiple Forcing Chains": inner forcing
 *   chains & cycles, then inner multiple forcing chains), 4 (10.5, "+
 *   Dynamic Forcing Chains": inner dynamic forcing chains) and 5 (11.0:
 *   inner dynamic forcing chains, then inner level-2 chains), each asked
 *   only when the ones before find nothing (nested.c).
 *
 * SUDOKU_SE_UNSUPPORTED: no technique finds a step (serate fails there
 * too and prints 20.0) or a chain work area overflowed; never a guess.
 *
 * One order is not knowable: the reference lists a hint's eliminations
 * from a Java HashMap keyed by cell objects with identity hashes, so the
 * order in which the advanced rules' new "off"s are queued is the JVM's;
 * we queue them in cell order. With -XX:hashCode=2 (every hash equal)
 * serate still gave the same ratings on 12 rows rated 9.x, and every
 * puzzle compared so far agrees (README), but that is no proof the order
 * never matters.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "finders.h"
#include "cycles.h"
#include "nested.h"
#include "../solver.h"

static const char *const technique_name[SE_TECHNIQUE_COUNT] = {
    [SE_FULL_HOUSE] = "Full House",
    [SE_HIDDEN_SINGLE_BOX] = "Hidden Single (box)",
    [SE_HIDDEN_SINGLE_LINE] = "Hidden Single (line)",
    [SE_DIRECT_POINTING] = "Direct Pointing",
    [SE_DIRECT_CLAIMING] = "Direct Claiming",
    [SE_DIRECT_HIDDEN_PAIR] = "Direct Hidden Pair",
    [SE_NAKED_SINGLE] = "Naked Single",
    [SE_DIRECT_HIDDEN_TRIPLE] = "Direct Hidden Triplet",
    [SE_POINTING] = "Pointing",
    [SE_CLAIMING] = "Claiming",
    [SE_NAKED_PAIR] = "Naked Pair",
    [SE_X_WING] = "X-Wing",
    [SE_HIDDEN_PAIR] = "Hidden Pair",
    [SE_NAKED_TRIPLE] = "Naked Triplet",
    [SE_SWORDFISH] = "Swordfish",
    [SE_HIDDEN_TRIPLE] = "Hidden Triplet",
    [SE_XY_WING] = "XY-Wing",
    [SE_XYZ_WING] = "XYZ-Wing",
    [SE_UNIQUE_RECTANGLE_1] = "Unique Rectangle type 1",
    [SE_UNIQUE_RECTANGLE_2] = "Unique Rectangle type 2",
    [SE_UNIQUE_RECTANGLE_3] = "Unique Rectangle type 3",
    [SE_UNIQUE_RECTANGLE_4] = "Unique Rectangle type 4",
    [SE_UNIQUE_LOOP_1] = "Unique Loop type 1",
    [SE_UNIQUE_LOOP_2] = "Unique Loop type 2",
    [SE_UNIQUE_LOOP_3] = "Unique Loop type 3",
    [SE_UNIQUE_LOOP_4] = "Unique Loop type 4",
    [SE_NAKED_QUAD] = "Naked Quad",
    [SE_JELLYFISH] = "Jellyfish",
    [SE_HIDDEN_QUAD] = "Hidden Quad",
    [SE_BUG_1] = "BUG type 1",
    [SE_BUG_2] = "BUG type 2",
    [SE_BUG_3] = "BUG type 3",
    [SE_BUG_4] = "BUG type 4",
    [SE_ALIGNED_PAIR_EXCLUSION] = "Aligned Pair Exclusion",
    [SE_ALIGNED_TRIPLE_EXCLUSION] = "Aligned Triplet Exclusion",
    [SE_X_CYCLE] = "Bidirectional X-Cycle",
    [SE_Y_CYCLE] = "Bidirectional Y-Cycle",
    [SE_XY_CYCLE] = "Bidirectional Cycle",
    [SE_FORCING_X_CHAIN] = "Forcing X-Chain",
    [SE_FORCING_CHAIN] = "Forcing Chain",
    [SE_NISHIO] = "Nishio Forcing Chains",
    [SE_CELL_FORCING] = "Cell Forcing Chains",
    [SE_REGION_FORCING] = "Region Forcing Chains",
    [SE_DYNAMIC_CONTRADICTION] = "Dynamic Contradiction Forcing Chains",
    [SE_DYNAMIC_DOUBLE] = "Dynamic Double Forcing Chains",
    [SE_DYNAMIC_CELL] = "Dynamic Cell Forcing Chains",
    [SE_DYNAMIC_REGION] = "Dynamic Region Forcing Chains",
    [SE_DYNAMIC_PLUS_CONTRADICTION] = "Dynamic Contradiction Forcing Chains (+)",
    [SE_DYNAMIC_PLUS_DOUBLE] = "Dynamic Double Forcing Chains (+)",
    [SE_DYNAMIC_PLUS_CELL] = "Dynamic Cell Forcing Chains (+)",
    [SE_DYNAMIC_PLUS_REGION] = "Dynamic Region Forcing Chains (+)",
    [SE_NESTED_FC_CONTRADICTION] = "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
    [SE_NESTED_FC_DOUBLE] = "Dynamic Double Forcing Chains (+ Forcing Chains)",
    [SE_NESTED_FC_CELL] = "Dynamic Cell Forcing Chains (+ Forcing Chains)",
    [SE_NESTED_FC_REGION] = "Dynamic Region Forcing Chains (+ Forcing Chains)",
    [SE_NESTED_MFC_CONTRADICTION] = "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
    [SE_NESTED_MFC_DOUBLE] = "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
    [SE_NESTED_MFC_CELL] = "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
    [SE_NESTED_MFC_REGION] = "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    [SE_NESTED_DFC_CONTRADICTION] = "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
    [SE_NESTED_DFC_DOUBLE] = "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
    [SE_NESTED_DFC_CELL] = "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
    [SE_NESTED_DFC_REGION] = "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    [SE_NESTED_DFC2_CONTRADICTION] =
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    [SE_NESTED_DFC2_DOUBLE] = "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    [SE_NESTED_DFC2_CELL] = "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    [SE_NESTED_DFC2_REGION] = "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
};

const char *sudoku_se_technique_name(sudoku_se_technique t)
{
    return (unsigned)t < SE_TECHNIQUE_COUNT ? technique_name[t] : "?";
}

char *sudoku_se_format_rating(int tenths, char out[8])
{
    if (tenths < 0 || tenths > 999)
        tenths = 0;
    snprintf(out, 8, "%d.%d", tenths / 10, tenths % 10);
    return out;
}

/* Removes digit d (0-based) from cell c, keeping pos[][] in step. */
static inline void remove_candidate(se_state *s, int c, int d)
{
    uint16_t bit = (uint16_t)(1u << d);
    if (!(s->cand[c] & bit))
        return;
    s->cand[c] &= (uint16_t)~bit;
    const uint8_t *h = se_cell_house[c], *at = se_cell_place[c];
    s->pos[h[0]][d + 1] &= (uint16_t)~(1u << at[0]);
    s->pos[h[1]][d + 1] &= (uint16_t)~(1u << at[1]);
    s->pos[h[2]][d + 1] &= (uint16_t)~(1u << at[2]);
}

/* Places digit at cell: its candidates go, and the digit leaves its peers.
 * pos[][] and empty[] follow incrementally. */
static void place(se_state *s, int cell, int digit)
{
    for (unsigned m = s->cand[cell]; m; m &= m - 1)
        remove_candidate(s, cell, se_lowest(m));
    s->value[cell] = (uint8_t)digit;
    const uint8_t *h = se_cell_house[cell];
    s->empty[h[0]]--;
    s->empty[h[1]]--;
    s->empty[h[2]]--;
    for (int i = 0; i < 20; i++)
        remove_candidate(s, se_peer[cell][i], digit - 1);
}

/* Aligned pair / triple exclusion, from the last grid where each found
 * nothing (aligned_exclusion.c): most steps of a hard puzzle change a few
 * cells, and only the cell sets touching them need testing again. */
typedef struct aligned_memory {
    uint16_t quiet[2][81];
    int valid[2];
} aligned_memory;

static int aligned_exclusion(const se_state *s, se_hint *h, int degree, aligned_memory *m)
{
    int i = degree - 2;
    if (m->valid[i] ? se_find_aligned_exclusion_since(s, h, degree, m->quiet[i])
                    : se_find_aligned_exclusion(s, h, degree))
        return 1; /* the grid remembered stays a quiet one */
    for (int c = 0; c < 81; c++)
        if (se_one_bit(s->cand[c]))
            return 0;
    memcpy(m->quiet[i], s->cand, sizeof m->quiet[i]);
    m->valid[i] = 1;
    return 0;
}

struct sudoku_se_rater {
    /* the chain producers' states, NULL until a puzzle needs chains */
    se_cycles *cycles;
    se_producers *chains; /* the forcing chains and the nested levels */
    int ready;            /* they are as new for the puzzle at hand */
};

sudoku_se_rater *sudoku_se_rater_new(void)
{
    return calloc(1, sizeof(sudoku_se_rater));
}

void sudoku_se_rater_free(sudoku_se_rater *rater)
{
    if (!rater)
        return;
    se_cycles_free(rater->cycles);
    se_producers_free(rater->chains);
    free(rater);
}

/* The chain producers in the reference's order: cycles and forcing
 * chains, (aligned triple exclusion), Nishio, multiple, dynamic, dynamic+,
 * nested levels 2 to 5. 1: a step; 0: none (serate fails there too);
 * -1: cancelled or out of memory. The producers' states are made on first
 * use, and made as new on a later puzzle's first use. */
static int chain_step(const se_state *s, se_hint *h, sudoku_se_rater *rater, aligned_memory *am,
                      const sudoku_cancel *cancel)
{
    if (!rater->cycles && !(rater->cycles = se_cycles_new()))
        return -1;
    if (!rater->chains && !(rater->chains = se_producers_new()))
        return -1;
    if (!rater->ready) { /* a previous puzzle's */
        se_cycles_reset(rater->cycles);
        se_producers_reset(rater->chains);
    }
    rater->ready = 1;
    int r = se_find_cycles_and_chains(s, h, rater->chains->ws, rater->cycles, cancel);
    if (r == 0 && aligned_exclusion(s, h, 3, am))
        return 1;
    /* Nishio, multiple, dynamic, dynamic+, nested levels 2 to 5 */
    for (int kind = 0; r == 0 && kind < 8; kind++)
        r = se_producers_find(rater->chains, s, h, kind, cancel);
    return r; /* 0: serate would fail too (it prints 20.0) */
}

/* The techniques up to aligned pair exclusion. */
static int basic_step(const se_state *s, se_hint *h, aligned_memory *am)
{
    return se_find_hidden_single(s, h)
        || se_find_intersection(s, h, 1)
        || se_find_hidden_set(s, h, 2, 1)
        || se_find_naked_single(s, h)
        || se_find_hidden_set(s, h, 3, 1)
        || se_find_intersection(s, h, 0)
        || se_find_naked_set(s, h, 2)
        || se_find_fish(s, h, 2)
        || se_find_hidden_set(s, h, 2, 0)
        || se_find_naked_set(s, h, 3)
        || se_find_fish(s, h, 3)
        || se_find_hidden_set(s, h, 3, 0)
        || se_find_xy_wing(s, h, 0)
        || se_find_xy_wing(s, h, 1)
        || se_find_unique_loop(s, h)
        || se_find_naked_set(s, h, 4)
        || se_find_fish(s, h, 4)
        || se_find_hidden_set(s, h, 4, 0)
        || se_find_bug(s, h)
        || aligned_exclusion(s, h, 2, am);
}

/* The first step in the reference's order among the techniques we have:
 * 1 found, 0 unsupported, -1 cancelled. */
static int next_step(const se_state *s, se_hint *h, sudoku_se_rater *rater, aligned_memory *am,
                     const sudoku_cancel *cancel)
{
    if (basic_step(s, h, am))
        return 1;
    return chain_step(s, h, rater, am, cancel);
}

static sudoku_se_status rate(sudoku_se_rater *rater, const sudoku_grid *puzzle,
                             sudoku_se_path *path, const sudoku_cancel *cancel);

sudoku_se_status sudoku_se_rate(const sudoku_grid *puzzle,
                                sudoku_se_path *path,
                                const sudoku_cancel *cancel)
{
    return sudoku_se_rate_with(NULL, puzzle, path, cancel);
}

sudoku_se_status sudoku_se_rate_with(sudoku_se_rater *rater, const sudoku_grid *puzzle,
                                     sudoku_se_path *path, const sudoku_cancel *cancel)
{
    if (rater) {
        rater->ready = !rater->cycles; /* work areas made now are new */
        return rate(rater, puzzle, path, cancel);
    }
    sudoku_se_rater once = { NULL, NULL, 1 };
    sudoku_se_status st = rate(&once, puzzle, path, cancel);
    se_cycles_free(once.cycles);
    se_producers_free(once.chains);
    return st;
}

/* Fills pos[][] and empty[] of s from its value[] and cand[]. */
static void complete_state(se_state *s)
{
    memset(s->pos, 0, sizeof s->pos);
    memset(s->empty, 0, sizeof s->empty);
    for (int c = 0; c < 81; c++) {
        const uint8_t *hs = se_cell_house[c], *at = se_cell_place[c];
        for (int k = 0; k < 3; k++) {
            s->empty[hs[k]] += !s->value[c];
            for (unsigned m = s->cand[c]; m; m &= m - 1)
                s->pos[hs[k]][se_lowest(m) + 1] |= (uint16_t)(1u << at[k]);
        }
    }
}

/* The state after placing the givens: candidates are the digits no given
 * sees. */
static void state_of_givens(const sudoku_grid *puzzle, se_state *s)
{
    unsigned used[27] = { 0 };
    for (int c = 0; c < 81; c++)
        if (puzzle->cell[c])
            for (int k = 0; k < 3; k++)
                used[se_cell_house[c][k]] |= 1u << (puzzle->cell[c] - 1);
    for (int c = 0; c < 81; c++) {
        const uint8_t *hs = se_cell_house[c];
        s->value[c] = puzzle->cell[c];
        s->cand[c] = puzzle->cell[c] ? 0
                                     : (uint16_t)(~(used[hs[0]] | used[hs[1]] | used[hs[2]]) & 0x1ff);
    }
    complete_state(s);
}

static sudoku_se_status rate_state(sudoku_se_rater *rater, const se_state *start,
                                   sudoku_se_path *path, const sudoku_cancel *cancel);

static sudoku_se_status rate(sudoku_se_rater *rater, const sudoku_grid *puzzle,
                             sudoku_se_path *path, const sudoku_cancel *cancel)
{
    path->er = path->ep = path->ed = 0;
    path->step_count = path->elim_count = 0;
    if (!sudoku_grid_consistent(puzzle))
        return SUDOKU_SE_INVALID;
    sudoku_grid solution;
    uint64_t n = sudoku_count(puzzle, 2, &solution, cancel);
    if (n == SUDOKU_COUNT_CANCELLED)
        return SUDOKU_SE_CANCELLED;
    if (n != 1 || sudoku_grid_givens(puzzle) == 81)
        return SUDOKU_SE_INVALID;
    se_state s;
    state_of_givens(puzzle, &s);
    return rate_state(rater, &s, path, cancel);
}

/* The path from state `start` as the reference walks it, whatever made
 * the state: a puzzle's candidates after its givens, or (a later entry) a
 * candidate state given as such, pencil marks. It must have one solution
 * among its candidates. */
static sudoku_se_status rate_state(sudoku_se_rater *rater, const se_state *start,
                                   sudoku_se_path *path, const sudoku_cancel *cancel)
{
    se_state s = *start;
    int empty = 0;
    for (int c = 0; c < 81; c++)
        empty += !s.value[c];
    path->er = path->ep = path->ed = 0;
    path->step_count = path->elim_count = 0;
    int er = -1, ep = 0, ed = 0;
    se_hint h;
    aligned_memory am;
    am.valid[0] = am.valid[1] = 0;
    sudoku_se_status status = SUDOKU_SE_OK;
    while (empty > 0) {
        if (sudoku_cancelled(cancel)) {
            status = SUDOKU_SE_CANCELLED;
            break;
        }
        int found = next_step(&s, &h, rater, &am, cancel);
        if (found <= 0) {
            status = found < 0 && sudoku_cancelled(cancel) ? SUDOKU_SE_CANCELLED
                                                          : SUDOKU_SE_UNSUPPORTED;
            break;
        }
        if (path->step_count >= SUDOKU_SE_MAX_STEPS) {
            status = SUDOKU_SE_UNSUPPORTED; /* cannot happen: each step removes a candidate */
            break;
        }
        sudoku_se_step *st = &path->step[path->step_count++];
        st->technique = (uint8_t)h.technique;
        st->rating = (uint8_t)h.rating;
        st->cell = (int8_t)h.cell;
        st->digit = (uint8_t)h.digit;
        st->elim_first = (uint16_t)path->elim_count;
        for (int c = 0; c < 81; c++) {
            if ((c & 3) == 0 && c < 80) { /* four cells at once: most steps have no eliminations */
                uint64_t four;
                memcpy(&four, &h.elim[c], sizeof four);
                if (!four) {
                    c += 3;
                    continue;
                }
            }
            for (unsigned m = h.elim[c] & s.cand[c]; m; m &= m - 1) {
                int d = se_lowest(m);
                if (path->elim_count < SUDOKU_SE_MAX_ELIMS)
                    path->elim[path->elim_count++] = (uint16_t)(c * 9 + d);
                remove_candidate(&s, c, d);
            }
        }
        st->elim_count = (uint16_t)(path->elim_count - st->elim_first);
        if (h.cell >= 0) {
            place(&s, h.cell, h.digit);
            empty--;
        }
        if (h.rating > er)
            er = h.rating;
        if (ep == 0) {
            if (ed == 0)
                ed = er;
            if (h.cell >= 0)
                ep = er;
        }
    }
    if (status != SUDOKU_SE_OK)
        return status;
    path->er = er;
    path->ep = ep;
    path->ed = ed;
    return SUDOKU_SE_OK;
}
