/*
 * test_se_twins.c - the fast finders of the Sudoku Explainer rater
 * (core/se/) against their slow, obviously right twins (se_twin_*.inc:
 * the plain versions they replaced), on the same positions. Not the
 * rating but the step itself must agree: found or not, technique, rating,
 * placement and every elimination, because the rater applies the first
 * step found and a different first step changes the path.
 *
 * Positions: random minimal puzzles, rated, then the rater's state after
 * a random number of the path's steps; each such state also thinned (a
 * random share of the candidates of cells with three or more removed,
 * keeping two), which makes the two- and three-candidate cells that
 * aligned exclusion and unique loops feed on. Thinned states need not
 * belong to a puzzle with one solution: the finders are defined on any
 * candidate grid, and both versions must agree there too. When
 * ../shared/data is present, the vector rows rated 6.2 and up (the ones
 * that reach the chains) give positions as well.
 *
 * Also the chain engine's two implication rules against theirs, for
 * every potential of every position, and the dynamic+ rules of a dry
 * point (dynamic_plus.c, which skips the houses where nothing was
 * removed) against the plain ones, on each position reduced at random.
 *
 * Default: some seconds; --long (ctest label `long`): ten times more.
 * SUDOKU_LONG_TEST
 */
#include "check.h"
#include "random_puzzle.h"
#include "se_rating.h"
#include "se/finders.h"

#include "se/chains.h"
#include "se/cycles.h"
#include "se/nested.h"
#include "se/testing.h"
#include "se_replay.h"

#include "se_twin_aligned.inc"
#include "se_twin_cycles.inc"
#include "se_twin_chains.inc"
#include "se_twin_forcing.inc"
#include "se_twin_dynamic_plus.inc"

static sudoku_se_path path;

/* Removes candidates at random from cells with three or more, keeping
 * at least two in each. */
static void thin(sudoku_rng *rng, se_state *s, int percent)
{
    for (int c = 0; c < 81; c++)
        for (unsigned m = s->cand[c]; m && se_popcount(s->cand[c]) > 2; m &= m - 1)
            if ((int)sudoku_rng_below(rng, 100) < percent)
                s->cand[c] &= (uint16_t)~(m & -m);
    se_replay_complete(s);
}

/* Removes digit d (bits of places of house h) from those cells, each
 * keeping a candidate. */
static void remove_places(se_state *s, int h, int d, unsigned places)
{
    for (; places; places &= places - 1) {
        int c = se_house_cell[h][se_lowest(places)];
        if (s->cand[c] & ~(1u << (d - 1)))
            s->cand[c] &= (uint16_t)~(1u << (d - 1));
    }
}

/* Two of the bits of x (two or more), at random. */
static unsigned keep_two(sudoku_rng *rng, unsigned x)
{
    while (se_popcount(x) > 2) {
        unsigned m = x;
        for (uint32_t k = sudoku_rng_below(rng, (uint32_t)se_popcount(x)); k; k--)
            m &= m - 1;
        x &= ~(m & -m);
    }
    return x;
}

/* Digit d1's places in house h1 and d2's in h2 (two different ones) cut
 * down to the same two places of the two houses, when they share two. */
static void confine_to_two(sudoku_rng *rng, se_state *s, int h1, int d1, int h2, int d2)
{
    unsigned both = s->pos[h1][d1] & s->pos[h2][d2];
    if ((h1 == h2 && d1 == d2) || se_popcount(both) < 2)
        return;
    both = keep_two(rng, both);
    remove_places(s, h1, d1, s->pos[h1][d1] & ~both);
    remove_places(s, h2, d2, s->pos[h2][d2] & ~both);
}

/*
 * Plants patterns the dynamic+ rules look for, resting on removals (an
 * outer chain's, as the rules see them): a digit's places in two lines
 * cut down to the same two (X-wing), in a box to one row or column
 * (pointing), two digits' places in a house to the same two cells
 * (hidden pair), two cells' candidates to the same two digits (naked
 * pair). Several at once, so that the order in which one rule takes its
 * hints is tested too. only: that kind of pattern (0..3), -1 any.
 */
static void plant(sudoku_rng *rng, se_state *s, int patterns, int only)
{
    for (int i = 0; i < patterns; i++) {
        int kind = only >= 0 ? only : (int)sudoku_rng_below(rng, 4);
        int d = 1 + (int)sudoku_rng_below(rng, 9);
        if (kind == 0) { /* X-wing */
            int base = sudoku_rng_below(rng, 2) ? SE_ROW(0) : SE_COL(0);
            int l1 = base + (int)sudoku_rng_below(rng, 9),
                l2 = base + (int)sudoku_rng_below(rng, 9);
            confine_to_two(rng, s, l1, d, l2, d);
        } else if (kind == 1) { /* pointing: a box's places in one line */
            int box = (int)sudoku_rng_below(rng, 9), j = (int)sudoku_rng_below(rng, 3);
            unsigned keep = sudoku_rng_below(rng, 2) ? 7u << (3 * j) : 0x49u << j;
            remove_places(s, box, d, s->pos[box][d] & ~keep);
        } else if (kind == 2) { /* hidden pair */
            int h = (int)sudoku_rng_below(rng, 27), d2 = 1 + (int)sudoku_rng_below(rng, 9);
            confine_to_two(rng, s, h, d, h, d2);
        } else { /* naked pair */
            int h = (int)sudoku_rng_below(rng, 27);
            int c1 = se_house_cell[h][sudoku_rng_below(rng, 9)];
            int c2 = se_house_cell[h][sudoku_rng_below(rng, 9)];
            unsigned both = s->cand[c1] & s->cand[c2];
            if (c1 == c2 || se_popcount(both) < 2)
                continue;
            both = keep_two(rng, both);
            s->cand[c1] = s->cand[c2] = (uint16_t)both;
        }
        se_replay_complete(s);
    }
}

