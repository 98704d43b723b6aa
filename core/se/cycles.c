/*
 * cycles.c - the reference's "Forcing Chains & Cycles" producer:
 * bidirectional cycles (X 6.5, Y 6.5, both links 7.0) and forcing chains
 * whose assumption implies its own negation (X 6.6, both links 7.0), each
 * plus the length term (chains.c).
 *
 * As the reference does it: three passes over the grid, X links only,
 * then Y links only, then both. Each pass starts from every candidate of
 * every cell with two or more (a Y pass only from cells with exactly two)
 * and, breadth first,
 * - looks for cycles back to the starting "on" potential, at least four
 *   links long; a cycle removes the digits that both an "on" and an "off"
 *   node of the cycle see outside the cycle's cells;
 * - (X and XY passes) looks for the starting potential's negation, from
 *   "on" (the digit goes) and from "off" (the digit is placed).
 * Everything found is sorted by rating, then complexity, then kind (X,
 * Y, XY), stably; the first is the step. We keep only the running best.
 *
 * The cycle search keeps every "off" reached through a new parent (only
 * ancestors are filtered), while each "on" is expanded once: that is the
 * reference's rule, and it decides which cycles are found.
 */
#include <stdlib.h>
#include <string.h>
#include "cycles.h"
#include "reach.h"

struct se_cycles {
    /* The implications on the unchanging grid, per key: on -> off without
     * / with the cell rule (count at [28]), off -> on for X, Y, XY links
     * (make_tables) */
    uint16_t static_off[2][729][29];
    uint16_t static_on[3][729][4];
    /* the grid those tables were last made for (when tables_valid) */
    uint16_t tables_cand[81], tables_pos[27][10];
    int tables_valid;
    uint32_t off_seen[729], off_seen_now; /* the "off"s met in one search */
    struct se_cycle_reach *reach;         /* the reachability work area, on first use */
};

static void offer_cycle(se_chain_ws *ws, const se_state *s, int32_t dst, int y, int x,
                        se_chain_best *best)
{
    /* Most cycles remove nothing: settled before the complexity is counted. */
    uint16_t elim[81];
    if (!se_cycle_eliminations(ws, dst, s->cand, elim))
        return;
    se_hint h;
    int complexity = se_ancestor_count(ws, dst);
    double diff = se_chain_difficulty(y && x ? 7.0 : 6.5, complexity);
    se_hint_clear(&h, x && y ? SE_XY_CYCLE : y ? SE_Y_CYCLE : SE_X_CYCLE, se_chain_tenths(diff));
    memcpy(h.elim, elim, sizeof elim);
    se_chain_offer(best, diff, complexity, y && x ? 4 : y ? 3 : 2, &h);
}

