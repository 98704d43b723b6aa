/*
 * generate.c - making minimal unique puzzles (see generate.h).
 */
#include <string.h>

#include "generate.h"
#include "neighbors.h"
#include "random_grid.h"
#include "rng.h"
#include "scramble.h"
#include "se_rating.h"
#include "solver.h"
#include "te_depth.h"

void sudoku_generate_defaults(sudoku_generate_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->symmetry = SUDOKU_SYM_NONE;
    opt->clues_min = 0;
    opt->clues_max = SUDOKU_CELLS;
    opt->depth = -1;
    opt->se_min = opt->se_max = -1;
    opt->minimal = 1;
    opt->climb = -1;
    opt->tries = SUDOKU_GENERATE_TRIES;
}

/* The one place that draws solution grids: exactly uniform over all
 * grids (core/random_grid.h), and independent of the solver's search
 * order, so a seed's puzzles do not move when the solver changes. */
static void random_grid(sudoku_rng *rng, sudoku_grid *grid)
{
    sudoku_random_grid(rng, grid);
}

/* Bit d (1..9) set for every digit among the clues of row, column and box
 * of each unit; recomputed per test (81 cells: cheap beside a search). */
typedef struct masks {
    uint16_t row[9], col[9], box[9];
} masks;

static void make_masks(const sudoku_grid *p, masks *m)
{
    memset(m, 0, sizeof *m);
    for (int c = 0; c < SUDOKU_CELLS; c++)
        if (p->cell[c]) {
            uint16_t bit = (uint16_t)(1u << p->cell[c]);
            m->row[sudoku_row(c)] |= bit;
            m->col[sudoku_col(c)] |= bit;
            m->box[sudoku_box(c)] |= bit;
        }
}

/* p (unique, solution s) with the cells cells[0..k-1] emptied: 1 when it
 * still has exactly one solution, 0 when not, SUDOKU_CANCELLED. p is
 * given with those cells already emptied. */
static int still_unique(const sudoku_grid *p, const sudoku_grid *s,
                        const int *cells, int k, const sudoku_cancel *cancel)
{
    masks m;
    int forced = 1;
    uint64_t count;
    make_masks(p, &m);
    for (int i = 0; i < k && forced; i++) {
        int c = cells[i];
        uint16_t used = m.row[sudoku_row(c)] | m.col[sudoku_col(c)] | m.box[sudoku_box(c)];
        /* Every solution of p agrees with s outside the emptied cells; if
         * each emptied cell can only take its s digit, s is the only one. */
        forced = (uint16_t)(~used & 0x3FEu) == (uint16_t)(1u << s->cell[c]);
    }
    if (forced)
        return 1;
    count = sudoku_count(p, 2, NULL, cancel);
    if (count == SUDOKU_COUNT_CANCELLED)
        return SUDOKU_CANCELLED;
    return count == 1;
}

int sudoku_generate_is_minimal(const sudoku_grid *puzzle,
                               const sudoku_grid *solution,
                               const sudoku_cancel *cancel)
{
    sudoku_grid p = *puzzle;
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        int r;
        if (!p.cell[c])
            continue;
        p.cell[c] = 0;
        r = still_unique(&p, solution, &c, 1, cancel);
        p.cell[c] = puzzle->cell[c];
        if (r != 0)
            return r == 1 ? 0 : r;
    }
    return 1;
}

/* The removal units: orbits of `sym`, each listed once. Returns how many;
 * unit u has len[u] cells cells[u][0..len-1]. */
static int make_units(sudoku_symmetry sym, int cells[SUDOKU_CELLS][4],
                      int len[SUDOKU_CELLS])
{
    uint8_t seen[SUDOKU_CELLS] = {0};
    int units = 0;
    for (int c = 0; c < SUDOKU_CELLS; c++) {
        int x = c, k = 0;
        if (seen[c])
            continue;
        do {
            seen[x] = 1;
            cells[units][k++] = x;
            x = sudoku_symmetry_map(sym, x);
        } while (x != c && k < 4);
        len[units++] = k;
    }
    return units;
}

/* One attempt without a pattern: removes units of the full grid s in a
 * random order. Returns the clue count, or SUDOKU_CANCELLED. */