static int same_hint(int found_a, const se_hint *a, int found_b, const se_hint *b)
{
    if (found_a != found_b)
        return 0;
    if (!found_a)
        return 1;
    return a->technique == b->technique && a->rating == b->rating && a->cell == b->cell &&
           a->digit == b->digit && memcmp(a->elim, b->elim, sizeof a->elim) == 0;
}

static void show_state(const se_state *s)
{
    for (int c = 0; c < 81; c++)
        printf("%03x%s", s->cand[c], c % 9 == 8 ? "\n" : " ");
}

static long compared, found[4], found_fc[6], fc_every;
static long nested_every, inner_compared, inner_found[2], few_compared, few_found[2];
static sudoku_rng nested_rng;
/* the rater's chain producers (fast), and those of the twin (its nested
 * levels and dynamic+ rules plain) */
static se_producers *chains_fast, *chains_twin;
static se_cycles *cycles_fast;

/* The dynamic+ rules at a dry point whose grid src was reduced to cur:
 * each removal an "off" node (as the chain would have it), then the new
 * "off"s, their order and their parents, fast against plain. */
static long dp_compared, dp_fired;
static sudoku_rng dp_rng;
static se_chain_ws *ws_dp[2];
static se_dry_memo *dry_dp; /* the fast rules' (ws_dp[0]) */
/* The two work areas' "off"s queue[0][from .. to) and queue[1][..], made
 * by the fast and the plain rules: the same nodes (both pools started
 * empty), keys, first parents and further parents. */
static int same_offs(const int32_t *q0, const int32_t *q1, int from, int to)
{
    if (ws_dp[0]->nnode != ws_dp[1]->nnode)
        return 0;
    for (int i = from; i < to; i++) {
        const se_node *a = &ws_dp[0]->node[q0[i]], *b = &ws_dp[1]->node[q1[i]];
        if (q0[i] != q1[i] || a->key != b->key || a->parent != b->parent ||
            a->extra_count != b->extra_count ||
            memcmp(&ws_dp[0]->extra[a->extra_first], &ws_dp[1]->extra[b->extra_first],
                   sizeof(int32_t) * a->extra_count) != 0)
            return 0;
    }
    return 1;
}

static void compare_dynamic_plus(const se_state *src, const se_state *cur)
{
    static se_pset to_off[2];
    static int32_t queue[2][1458];
    int tail[2], r[2], rule_used;
    /* the fast rules remember grids where they found nothing, per outer
     * grid: first ask them with cur as its own outer grid (no removals,
     * nothing usable), then with src, which must not be answered from
     * the first */
    static se_pset none;
    static int none_ready;
    if (!none_ready) {
        se_pset_init(&none);
        none_ready = 1;
    }
    int none_tail = 0;
    int since[4] = { -1, -1, -1, -1 };
    CHECK(se_dynamic_plus_offs(dry_dp, ws_dp[0], cur, cur, &none, queue[0], &none_tail, since,
                               &rule_used) == 0 &&
          none_tail == 0 && since[0] == 0 && since[3] == 0);
    /* the fast rules twice: the second time from what they remembered */
    int first_r = 0, first_tail = 0;
    uint16_t first_keys[1458];
    for (int pass = 0; pass < 3; pass++) {
        int w = pass == 2;
        se_chain_ws *ws = ws_dp[w];
        ws->nnode = ws->nextra = ws->nnested = 0;
        ws->overflow = 0;
        se_pset_init(&to_off[w]);
        tail[w] = 0;
        for (int c = 0; c < 81; c++)
            for (unsigned m = src->cand[c] & ~cur->cand[c]; m; m &= m - 1) {
                int key = SE_KEY(0, c, se_lowest(m));
                se_pset_add(&to_off[w], key, se_node_new(ws, key, -1));
            }
        for (int i = 0; i < 4; i++)
            since[i] = -1;
        r[w] = w ? twin_dynamic_plus_offs(ws, cur, src, &to_off[w], queue[w], &tail[w])
                 : se_dynamic_plus_offs(dry_dp, ws, cur, src, &to_off[w], queue[w], &tail[w], since,
                                        &rule_used);
        if (pass == 0) {
            first_r = r[0];
            first_tail = tail[0];
            for (int i = 0; i < tail[0]; i++)
                first_keys[i] = ws->node[queue[0][i]].key;
        } else if (pass == 1) {
            int again = first_r == r[0] && first_tail == tail[0];
            for (int i = 0; again && i < tail[0]; i++)
                again = first_keys[i] == ws->node[queue[0][i]].key;
            CHECK_MSG(again, "dynamic+ rules replayed: %d (%d new), first %d (%d new)", r[0],
                      tail[0], first_r, first_tail);
        }
    }
    int same = r[0] == r[1] && tail[0] == tail[1] &&
               same_offs(queue[0], queue[1], 0, tail[0]);
    CHECK_MSG(same, "dynamic+ rules: fast %d (%d new), plain %d (%d new)", r[0], tail[0], r[1],
              tail[1]);
    dp_compared++;
    dp_fired += r[0] > 0;
}

/*
 * The rules at a chain's next dry point, looking only at the removals
 * since each rule was last asked: src reduced to cur1, the rules asked
 * there (quiet: all four asked; else up to the one with a usable hint,
 * whose eliminations the chain then removes), then further to cur2. The
 * removals are queued as the chain processed them; the new "off"s at
 * cur2, their order and parents against the plain rules on all removals.
 */
static long dps_compared, dps_fired, dps_after_used;