static void do_cycles(se_chain_ws *ws, se_cycles *cy, const se_state *s, int source, int y,
                      int x, se_chain_best *best)
{
    se_pset *to_on = &ws->tmp_on;
    se_pset_clear(to_on);
    int32_t *qon = ws->queue_on, *qoff = ws->queue_off;
    int hon = 0, ton = 0, hoff = 0, toff = 0;
    int32_t root = se_node_new(ws, source, -1);
    se_pset_add(to_on, source, root);
    qon[ton++] = root;
    if (++cy->off_seen_now == 0) {
        memset(cy->off_seen, 0, sizeof cy->off_seen);
        cy->off_seen_now = 1;
    }
    const uint32_t seen = cy->off_seen_now;
    const int table = x && y ? 2 : y;
    /* The "off"s that turn the source on: by the rules' symmetry, the
     * negations of what the source's own "off" turns on (up to four; the
     * rest filled with a key no potential has). */
    uint16_t closer[4] = { UINT16_MAX, UINT16_MAX, UINT16_MAX, UINT16_MAX };
    {
        const uint16_t *back = cy->static_on[table][source - 729];
        for (int i = 0; i < 4 && back[i]; i++)
            closer[i] = (uint16_t)(back[i] - 729);
    }
    int length = 0;
    double base = y && x ? 7.0 : 6.5;
    int limit = se_chain_limit(best, base);
    while (hon < ton || hoff < toff) {
        length++;
        while (hon < ton) {
            int32_t p = qon[hon++];
            const uint16_t *offs = cy->static_off[y][ws->node[p].key - 729];
            int n = offs[28];
            /* p's ancestors are marked once, when first asked: only an
             * "off" met before in this search can be one */
            uint32_t st = 0;
            for (int i = 0; i < n; i++) {
                /* An "off" met before implies "on"s that its first copy
                 * has put in to_on by the time this one is processed: a
                 * copy matters only if it closes the cycle (and is not an
                 * ancestor of p). */
                if (cy->off_seen[offs[i]] == seen) {
                    int k = offs[i];
                    if (k != closer[0] && k != closer[1] && k != closer[2] && k != closer[3])
                        continue;
                    if (!st) {
                        st = se_next_stamp(ws);
                        for (int32_t a = ws->node[p].parent; a >= 0; a = ws->node[a].parent)
                            ws->stamp[ws->node[a].key] = st;
                    }
                    if (ws->stamp[offs[i]] == st)
                        continue;
                }
                cy->off_seen[offs[i]] = seen;
                int32_t nn = se_node_new(ws, offs[i], p);
                if (nn < 0 || toff >= SE_MAX_NODES)
                    return;
                qoff[toff++] = nn;
            }
        }
        length++;
        /* a cycle closed now has `length` links: its complexity */
        if (length > limit)
            return;
        while (hoff < toff) {
            int32_t p = qoff[hoff++];
            const uint16_t *ons = cy->static_on[table][ws->node[p].key];
            for (int i = 0; i < 4 && ons[i]; i++) {
                int k = ons[i];
                if (length >= 4 && k == source) {
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn < 0)
                        return;
                    offer_cycle(ws, s, nn, y, x, best);
                    limit = se_chain_limit(best, base);
                }
                if (to_on->at[k] < 0) {
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn < 0)
                        return;
                    se_pset_add(to_on, k, nn);
                    qon[ton++] = nn;
                }
            }
        }
        if (ws->overflow)
            return;
    }
}

/* The hint of a forcing chain concluding on `key`, `complexity`
 * potentials long. */
static void offer_forcing_chain(const se_state *s, int key, int complexity, int y,
                                se_chain_best *best)
{
    se_hint h;
    double diff = se_chain_difficulty(y ? 7.0 : 6.6, complexity);
    se_hint_clear(&h, y ? SE_FORCING_CHAIN : SE_FORCING_X_CHAIN, se_chain_tenths(diff));
    if (!se_chain_conclude(&h, s, key))
        return;
    se_chain_offer(best, diff, complexity, y ? 4 : 2, &h);
}

/*
 * The reference searches breadth first from one assumption until it
 * implies its own negation and keeps the first such chain: its hint is
 * the negation, its complexity the chain's potentials, the search's
 * distance D from assumption to negation plus one (a shortest chain's
 * potentials are distinct).
 *
 * That distance is found from half as deep. The rules are symmetric (a
 * implies b exactly when not-b implies not-a), so a chain from the
 * assumption through v to the negation is a chain to v followed by the
 * mirror of a chain to not-v: D is the least d(v) + d(not-v) over the
 * potentials v reached (distances from the assumption), and the middle
 * potential of a shortest chain has both within ceil(D / 2). So once
 * every potential within m is known, a least sum S found so far with
 * S <= 2m + 1 is D (a shorter chain would have shown its middle), and
 * none found means D > 2m, which bounds the complexity for the stop at
 * the best so far (se_chain_limit).
 */