static int remove_pass(const sudoku_generate_options *opt, sudoku_rng *rng,
                       const sudoku_grid *s, sudoku_grid *p,
                       const sudoku_cancel *cancel)
{
    int cells[SUDOKU_CELLS][4], len[SUDOKU_CELLS], order[SUDOKU_CELLS];
    int units = make_units(opt->symmetry, cells, len), clues = SUDOKU_CELLS;
    *p = *s;
    for (int u = 0; u < units; u++)
        order[u] = u;
    for (int u = units - 1; u > 0; u--) {
        int j = (int)sudoku_rng_below(rng, (uint32_t)u + 1), t = order[u];
        order[u] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < units; i++) {
        int u = order[i], r;
        /* Without minimality a clue target stops the pass early. */
        if (!opt->minimal && opt->clues_max < SUDOKU_CELLS && clues <= opt->clues_max)
            break;
        if (!opt->minimal && clues - len[u] < opt->clues_min)
            continue;
        for (int k = 0; k < len[u]; k++)
            p->cell[cells[u][k]] = 0;
        r = still_unique(p, s, cells[u], len[u], cancel);
        if (r == SUDOKU_CANCELLED)
            return r;
        if (r)
            clues -= len[u];
        else
            for (int k = 0; k < len[u]; k++)
                p->cell[cells[u][k]] = s->cell[cells[u][k]];
    }
    return clues;
}

/* 1 when p's SE rating (ER) is within the target, 0 when not or when
 * the rater cannot rate p, SUDOKU_CANCELLED. The path (a few KB) lives
 * here, not in the callers' frames, and only while rating. rater: the
 * row's (work areas kept from one candidate to the next), or NULL. */
static int se_in_range(const sudoku_generate_options *opt, const sudoku_grid *p,
                       sudoku_se_rater *rater, const sudoku_cancel *cancel)
{
    sudoku_se_path path;
    sudoku_se_status st = sudoku_se_rate_with(rater, p, &path, cancel);
    if (st == SUDOKU_SE_CANCELLED)
        return SUDOKU_CANCELLED;
    return st == SUDOKU_SE_OK && path.er >= opt->se_min && path.er <= opt->se_max;
}


/* The difficulty targets, the last and dearest tests of an attempt: the
 * T&E depth, then the SE rating. 1, 0 or SUDOKU_CANCELLED. */
static int difficulty_ok(const sudoku_generate_options *opt, const sudoku_grid *p,
                         sudoku_se_rater *rater, const sudoku_cancel *cancel)
{
    if (opt->depth >= 0) {
        int r = sudoku_te_depth(p, opt->depth, cancel);
        if (r == SUDOKU_CANCELLED)
            return r;
        if (r != opt->depth)
            return 0;
    }
    if (opt->se_min >= 0)
        return se_in_range(opt, p, rater, cancel);
    return 1;
}

/* One attempt: 1 when p meets every target, 0 when not, SUDOKU_CANCELLED. */
static int attempt(const sudoku_generate_options *opt, sudoku_rng *rng,
                   const sudoku_grid *s, sudoku_grid *p, sudoku_se_rater *rater,
                   const sudoku_cancel *cancel)
{
    int clues, r;
    if (opt->have_pattern) {
        uint64_t count;
        clues = 0;
        for (int c = 0; c < SUDOKU_CELLS; c++) {
            p->cell[c] = opt->pattern[c] ? s->cell[c] : 0;
            clues += opt->pattern[c] != 0;
        }
        count = sudoku_count(p, 2, NULL, cancel);
        if (count == SUDOKU_COUNT_CANCELLED)
            return SUDOKU_CANCELLED;
        if (count != 1)
            return 0;
    } else {
        clues = remove_pass(opt, rng, s, p, cancel);
        if (clues == SUDOKU_CANCELLED)
            return clues;
    }
    if (clues < opt->clues_min || clues > opt->clues_max)
        return 0;
    /* Without a symmetry or pattern, the pass itself proves minimality. */
    if (opt->minimal && (opt->have_pattern || opt->symmetry != SUDOKU_SYM_NONE)) {
        r = sudoku_generate_is_minimal(p, s, cancel);
        if (r != 1)
            return r;
    }
    return difficulty_ok(opt, p, rater, cancel);
}

/* ------------------------------------------------ the vicinity climb */

/* Recently visited puzzles, never walked to again (see generate.h). */
#define CLIMB_TABU 64