/* Queues src's candidates missing in `to` that are not already "off". */
static void queue_removals(se_chain_ws *ws, const se_state *src, const se_state *to,
                           se_pset *to_off, int32_t *queue, int *tail)
{
    for (int c = 0; c < 81; c++)
        for (unsigned m = src->cand[c] & ~to->cand[c]; m; m &= m - 1) {
            int key = SE_KEY(0, c, se_lowest(m));
            if (to_off->at[key] >= 0)
                continue;
            int32_t node = se_node_new(ws, key, -1);
            se_pset_add(to_off, key, node);
            queue[(*tail)++] = node;
        }
}

static void compare_dynamic_plus_since(const se_state *src, const se_state *cur1,
                                       const se_state *cur2_planned, int remembered)
{
    static se_pset to_off[2];
    static int32_t queue[2][1458];
    int tail[2], r[2], start[2], used = 0, rule_used;
    se_state cur2 = *cur2_planned;
    for (int w = 0; w < 2; w++) {
        se_chain_ws *ws = ws_dp[w];
        if (w == 0 && remembered) {
            /* cur1's outcome answered from what the rules remember (the
             * rules it asked then count as asked) */
            ws->nnode = ws->nextra = ws->nnested = 0;
            se_pset_init(&to_off[0]);
            tail[0] = 0;
            queue_removals(ws, src, cur1, &to_off[0], queue[0], &tail[0]);
            int since[4] = { -1, -1, -1, -1 };
            se_dynamic_plus_offs(dry_dp, ws, cur1, src, &to_off[0], queue[0], &tail[0], since,
                                 &rule_used);
        }
        ws->nnode = ws->nextra = ws->nnested = 0;
        ws->overflow = 0;
        se_pset_init(&to_off[w]);
        tail[w] = 0;
        queue_removals(ws, src, cur1, &to_off[w], queue[w], &tail[w]);
        int since[4] = { -1, -1, -1, -1 }, first = tail[w];
        int r1 = w ? twin_dynamic_plus_offs(ws, cur1, src, &to_off[w], queue[w], &tail[w])
                   : se_dynamic_plus_offs(dry_dp, ws, cur1, src, &to_off[w], queue[w], &tail[w],
                                          since, &rule_used);
        if (r1 < 0)
            return;
        if (w == 0) {
            used = r1 > 0;
            /* the chain removes what the rules eliminated before its next
             * dry point */
            for (int i = first; i < tail[0]; i++) {
                int key = ws->node[queue[0][i]].key;
                cur2.cand[SE_KEY_CELL(key)] &= (uint16_t)~(1u << SE_KEY_DIGIT(key));
            }
            se_replay_complete(&cur2);
        }
        queue_removals(ws, src, &cur2, &to_off[w], queue[w], &tail[w]);
        start[w] = tail[w]; /* the new "off"s from here */
        r[w] = w ? twin_dynamic_plus_offs(ws, &cur2, src, &to_off[w], queue[w], &tail[w])
                 : se_dynamic_plus_offs(dry_dp, ws, &cur2, src, &to_off[w], queue[w], &tail[w],
                                        since, &rule_used);
    }
    int same = r[0] == r[1] && tail[0] == tail[1] && start[0] == start[1] &&
               same_offs(queue[0], queue[1], start[0], tail[0]);
    CHECK_MSG(same,
              "dynamic+ rules at the dry point after a %s one: fast %d (%d new), plain %d (%d new)",
              used ? "used" : "quiet", r[0], tail[0], r[1], tail[1]);
    dps_compared++;
    dps_fired += r[0] > 0;
    dps_after_used += used;
}

/*
 * Narrowing (nested.c): an inner result made from the kept result of a
 * grid with a few more candidates, as the rater meets the reduced grids
 * of the step before less that step's eliminations. A reduced grid and
 * its outer grid lose the same 1-4 random candidates, three times in a
 * row (a parent, a child, a grandchild: the children's results serve as
 * parents too); half the time the losses make no unit of two, otherwise
 * they may (then the forcing chains & cycles widen the parent's plan by
 * the new links' searches, and the multiple forcing chains are not
 * narrowed). Each child against the plain search, under its outer grid and
 * under a wide one (every empty cell with all nine digits), which makes
 * every kept hint with units usable, so that a hint missed anywhere in
 * the kept result shows. The grids of the rater's nested steps, lightly
 * thinned as an outer propagation thins them, are where the multiple
 * forcing chains' cells are mostly skipped (narrow_cells).
 */
static long narrow_compared;
static se_producers
    *chains_narrow; /* fast, its own: the rater's sequence in chains_fast stays whole */