static void do_forcing_chain(se_chain_ws *ws, const se_cycles *cy, const se_state *s, int source,
                             int y, se_chain_best *best)
{
    se_pset *to_on = &ws->tmp_on, *to_off = &ws->tmp_off;
    se_pset_clear(to_on);
    se_pset_clear(to_off);
    int32_t *qon = ws->queue_on, *qoff = ws->queue_off;
    int hon = 0, ton = 0, hoff = 0, toff = 0;
    int32_t root = se_node_new(ws, source, -1);
    if (root < 0)
        return;
    if (SE_KEY_ON(source)) {
        se_pset_add(to_on, source, root);
        qon[ton++] = root;
    } else {
        se_pset_add(to_off, source, root);
        qoff[toff++] = root;
    }
    int negation = SE_KEY_ON(source) ? source - 729 : source + 729;
    int limit = se_chain_limit(best, y ? 7.0 : 6.6);
    int least = 1 << 20, known = 0; /* least sum; every potential within `known` is met */
    while (hon < ton || hoff < toff) {
        /* one layer: the "on"s pending, or (none) the "off"s */
        if (hon < ton) {
            int depth = ws->node[qon[hon]].depth;
            while (hon < ton) {
                int32_t p = qon[hon++];
                const uint16_t *offs = cy->static_off[y][ws->node[p].key - 729];
                int n = offs[28];
                for (int i = 0; i < n; i++) {
                    int k = offs[i];
                    if (to_off->at[k] >= 0)
                        continue;
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn < 0)
                        return;
                    se_pset_add(to_off, k, nn);
                    qoff[toff++] = nn;
                    int32_t mirror = to_on->at[k + 729];
                    if (mirror >= 0 && depth + 1 + ws->node[mirror].depth < least)
                        least = depth + 1 + ws->node[mirror].depth;
                }
            }
            known = depth + 1;
        } else {
            int depth = ws->node[qoff[hoff]].depth;
            while (hoff < toff) {
                int32_t p = qoff[hoff++];
                const uint16_t *ons = cy->static_on[y ? 2 : 0][ws->node[p].key];
                for (int i = 0; i < 4 && ons[i]; i++) {
                    int k = ons[i];
                    if (to_on->at[k] >= 0)
                        continue;
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn < 0)
                        return;
                    se_pset_add(to_on, k, nn);
                    qon[ton++] = nn;
                    int32_t mirror = to_off->at[k - 729];
                    if (mirror >= 0 && depth + 1 + ws->node[mirror].depth < least)
                        least = depth + 1 + ws->node[mirror].depth;
                }
            }
            known = depth + 1;
        }
        if (least <= 2 * known + 1)
            break;
        if (2 * known + 2 > limit)
            return; /* a chain is longer than 2 * known: it cannot win */
    }
    if (least < (1 << 20) && least + 1 <= limit)
        offer_forcing_chain(s, negation, least + 1, y, best);
}

/* The implications of every potential on this (unchanging) grid. An "on"
 * key is never 0 (on keys are 729 and up), so 0 ends an "on" list. Only
 * candidates are ever met. With the cell rule, an "on" turns off the
 * cell's other candidates and then what it turns off without; an "off"
 * with both rules turns on the cell's last candidate and then the house
 * rule's (which are in other cells, so never the same). */
static void make_tables(se_cycles *cy, const se_state *s)
{
    /* A potential's lists read its cell's candidates and its digit's
     * places in the cell's three houses: they are made again only when
     * one of those changed since the grid the tables were made for. */
    uint8_t cell_changed[81];
    uint16_t digit_changed[27]; /* per house, bit d: d's places changed */
    for (int c = 0; c < 81; c++)
        cell_changed[c] = !cy->tables_valid || s->cand[c] != cy->tables_cand[c];
    for (int h = 0; h < 27; h++) {
        digit_changed[h] = 0;
        for (int d = 0; d < 9; d++)
            if (!cy->tables_valid || s->pos[h][d + 1] != cy->tables_pos[h][d + 1])
                digit_changed[h] |= (uint16_t)(1u << d);
    }
    memcpy(cy->tables_cand, s->cand, sizeof cy->tables_cand);
    memcpy(cy->tables_pos, s->pos, sizeof cy->tables_pos);
    cy->tables_valid = 1;
    for (int k = 0; k < 729; k++) {
        const uint8_t *hs = se_cell_house[k / 9];
        if (!cell_changed[k / 9] &&
            !((digit_changed[hs[0]] | digit_changed[hs[1]] | digit_changed[hs[2]]) >> (k % 9) & 1))
            continue;
        uint16_t *off0 = cy->static_off[0][k], *off1 = cy->static_off[1][k];
        if (!(s->cand[k / 9] >> (k % 9) & 1)) {
            off0[28] = off1[28] = 0;
            memset(cy->static_on[0][k], 0, sizeof cy->static_on[0][k]);
            memset(cy->static_on[1][k], 0, sizeof cy->static_on[1][k]);
            memset(cy->static_on[2][k], 0, sizeof cy->static_on[2][k]);
            continue;
        }
        int cell = k / 9, d = k % 9, n = 0;
        for (unsigned m = s->cand[cell] & ~(1u << d); m; m &= m - 1)
            off1[n++] = (uint16_t)SE_KEY(0, cell, se_lowest(m));
        int n0 = se_on_to_off(s, k + 729, 0, off0);
        off0[28] = (uint16_t)n0;
        memcpy(off1 + n, off0, sizeof off0[0] * (size_t)n0);
        off1[28] = (uint16_t)(n + n0);
        uint16_t x[4] = { 0 }, yk[4] = { 0 }, *xy = cy->static_on[2][k];
        int8_t rule[4];
        int nx = se_off_to_on_keys(s, k, 0, 1, x, rule);
        int ny = se_off_to_on_keys(s, k, 1, 0, yk, rule);
        memcpy(cy->static_on[0][k], x, sizeof x);
        memcpy(cy->static_on[1][k], yk, sizeof yk);
        memset(xy, 0, sizeof cy->static_on[2][k]);
        for (int i = 0; i < ny; i++)
            xy[i] = yk[i];
        for (int i = 0; i < nx && ny + i < 4; i++)
            xy[ny + i] = x[i];
    }
}