/* Empties p's clues in a random order while p stays unique (solution s):
 * the removal pass from p instead of the full grid, so p ends minimal.
 * Returns 0 or SUDOKU_CANCELLED. */
static int minimize(sudoku_rng *rng, const sudoku_grid *s, sudoku_grid *p,
                    const sudoku_cancel *cancel)
{
    int order[SUDOKU_CELLS], n = 0;
    for (int c = 0; c < SUDOKU_CELLS; c++)
        if (p->cell[c])
            order[n++] = c;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sudoku_rng_below(rng, (uint32_t)i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < n; i++) {
        int c = order[i], r;
        p->cell[c] = 0;
        r = still_unique(p, s, &c, 1, cancel);
        if (r == SUDOKU_CANCELLED)
            return r;
        if (!r)
            p->cell[c] = s->cell[c];
    }
    return 0;
}

/* Higher is harder: depth (0, 1, 2+), then more T&E(1) rounds, then fewer
 * first-round deletions (at most 729, so the fields never overlap). */
static long climb_grade(const sudoku_te_profile *g)
{
    return (long)g->depth * 1000000L + (long)g->rounds * 1000L - g->first;
}

/* The T&E(1) rounds of a grade: a climb that got further gets more
 * patience (measured: climbs that reach 3 to 6 rounds were often given up
 * a few steps before depth 2). */
static int climb_rounds(long grade)
{
    int rounds = (int)((grade % 1000000L + 999) / 1000);
    return rounds > 1 ? rounds : 1;
}

/* The final test of a climbed puzzle: every target (the puzzle is unique
 * and minimal by construction). 1, 0 or SUDOKU_CANCELLED. */
static int climb_accept(const sudoku_generate_options *opt, const sudoku_grid *p,
                        sudoku_se_rater *rater, const sudoku_cancel *cancel)
{
    int clues = sudoku_grid_givens(p);
    if (clues < opt->clues_min || clues > opt->clues_max)
        return 0;
    return difficulty_ok(opt, p, rater, cancel);
}

/* Everything the climb keeps between steps (about 18 KB). */
typedef struct climb_state {
    sudoku_neighbors nb;
    sudoku_grid p, s;           /* the current puzzle and its solution */
    sudoku_grid tabu[CLIMB_TABU];
    int ntabu;
} climb_state;

static int climb_visited(const climb_state *st, const sudoku_grid *p)
{
    int n = st->ntabu < CLIMB_TABU ? st->ntabu : CLIMB_TABU;
    for (int i = 0; i < n; i++)
        if (memcmp(&st->tabu[i], p, sizeof *p) == 0)
            return 1;
    return 0;
}

static void climb_visit(climb_state *st, const sudoku_grid *p)
{
    st->tabu[st->ntabu++ % CLIMB_TABU] = *p;
}

/* The climb of generate.h: 1 with the puzzle written, 0 when the steps
 * ran out, SUDOKU_CANCELLED. */