static void compare_nested_narrow(const se_state *s, int percent)
{
    se_state src = *s, cur = *s, wide;
    thin(&nested_rng, &cur, percent);
    for (int rule = 0; rule <= 1; rule++) {
        uint64_t da;
        int ha;
        CHECK(se_nested_digest(chains_narrow, &cur, &src, rule, &da, &ha) == 0);
    }
    int previous = -1; /* the last round's last loss */
    for (int round = 0; round < 3; round++) {
        int keys[729], n = 0;
        for (int c = 0; c < 81; c++)
            for (unsigned m = cur.cand[c]; m; m &= m - 1)
                keys[n++] = c * 9 + se_lowest(m);
        if (n < 8)
            return;
        /* half the time losses that leave no unit of two, none twice;
         * now and then in a chain of the round before's (a chain
         * narrowed twice) */
        int fit = sudoku_rng_below(&nested_rng, 2) != 0, last = previous;
        int together = sudoku_rng_below(&nested_rng, 3) == 0;
        int big = sudoku_rng_below(&nested_rng, 2) == 0; /* from cells of four or more */
        for (int lose = 1 + (int)sudoku_rng_below(&nested_rng, 4), tries = 0;
             lose > 0 && tries < 200; tries++) {
            int k = keys[sudoku_rng_below(&nested_rng, (uint32_t)n)], cell = k / 9, d = k % 9;
            if (!(cur.cand[cell] >> d & 1))
                continue;
            /* now and then a second loss in a chain of the first: a cell
             * or a region losing two */
            if (last >= 0 && together && cell != last / 9 &&
                !(d == last % 9 && se_replay_sees(cell, last / 9)))
                continue;
            int twos = se_popcount(cur.cand[cell]) == 3;
            for (int t = 0; t < 3; t++)
                twos += se_popcount(cur.pos[se_cell_house[cell][t]][d + 1]) == 3;
            if ((fit && twos) || (big && se_popcount(cur.cand[cell]) < 4))
                continue;
            cur.cand[cell] &= (uint16_t)~(1u << d);
            src.cand[cell] &= (uint16_t)~(1u << d);
            se_replay_complete(&cur);
            last = previous = k;
            lose--;
        }
        se_replay_complete(&cur);
        se_replay_complete(&src);
        wide = cur;
        for (int c = 0; c < 81; c++)
            if (!cur.value[c])
                wide.cand[c] = 0x1ff;
        se_replay_complete(&wide);
        for (int o = 0; o < 2; o++)
            for (int rule = 0; rule <= 1; rule++) {
                const se_state *outer = o ? &wide : &src;
                uint64_t da, db;
                int ha, hb;
                int ra = se_nested_digest(chains_narrow, &cur, outer, rule, &da, &ha);
                int rb = se_nested_digest(chains_twin, &cur, outer, rule, &db, &hb);
                CHECK_MSG(ra == 0 && rb == 0 && da == db && ha == hb,
                          "nested inner rule %d narrowed (round %d, %s outer grid): fast %d "
                          "(%d hints), twin %d (%d)", rule, round + 1, o ? "wide" : "its",
                          ra, ha, rb, hb);
                narrow_compared++;
            }
        /* back to the outer grid (a kept result): the next round's losses
         * are counted from it */
        uint64_t da;
        int ha;
        CHECK(se_nested_digest(chains_narrow, &cur, &src, 0, &da, &ha) == 0);
    }
}

/*
 * The multiple forcing chains' narrowing where it is rarest: a cell of
 * five digits or more that loses two at once, or one and then another
 * (a chain narrowed twice), on a grid of the rater's lightly thinned.
 * Only the narrowed plans are checked (against the exact ones, by
 * se_nested_verify_narrowing in chains_narrow), which is cheap enough to try
 * every such cell.
 */
static long probes;
static void probe_narrowing(const se_state *s)
{
    se_state cur = *s;
    thin(&nested_rng, &cur, 3 + (int)sudoku_rng_below(&nested_rng, 12));
    uint64_t digest;
    int hints;
    for (int cell = 0; cell < 81; cell++) {
        unsigned cand = cur.cand[cell];
        if (se_popcount(cand) < 5)
            continue;
        /* two of its digits at random */
        int digits[9], n = 0;
        for (unsigned m = cand; m; m &= m - 1)
            digits[n++] = se_lowest(m);
        int i1 = (int)sudoku_rng_below(&nested_rng, (uint32_t)n);
        int i2 = (i1 + 1 + (int)sudoku_rng_below(&nested_rng, (uint32_t)n - 1)) % n;
        int d1 = digits[i1], d2 = digits[i2];
        for (int at_once = 0; at_once < 2; at_once++) {
            /* the parent, under its outer grid */
            se_state src = *s, child = cur;
            CHECK(se_nested_digest(chains_narrow, &cur, &src, 1, &digest, &hints) == 0);
            for (int step = 0; step < 2; step++) {
                int d = step ? d2 : d1;
                child.cand[cell] &= (uint16_t)~(1u << d);
                src.cand[cell] &= (uint16_t)~(1u << d);
                if (at_once && step == 0)
                    continue; /* both lost in one step */
                se_replay_complete(&child);
                se_replay_complete(&src);
                CHECK(se_nested_digest(chains_narrow, &child, &src, 1, &digest, &hints) == 0);
                probes++;
            }
        }
    }
}

/* Both inner producers on cur reduced from src, fast against plain: every
 * usable inner hint, its identity, complexity, rule parents and
 * eliminations. found_with: per producer, the grids with a usable hint. */
static void compare_inner(const se_state *cur, const se_state *src, const char *what,
                          long found_with[2])
{
    for (int rule = 0; rule <= 1; rule++) {
        uint64_t da, db;
        int ha, hb;
        int ra = se_nested_digest(chains_fast, cur, src, rule, &da, &ha);
        int rb = se_nested_digest(chains_twin, cur, src, rule, &db, &hb);
        CHECK_MSG(ra == 0 && rb == 0 && da == db && ha == hb,
                  "nested inner rule %d%s: fast %d (%d hints), twin %d (%d)", rule, what, ra, ha,
                  rb, hb);
        inner_compared++;
        inner_found[rule] += ha;
        if (found_with)
            found_with[rule] += ha > 0;
    }
}