/*
 * Which searches can find anything. Both searches above only ever follow
 * the pass's implication graph (on -> off from static_off, off -> on from
 * static_on), and a forcing chain's breadth-first search visits every
 * potential it can reach, each once, until it meets the negation of its
 * assumption. So:
 * - a forcing chain from potential p finds something only if not-p is
 *   reachable from p;
 * - a cycle through an "on" potential needs a path back to it: p lies in
 *   a strongly connected component with an edge inside it.
 * A search that cannot find anything changes nothing the others see (its
 * nodes are dropped before the next, its marks are generations), so
 * skipping it leaves the producer's result as it was. In the rounds where
 * the producer finds nothing (most of them on puzzles rated 7 and up)
 * that is every search. Reachability comes from the components (reach.c,
 * shared with the nested levels) and, in the order Tarjan completes them
 * (every component after those it reaches), one bit set per component of
 * what it reaches, kept to the words in use (a component of the X pass
 * reaches a few words of its digit).
 */
typedef struct se_cycle_reach {
    se_reach g;               /* the pass's graph over nodes, its components */
    int words;
    int16_t index_of[1458];   /* node of a key, -1 for a non-candidate */
    uint16_t key_of[1458];
    int16_t merged[1458];     /* per component: the last one its set went into */
    uint64_t *reached;        /* per component, `words` words */
    int16_t lo[1458], hi[1458]; /* per component: the words in use, the rest
                                   unset (not even cleared) */
    size_t capacity;          /* words allocated at reached */
} reach;

/* Widens component c's words in use to cover [a, b), clearing the new ones. */
static inline void reach_widen(reach *r, int c, int a, int b)
{
    uint64_t *bits = r->reached + (size_t)c * (size_t)r->words;
    if (r->lo[c] >= r->hi[c]) {
        for (int x = a; x < b; x++)
            bits[x] = 0;
        r->lo[c] = (int16_t)a;
        r->hi[c] = (int16_t)b;
        return;
    }
    for (int x = a; x < r->lo[c]; x++)
        bits[x] = 0;
    for (int x = r->hi[c]; x < b; x++)
        bits[x] = 0;
    if (a < r->lo[c])
        r->lo[c] = (int16_t)a;
    if (b > r->hi[c])
        r->hi[c] = (int16_t)b;
}

static inline void reach_set(reach *r, int c, int node)
{
    int x = node >> 6;
    if (x < r->lo[c] || x >= r->hi[c])
        reach_widen(r, c, x, x + 1);
    r->reached[(size_t)c * (size_t)r->words + (size_t)x] |= 1ull << (node & 63);
}

/* The pass's graph in node numbers; -1 when a successor is not a
 * candidate (cannot happen: then nothing is skipped). */