static int climb(const sudoku_generate_options *opt, sudoku_rng *rng,
                 sudoku_grid *puzzle, sudoku_grid *solution, sudoku_se_rater *rater,
                 const sudoku_cancel *cancel)
{
    climb_state st;
    sudoku_generate_options plain;
    sudoku_te_profile g;
    long top = 0;
    int restart = 1, stall = 0, r;
    sudoku_generate_defaults(&plain);
    for (uint32_t step = 0; step < opt->tries; step++) {
        sudoku_grid best, best_s;
        long best_grade = -1;
        uint32_t ties = 0;
        if (sudoku_cancelled(cancel))
            return SUDOKU_CANCELLED;
        if (restart) {
            random_grid(rng, &st.s);
            r = remove_pass(&plain, rng, &st.s, &st.p, cancel);
            if (r == SUDOKU_CANCELLED)
                return r;
            r = climb_accept(opt, &st.p, rater, cancel);
            if (r != 0)
                goto found_start;
            r = sudoku_te_profile_of(&st.p, &st.s, &g, cancel);
            if (r != 0)
                return r == SUDOKU_CANCELLED ? r : 0; /* unreachable: unique */
            top = climb_grade(&g);
            st.ntabu = 0;
            climb_visit(&st, &st.p);
            restart = stall = 0;
        }
        sudoku_neighbors_start(&st.nb, &st.p, 1, 1);
        while ((r = sudoku_neighbors_next(&st.nb, cancel)) == 1) {
            const sudoku_grid *m = &st.nb.puzzle;
            long grade;
            if (climb_visited(&st, m))
                continue;
            r = sudoku_te_profile_of(m, &st.nb.solution, &g, cancel);
            if (r == SUDOKU_CANCELLED)
                return r;
            if (r != 0)
                continue; /* unreachable: neighbours are unique */
            if (g.depth >= opt->depth) {
                /* removing clues never lowers the depth: its minimal
                 * subpuzzle is at least as deep */
                sudoku_grid min = *m;
                r = minimize(rng, &st.nb.solution, &min, cancel);
                if (r == 0)
                    r = climb_accept(opt, &min, rater, cancel);
                if (r == SUDOKU_CANCELLED)
                    return r;
                if (r == 1) {
                    *puzzle = min;
                    *solution = st.nb.solution;
                    return 1;
                }
            }
            grade = climb_grade(&g);
            if (grade > best_grade) {
                best_grade = grade;
                ties = 1;
            } else if (grade < best_grade || sudoku_rng_below(rng, ++ties) != 0) {
                continue;
            }
            best = *m;
            best_s = st.nb.solution;
        }
        if (r == SUDOKU_CANCELLED)
            return r;
        if (best_grade < 0) {
            restart = 1; /* no unique puzzle around that was not seen */
            continue;
        }
        if (best_grade > top) {
            top = best_grade;
            stall = 0;
        } else if (++stall > SUDOKU_GENERATE_PATIENCE * climb_rounds(top)) {
            restart = 1;
            continue;
        }
        st.p = best;
        st.s = best_s;
        climb_visit(&st, &st.p);
    }
    return 0;
found_start:
    if (r == SUDOKU_CANCELLED)
        return r;
    *puzzle = st.p;
    *solution = st.s;
    return 1;
}

/* Whether a row climbs (generate.h, opt->climb), for options that
 * sudoku_generate_options_check() accepts. */
static int use_climb(const sudoku_generate_options *opt)
{
    return opt->climb == 1 ||
           (opt->climb < 0 && opt->depth == 2 && opt->symmetry == SUDOKU_SYM_NONE &&
            !opt->have_pattern && !opt->have_grid);
}

static int generate_row(const sudoku_generate_options *opt, uint64_t seed, uint64_t n,
                        sudoku_grid *puzzle, sudoku_grid *solution, sudoku_se_rater *rater,
                        const sudoku_cancel *cancel);

int sudoku_generate(const sudoku_generate_options *opt, uint64_t seed,
                    uint64_t n, sudoku_grid *puzzle, sudoku_grid *solution,
                    const sudoku_cancel *cancel)
{
    /* With an SE target, the candidates' ratings share one rater's work
     * areas: made afresh for each, their page faults took about half the
     * time of a rating of 6.5 (without memory for it: afresh). The
     * caller's rater keeps them from row to row as well. */
    sudoku_se_rater *own = opt->se_min >= 0 && !opt->rater ? sudoku_se_rater_new() : NULL;
    int r = generate_row(opt, seed, n, puzzle, solution, opt->rater ? opt->rater : own, cancel);
    sudoku_se_rater_free(own);
    return r;
}

static int generate_row(const sudoku_generate_options *opt, uint64_t seed, uint64_t n,
                        sudoku_grid *puzzle, sudoku_grid *solution, sudoku_se_rater *rater,
                        const sudoku_cancel *cancel)
{
    sudoku_rng rng;
    sudoku_grid s, p;
    if (sudoku_generate_options_check(opt))
        return 0;
    sudoku_scramble_seed(&rng, seed, n);
    if (use_climb(opt))
        return climb(opt, &rng, puzzle, solution, rater, cancel);
    for (uint32_t t = 0; t < opt->tries; t++) {
        int r;
        if (sudoku_cancelled(cancel))
            return SUDOKU_CANCELLED;
        if (opt->have_grid)
            s = opt->grid;
        else
            random_grid(&rng, &s);
        r = attempt(opt, &rng, &s, &p, rater, cancel);
        if (r == SUDOKU_CANCELLED)
            return r;
        if (r == 1) {
            *puzzle = p;
            *solution = s;
            return 1;
        }
        if (opt->have_grid && opt->have_pattern)
            break; /* every attempt would be the same */
    }
    return 0;
}