/* Every finder with a twin, on one position. */
static void compare_all(const se_state *s)
{
    {
        /* few removals, as at most dry points, and many */
        se_state cur = *s;
        thin(&dp_rng, &cur, 1 + (int)sudoku_rng_below(&dp_rng, 40));
        compare_dynamic_plus(s, &cur);
        /* patterns planted, several at once, on the position and on a
         * few removals */
        for (int round = 0; round < 4; round++) {
            cur = *s;
            if (round & 1)
                thin(&dp_rng, &cur, 1 + (int)sudoku_rng_below(&dp_rng, 10));
            /* X-wings alone too: they are the last rule asked */
            plant(&dp_rng, &cur, 1 + (int)sudoku_rng_below(&dp_rng, 8), round < 2 ? -1 : 0);
            compare_dynamic_plus(s, &cur);
        }
        /* a dry point (a few removals; patterns planted in half of them,
         * mostly used then), then patterns planted */
        for (int round = 0; round < 4; round++) {
            se_state cur1 = *s;
            thin(&dp_rng, &cur1, 1 + (int)sudoku_rng_below(&dp_rng, 6));
            if (round >= 2)
                plant(&dp_rng, &cur1, 1 + (int)sudoku_rng_below(&dp_rng, 4), round & 1 ? 0 : -1);
            cur = cur1;
            plant(&dp_rng, &cur, 1 + (int)sudoku_rng_below(&dp_rng, 6), round & 1 ? 0 : -1);
            compare_dynamic_plus_since(s, &cur1, &cur, round & 1);
        }
    }
    se_hint a, b;
    for (int degree = 2; degree <= 3; degree++) {
        int fa = se_find_aligned_exclusion(s, &a, degree);
        int fb = twin_aligned_exclusion(s, &b, degree);
        found[degree - 2] += fa;
        int same = same_hint(fa, &a, fb, &b);
        CHECK_MSG(same, "aligned exclusion degree %d: fast %d, twin %d", degree, fa, fb);
        if (!same && check_failed <= 3) {
            show_state(s);
            for (int c = 0; c < 81; c++)
                if ((fa && a.elim[c]) || (fb && b.elim[c]))
                    printf("cell %d: fast %03x twin %03x\n", c, fa ? a.elim[c] : 0,
                           fb ? b.elim[c] : 0);
        }
    }
    /* the engine's two rules, for every potential (candidate or not) */
    int rules_same = 1;
    for (int key = 0; key < 729 && rules_same; key++)
        for (int y = 0; y < 2; y++) {
            uint16_t out_a[32], out_b[32];
            int na = se_on_to_off(s, key + 729, y, out_a);
            int nb = twin_on_to_off(s, key + 729, y, out_b);
            rules_same &= na == nb && memcmp(out_a, out_b, sizeof out_a[0] * (size_t)na) == 0;
            for (int x = 0; x < 2; x++) {
                uint16_t keys_a[4], keys_b[4];
                int8_t rule_a[4], rule_b[4];
                na = se_off_to_on_keys(s, key, y, x, keys_a, rule_a);
                nb = twin_off_to_on_keys(s, key, y, x, keys_b, rule_b);
                rules_same &= na == nb &&
                              memcmp(keys_a, keys_b, sizeof keys_a[0] * (size_t)na) == 0 &&
                              memcmp(rule_a, rule_b, (size_t)na) == 0;
            }
        }
    CHECK_MSG(rules_same, "chain engine rules differ from their twins");
    int fa = se_find_cycles_and_chains(s, &a, chains_fast->ws, cycles_fast, NULL);
    int fb = twin_cycles_and_chains(s, &b, chains_twin->ws, NULL);
    found[2] += fa > 0;
    int same = same_hint(fa, &a, fb, &b);
    CHECK_MSG(same, "cycles and forcing chains: fast %d, twin %d", fa, fb);
    if (!same && check_failed <= 3)
        show_state(s);
    /* Nishio, searched by digit with each digit's last result kept in
     * the work area from position to position, against the plain search,
     * on every position */
    fa = se_producers_find(chains_fast, s, &a, 0, NULL);
    fb = twin_find_forcing_chains(s, &b, 0, chains_twin, NULL);
    found_fc[0] += fa > 0;
    same = same_hint(fa, &a, fb, &b);
    CHECK_MSG(same, "forcing chains kind 0 (Nishio): fast %d, twin %d", fa, fb);
    if (!same && check_failed <= 3)
        show_state(s);
    /* the forcing chains producers, cached propagation against afresh:
     * multiple, dynamic, dynamic+ (every so many positions: they are slow),
     * and now and then nested levels 2 and 3 (the twin's inner searches
     * without their shortcuts: se_nested_plain) */
    for (int kind = 1; kind <= 5 && compared % fc_every == 0; kind++) {
        long nth = compared / fc_every;
        if ((kind == 3 && nth % 2 != 0) || (kind == 4 && nth % 25 != 0) ||
            (kind == 5 && nth % 50 != 0))
            continue;
        fa = se_producers_find(chains_fast, s, &a, kind, NULL);
        fb = twin_find_forcing_chains(s, &b, kind, chains_twin, NULL);
        found_fc[kind] += fa > 0;
        same = same_hint(fa, &a, fb, &b);
        CHECK_MSG(same, "forcing chains kind %d: fast %d, twin %d", kind, fa, fb);
        if (!same && check_failed <= 3)
            show_state(s);
    }
    /* the nested levels' inner producers (forcing chains & cycles, and
     * multiple forcing chains) on a grid reduced from this one at random,
     * as an outer chain reduces it: every usable inner hint, its
     * identity, complexity, rule parents and eliminations, against the
     * plain inner searches */
    if (compared % nested_every == 0) {
        se_state cur = *s;
        thin(&nested_rng, &cur, 10 + (int)sudoku_rng_below(&nested_rng, 50));
        compare_inner(&cur, s, "", NULL);
        /* and reduced by a few candidates only: often no cell or house
         * left with two that had more, or just one (where the rule
         * parents can come only from the units of a cycle's weak links,
         * or from a multiple chain's own cell or house) */
        cur = *s;
        for (int n = 1 + (int)sudoku_rng_below(&nested_rng, 3), tries = 0; n > 0 && tries < 200;
             tries++) {
            int c = (int)sudoku_rng_below(&nested_rng, 81);
            if (se_popcount(cur.cand[c]) < 3)
                continue;
            unsigned m = cur.cand[c];
            for (uint32_t k = sudoku_rng_below(&nested_rng, (uint32_t)se_popcount(m)); k; k--)
                m &= m - 1;
            cur.cand[c] &= (uint16_t)~(m & -m);
            n--;
        }
        se_replay_complete(&cur);
        compare_inner(&cur, s, ", a few removals", few_found);
        few_compared++;
        if (compared % (2 * nested_every) == 0)
            compare_nested_narrow(s, 10 + (int)sudoku_rng_below(&nested_rng, 50));
    }
    compared++;
}