static int make_graph(reach *r, const se_cycles *cy, int y, int table)
{
    int m = 0;
    for (int v = 0; v < r->g.n; v++) {
        int key = r->key_of[v];
        r->g.first_edge[v] = m;
        if (SE_KEY_ON(key)) {
            const uint16_t *offs = cy->static_off[y][key - 729];
            for (int j = 0; j < offs[28]; j++)
                if ((r->g.edge[m++] = r->index_of[offs[j]]) < 0)
                    return -1;
        } else {
            const uint16_t *ons = cy->static_on[table][key];
            for (int j = 0; j < 4 && ons[j]; j++)
                if ((r->g.edge[m++] = r->index_of[ons[j]]) < 0)
                    return -1;
        }
    }
    r->g.first_edge[r->g.n] = m;
    return 0;
}

/* 0 when reachability is known for this pass, else -1. The components
 * come from reach.c, every node a possible start; then, in the order they
 * closed (every component after those it reaches), each one's set is the
 * nodes its edges lead to and their sets, and its own members when it
 * holds a cycle. */
static int find_reach(reach *r, const se_cycles *cy, int y, int table)
{
    if (make_graph(r, cy, y, table) < 0)
        return -1;
    se_reach *g = &r->g;
    se_reach_enter_begin(g);
    for (int v = 0; v < g->n; v++)
        g->entered[v] = g->entered_gen;
    se_reach_components(g);
    for (int c = 0; c < g->ncomp; c++)
        r->merged[c] = -1;
    for (int c = 0; c < g->ncomp; c++) {
        uint64_t *bits = r->reached + (size_t)c * (size_t)r->words;
        r->lo[c] = r->hi[c] = 0;
        for (int i = g->comp_first[c]; i < g->comp_first[c + 1]; i++) {
            int u = g->member[i];
            for (int f = g->first_edge[u]; f < g->first_edge[u + 1]; f++) {
                int w = g->edge[f], cw = g->comp[w];
                if (cw == c)
                    continue;
                reach_set(r, c, w);
                if (r->merged[cw] == c)
                    continue; /* its set is in already */
                r->merged[cw] = (int16_t)c;
                int a = r->lo[cw], b = r->hi[cw];
                if (a >= b)
                    continue;
                if (a < r->lo[c] || b > r->hi[c])
                    reach_widen(r, c, a, b);
                const uint64_t *more = r->reached + (size_t)cw * (size_t)r->words;
                for (int x = a; x < b; x++)
                    bits[x] |= more[x];
            }
        }
        if (g->cyclic[c])
            for (int i = g->comp_first[c]; i < g->comp_first[c + 1]; i++)
                reach_set(r, c, g->member[i]);
    }
    return 0;
}

/* Can the search from key `from` reach key `to`? */
static int reaches(const reach *r, int from, int to)
{
    int f = r->index_of[from];
    if (r->g.seen[f] != r->g.gen)
        return 0; /* nothing leaves it: it has no component */
    int t = r->index_of[to], c = r->g.comp[f], x = t >> 6;
    if (x < r->lo[c] || x >= r->hi[c])
        return 0;
    return r->reached[(size_t)c * (size_t)r->words + (size_t)x] >> (t & 63) & 1;
}

/* A cycle the search closes through `on` leaves it for an "off" a and
 * comes back from a different "off" q (an "off" is never repeated along
 * a chain, and it has at least four links): q must be reachable from a.
 * The "off"s that lead back to `on` are the negations of what "off" of
 * the same candidate implies (the rules are symmetric). */
static int may_close_cycle(const reach *r, const se_cycles *cy, int y, int table, int on)
{
    int v = r->index_of[on];
    if (r->g.seen[v] != r->g.gen || !r->g.cyclic[r->g.comp[v]])
        return 0;
    const uint16_t *back = cy->static_on[table][on - 729];
    const uint16_t *offs = cy->static_off[y][on - 729];
    for (int i = 0; i < 4 && back[i]; i++) {
        int q = back[i] - 729;
        for (int j = 0; j < offs[28]; j++)
            if (offs[j] != q && reaches(r, offs[j], q))
                return 1;
    }
    return 0;
}

/* One sweep over the three passes, in the reference's order; r: the
 * reachability work area (NULL: no skipping). */