static long ae_since_compared[2], ae_since_found[2];

/* Aligned exclusion told that grid `quiet` had no pair / triple to
 * eliminate, on a later grid s, against the plain search on s. Skipped
 * (as the rater never asks) unless quiet is such a grid. */
static void compare_ae_since(const se_state *quiet, const se_state *s)
{
    se_hint a, b;
    for (int c = 0; c < 81; c++)
        if (se_one_bit(quiet->cand[c]))
            return;
    for (int degree = 2; degree <= 3; degree++) {
        if (se_find_aligned_exclusion(quiet, &a, degree))
            continue;
        int fa = se_find_aligned_exclusion_since(s, &a, degree, quiet->cand);
        int fb = twin_aligned_exclusion(s, &b, degree);
        ae_since_compared[degree - 2]++;
        ae_since_found[degree - 2] += fa;
        int same = same_hint(fa, &a, fb, &b);
        CHECK_MSG(same, "aligned exclusion degree %d since a quiet grid: fast %d, twin %d",
                  degree, fa, fb);
        if (!same && check_failed <= 3)
            show_state(s);
    }
}

/*
 * The inner results kept across outer grids (nested.c keeps a reduced
 * grid's hints with the units their rule parents come from, and reads
 * the parents again under each outer grid): reduced grids met under a
 * sequence of outer grids, as the rater meets the same reduced grid step
 * after step. The outer grids are states of the path, the reduced grids
 * a late one thinned (a subset of each); the outer grids come fewest
 * removals first, then most, so that hints unusable when first kept
 * become usable and the other way round. The fast inner producers replay
 * a result kept under another outer grid; the plain ones search afresh.
 */
static long across_every, across_compared, across_moved;
static void compare_nested_across(const sudoku_grid *g)
{
    if (path.step_count < 4)
        return;
    int late = path.step_count - 1 -
               (int)sudoku_rng_below(&nested_rng, (uint32_t)path.step_count / 2);
    int steps[4];
    steps[0] = late;
    steps[1] = (int)sudoku_rng_below(&nested_rng, (uint32_t)late / 2 + 1);
    steps[2] = steps[1] + 1 + (int)sudoku_rng_below(&nested_rng, (uint32_t)(late - steps[1]));
    steps[3] = late;
    se_state src[4], cur[2];
    for (int i = 0; i < 4; i++)
        se_replay_state_after(g, &path, steps[i], &src[i]);
    for (int j = 0; j < 2; j++) {
        cur[j] = src[0];
        thin(&nested_rng, &cur[j], 10 + (int)sudoku_rng_below(&nested_rng, 50));
    }
    uint64_t first[2][2];
    int first_hints[2][2];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 2; j++)
            for (int rule = 0; rule <= 1; rule++) {
                uint64_t da, db;
                int ha, hb;
                int ra = se_nested_digest(chains_fast, &cur[j], &src[i], rule, &da, &ha);
                int rb = se_nested_digest(chains_twin, &cur[j], &src[i], rule, &db, &hb);
                CHECK_MSG(ra == 0 && rb == 0 && da == db && ha == hb,
                          "nested inner rule %d across outer grids (after steps %d, %d, %d, %d; "
                          "the %dth): fast %d (%d hints), twin %d (%d)", rule, steps[0], steps[1],
                          steps[2], steps[3], i + 1, ra, ha, rb, hb);
                across_compared++;
                if (i == 0) {
                    first[j][rule] = db;
                    first_hints[j][rule] = hb;
                } else if (i < 3 && (db != first[j][rule] || hb != first_hints[j][rule])) {
                    across_moved++; /* the outer grid changed the result */
                }
            }
}

/* The positions of one rated puzzle: a few states along its path, each
 * as it is and thinned. */
static void positions_of(sudoku_rng *rng, const sudoku_grid *g, int states)
{
    sudoku_se_status st = sudoku_se_rate(g, &path, NULL);
    if (st != SUDOKU_SE_OK && st != SUDOKU_SE_UNSUPPORTED)
        return;
    static long rated;
    if (rated++ % across_every == 0)
        compare_nested_across(g);
    for (int i = 0; i < states && path.step_count > 0; i++) {
        se_state s;
        /* late states more often: that is where the slow techniques run */
        int steps = (int)sudoku_rng_below(rng, (uint32_t)path.step_count + 1);
        if (i & 1)
            steps = path.step_count - (int)sudoku_rng_below(rng, 8u);
        if (steps < 0)
            steps = 0;
        se_replay_state_after(g, &path, steps, &s);
        compare_all(&s);
        se_state before = s, later;
        /* a later state of the path, as the rater meets them */
        int more = steps + 1 + (int)sudoku_rng_below(rng, 6u);
        if (more <= path.step_count) {
            se_replay_state_after(g, &path, more, &later);
            compare_ae_since(&s, &later);
        }
        thin(rng, &s, 10 + (int)sudoku_rng_below(rng, 50));
        compare_all(&s);
        compare_ae_since(&before, &s);
    }
}

int main(int argc, char **argv)
{
    int long_run = check_long(argc, argv);
    int puzzles = (long_run ? 3000 : 300) / (SANITIZED ? 5 : 1);
    /* the forcing chains twins: the positions compared */
    fc_every = long_run ? 1 : SANITIZED ? 3 : 10;
    nested_every = long_run ? 1 : SANITIZED ? 8 : 4;
    across_every = long_run ? 1 : SANITIZED ? 20 : 5;
    sudoku_rng_seed(&nested_rng, 13);
    sudoku_rng_seed(&dp_rng, 17);
    /* the peer bit sets (a table written out) against the peer lists */
    for (int c = 0; c < 81; c++) {
        uint32_t bits[3] = { 0, 0, 0 };
        for (int i = 0; i < 20; i++)
            bits[se_peer[c][i] / 27] |= 1u << (se_peer[c][i] % 27);
        CHECK_MSG(memcmp(bits, se_peer_bits[c], sizeof bits) == 0, "se_peer_bits[%d]", c);
    }
    sudoku_rng rng;
    sudoku_rng_seed(&rng, 20261124);
    chains_fast = se_producers_new();
    cycles_fast = se_cycles_new();
    chains_twin = se_producers_new();
    ws_dp[0] = se_chain_ws_new();
    ws_dp[1] = se_chain_ws_new();
    dry_dp = se_dry_memo_new();
    /* the twin's nested levels run every inner search afresh */
    if (!chains_fast || !cycles_fast || !chains_twin || !ws_dp[0] || !ws_dp[1] || !dry_dp ||
        se_nested_plain(chains_twin) < 0)
        return 1;
    se_dry_memo_plain(chains_twin->dry); /* and every dry point asks the dynamic+ rules */
    /* the narrowed plans checked against the exact ones as they are made */
    chains_narrow = se_producers_new();
    if (!chains_narrow || se_nested_verify_narrowing(chains_fast) < 0 ||
        se_nested_verify_narrowing(chains_narrow) < 0)
        return 1;
    for (int i = 0; i < puzzles; i++) {
        sudoku_grid g;
        random_unique_puzzle(&rng, 81, &g);
        positions_of(&rng, &g, 4);
    }
    long random_positions = compared;

    /* the vector rows that reach the chains, when the data is there */
    FILE *f = check_open_data("vectors/se_ratings.tsv");
    int rows = 0, every = long_run ? 1 : 4;
    if (f) {
        char line[512];
        int n = 0;
        while (fgets(line, sizeof line, f)) {
            char *tab = strchr(line, '\t');
            if (line[0] == '#' || !tab || atof(tab + 1) < 6.15 || n++ % every != 0)
                continue;
            if (SANITIZED && rows >= 20)
                break;
            *tab = '\0';
            sudoku_grid g = check_grid(line);
            positions_of(&rng, &g, 4);
            rows++;
        }
        fclose(f);
    }
    /* The nested levels where they matter: the states just before nested
     * steps of levels 2 and 3 on the vector rows rated 10 and up (there
     * the inner searches give the outer chains their removals), the fast
     * inner searches against the plain ones. Slow (a level-3 step takes
     * the plain twin seconds): a few by default, every 4th with --long. */
    long nested_compared = 0, nested_found = 0, nested_steps = 0;
    long nested_max = long_run ? 1000 : SANITIZED ? 1 : 3;
    f = check_open_data("vectors/se_ratings.tsv");
    if (f) {
        char line[512];
        while (nested_compared < nested_max && fgets(line, sizeof line, f)) {
            char *tab = strchr(line, '\t');
            if (line[0] == '#' || !tab || atof(tab + 1) < 9.95)
                continue;
            *tab = '\0';
            sudoku_grid g = check_grid(line);
            if (sudoku_se_rate(&g, &path, NULL) != SUDOKU_SE_OK)
                continue;
            /* the row's nested steps one after the other, as the rater
             * runs them: the results of a step's reduced grids are the
             * parents of the next step's, each narrowed plan checked
             * against the exact one (se_nested_verify_narrowing) */
            for (int i = 0; i < path.step_count; i++) {
                int t = path.step[i].technique;
                if (t < SE_NESTED_FC_CONTRADICTION || t > SE_NESTED_MFC_REGION)
                    continue;
                se_state st;
                se_hint a;
                se_replay_state_after(&g, &path, i, &st);
                CHECK(se_producers_find(chains_fast, &st, &a, t <= SE_NESTED_FC_REGION ? 4 : 5,
                                        NULL) == 1);
                compare_nested_narrow(&st, 3 + (int)sudoku_rng_below(&nested_rng, 12));
                probe_narrowing(&st);
            }
            int levels_met = 0;
            for (int i = 0; i < path.step_count && nested_compared < nested_max; i++) {
                int t = path.step[i].technique;
                if (t < SE_NESTED_FC_CONTRADICTION || t > SE_NESTED_MFC_REGION)
                    continue;
                int kind = t <= SE_NESTED_FC_REGION ? 4 : 5;
                /* by default the first step of each level per row */
                if (long_run ? nested_steps++ % 4 != 0 : (levels_met >> kind & 1))
                    continue;
                levels_met |= 1 << kind;
                se_state st;
                se_hint a, b;
                /* the fast engine has just run the step before, as the
                 * rater has: its inner results kept under that step's
                 * grid come back under this one's */
                if (i > 0) {
                    se_replay_state_after(&g, &path, i - 1, &st);
                    se_producers_find(chains_fast, &st, &a, kind, NULL);
                }
                se_replay_state_after(&g, &path, i, &st);
                for (int n = 0; n < 12; n++)
                    compare_nested_narrow(&st, 3 + (int)sudoku_rng_below(&nested_rng, 12));
                int fa = se_producers_find(chains_fast, &st, &a, kind, NULL);
                int fb = se_producers_find(chains_twin, &st, &b, kind, NULL);
                int same = same_hint(fa, &a, fb, &b);
                CHECK_MSG(same, "nested level %d at step %d: fast %d, twin %d", kind - 2, i + 1, fa,
                          fb);
                CHECK_MSG(fa == 1 && a.technique == t && a.rating == path.step[i].rating,
                          "nested level %d at step %d: not the path's step", kind - 2, i + 1);
                nested_compared++;
                nested_found += fa > 0;
            }
        }
        fclose(f);
        /* the test must be able to fail: it must have compared some */
        CHECK(nested_compared > 0 && nested_found == nested_compared);
    }
    printf("nested steps compared with the plain inner searches: %ld; inner producers on reduced "
           "grids: %ld, usable hints: forcing chains & cycles %ld, multiple forcing chains %ld\n",
           nested_compared, inner_compared, inner_found[0], inner_found[1]);
    CHECK(inner_compared > 100 && inner_found[0] > 100 && inner_found[1] > 100);
    printf("inner producers on grids a few candidates short: %ld, with usable hints: forcing "
           "chains & cycles %ld, multiple %ld\n",
           few_compared, few_found[0], few_found[1]);
    CHECK(few_compared > (SANITIZED ? 40 : 400) && few_found[0] > 10 && few_found[1] > 10);
    printf("narrowed inner producers compared: %ld, made from a parent: forcing chains & cycles "
           "%ld (%ld widened by units of two), multiple forcing chains %ld (the rater's sequence: "
           "%ld (%ld), %ld; %ld of them from the parent the memo named)\n", narrow_compared,
           se_nested_narrowed(chains_narrow, 0), se_nested_narrowed(chains_narrow, 2),
           se_nested_narrowed(chains_narrow, 1), se_nested_narrowed(chains_fast, 0),
           se_nested_narrowed(chains_fast, 2), se_nested_narrowed(chains_fast, 1),
           se_nested_narrowed(chains_fast, 3));
    printf("narrowing probes of cells losing two digits: %ld\n", probes);
    long verified, violations = se_nested_narrowing_violations(chains_fast, &verified);
    long verified_n, violations_n = se_nested_narrowing_violations(chains_narrow, &verified_n);
    printf("narrowed plans checked against the exact plans: %ld in the rater's sequence, %ld in "
           "the random losses; wanting less: %ld, %ld\n", verified, verified_n, violations,
           violations_n);
    CHECK(violations == 0 && violations_n == 0);
    /* the test must be able to fail: results must have been narrowed */
    CHECK(se_nested_narrowed(chains_narrow, 0) > (SANITIZED ? 20 : 200) &&
          se_nested_narrowed(chains_narrow, 2) > (SANITIZED ? 10 : 100) &&
          se_nested_narrowed(chains_fast, 2) > (SANITIZED ? 10 : 100) &&
          se_nested_narrowed(chains_narrow, 1) > (SANITIZED ? 20 : 200) &&
          se_nested_narrowed(chains_fast, 0) > (SANITIZED ? 20 : 200) &&
          se_nested_narrowed(chains_fast, 3) > (SANITIZED ? 10 : 100));
    printf("inner producers on reduced grids across outer grids: %ld, the outer grid changing "
           "the result: %ld\n", across_compared, across_moved);
    /* the test must be able to fail: the outer grid must matter */
    CHECK(across_moved > (SANITIZED ? 5 : 20));
    printf("%ld positions (%ld from %d random minimal puzzles, the rest from %d vector rows); "
           "found: aligned pair exclusion %ld, aligned triple exclusion %ld, cycles and forcing "
           "chains %ld\n",
           compared, random_positions, puzzles, rows, found[0], found[1], found[2]);
    printf("aligned exclusion after a quiet grid: pairs %ld compared, %ld found; "
           "triples %ld compared, %ld found\n", ae_since_compared[0], ae_since_found[0],
           ae_since_compared[1], ae_since_found[1]);
    /* a fifth of the positions under the sanitizers */
    long ae_least = SANITIZED ? 20 : 100, ae_found_least = SANITIZED ? 5 : 10;
    CHECK(ae_since_compared[0] > ae_least && ae_since_found[0] > ae_found_least);
    CHECK(ae_since_compared[1] > ae_least && ae_since_found[1] > ae_found_least);
    printf("forcing chains found: Nishio %ld, multiple %ld, dynamic %ld, dynamic+ %ld, nested "
           "level 2 %ld, level 3 %ld\n",
           found_fc[0], found_fc[1], found_fc[2], found_fc[3], found_fc[4], found_fc[5]);
    /* the test must be able to fail: the positions must exercise the finders */
    CHECK(found[0] > 10 && found[1] > 10 && found[2] > 10);
    CHECK(found_fc[0] > 10 && found_fc[1] > 10 && found_fc[2] > 10 && found_fc[3] > 10 &&
          found_fc[4] > 0);
    printf("dynamic+ rules at reduced grids: %ld compared, %ld with new \"off\"s\n", dp_compared,
           dp_fired);
    CHECK(dp_compared > 100 && dp_fired > 10);
    printf("dynamic+ rules at the dry point after another: %ld compared (%ld after a used one), "
           "%ld with new \"off\"s\n", dps_compared, dps_after_used, dps_fired);
    CHECK(dps_compared > 100 && dps_fired > 10 && dps_after_used > 10);
    se_producers_free(chains_fast);
    se_cycles_free(cycles_fast);
    se_producers_free(chains_narrow);
    se_producers_free(chains_twin);
    se_chain_ws_free(ws_dp[0]);
    se_chain_ws_free(ws_dp[1]);
    se_dry_memo_free(dry_dp);
    return check_done();
}