static int sweep(const se_state *s, se_chain_ws *ws, se_cycles *cy, const sudoku_cancel *cancel,
                 se_chain_best *best, reach *r)
{
    static const int pass_y[3] = { 0, 1, 1 }, pass_x[3] = { 1, 0, 1 };
    for (int pass = 0; pass < 3; pass++) {
        int y = pass_y[pass], x = pass_x[pass];
        /* Every hint of the XY pass rates 7.0 or more and sorts after an
         * earlier one of the same rating and complexity: below a best
         * rated under 7.0 it cannot come first, and nothing else in the
         * pass changes what the others find. */
        if (x && y && best->found && 7.0 > best->difficulty)
            continue;
        /* Not on the Y pass: it has no forcing chains, and every potential
         * of a two-candidate cell is on a cycle there (its cell's other
         * digit and back), so nothing would be skipped. */
        int known = r && x && find_reach(r, cy, y, x && y ? 2 : y) == 0;
        for (int cell = 0; cell < 81; cell++) {
            int size = se_popcount(s->cand[cell]);
            if (size < 2 || (!x && size > 2))
                continue;
            if (sudoku_cancelled(cancel))
                return -1;
            for (unsigned m = s->cand[cell]; m; m &= m - 1) {
                int d = se_lowest(m), on = SE_KEY(1, cell, d), off = SE_KEY(0, cell, d);
                if (!known || may_close_cycle(r, cy, y, x && y ? 2 : y, on)) {
                    ws->nnode = ws->nextra = 0;
                    do_cycles(ws, cy, s, on, y, x, best);
                }
                if (x) {
                    if (!known || reaches(r, on, off)) {
                        ws->nnode = ws->nextra = 0;
                        do_forcing_chain(ws, cy, s, on, y, best);
                    }
                    if (!known || reaches(r, off, on)) {
                        ws->nnode = ws->nextra = 0;
                        do_forcing_chain(ws, cy, s, off, y, best);
                    }
                }
                if (ws->overflow)
                    return -1;
            }
        }
    }
    return 0;
}

/* The work area for this grid: kept in the producer's state from call to
 * call (fresh allocations of this size cost page faults each time). */
static reach *reach_for(se_cycles *cy, const se_state *s)
{
    reach *r = cy->reach;
    if (!r && !(r = cy->reach = calloc(1, sizeof *r)))
        return NULL;
    r->g.n = 0;
    memset(r->index_of, -1, sizeof r->index_of);
    /* digit by digit: the X pass links a digit's potentials only, so a
     * component there reaches a few words of its digit */
    for (int d = 0; d < 9; d++)
        for (int on = 0; on < 2; on++)
            for (int c = 0; c < 81; c++)
                if (s->cand[c] >> d & 1) {
                    int k = SE_KEY(on, c, d);
                    r->index_of[k] = (int16_t)r->g.n;
                    r->key_of[r->g.n++] = (uint16_t)k;
                }
    r->words = (r->g.n + 63) / 64;
    size_t need = (size_t)(r->words ? r->words : 1) * (size_t)(r->g.n ? r->g.n : 1);
    if (need > r->capacity) {
        free(r->reached);
        r->capacity = 0;
        if (!(r->reached = malloc(sizeof(uint64_t) * need)))
            return NULL;
        r->capacity = need;
    }
    return r;
}

se_cycles *se_cycles_new(void)
{
    se_cycles *cy = malloc(sizeof *cy);
    if (!cy)
        return NULL;
    cy->reach = NULL; /* on first use */
    se_cycles_reset(cy);
    return cy;
}

void se_cycles_reset(se_cycles *cy)
{
    cy->tables_valid = 0;
    memset(cy->off_seen, 0, sizeof cy->off_seen);
    cy->off_seen_now = 0;
}

void se_cycles_free(se_cycles *cy)
{
    if (!cy)
        return;
    if (cy->reach) {
        free(cy->reach->reached);
        free(cy->reach);
    }
    free(cy);
}

int se_find_cycles_and_chains(const se_state *s, se_hint *h, se_chain_ws *ws, se_cycles *cy,
                              const sudoku_cancel *cancel)
{
    make_tables(cy, s);
    reach *r = reach_for(cy, s);
    se_chain_best best = { 0 };
    if (sweep(s, ws, cy, cancel, &best, r) < 0)
        return -1;
    if (!best.found)
        return 0;
    *h = best.hint;
    return 1;
}
