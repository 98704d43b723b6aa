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
#include "chains.h"

static int is_ancestor(const se_chain_ws *ws, int32_t child, int key)
{
    for (int32_t p = ws->node[child].parent; p >= 0; p = ws->node[p].parent)
        if (ws->node[p].key == key)
            return 1;
    return 0;
}

static void offer_cycle(se_chain_ws *ws, const se_state *s, int32_t dst, int y, int x,
                        se_chain_best *best)
{
    uint8_t in_cycle[81] = { 0 };
    uint16_t forward[81] = { 0 }, back[81] = { 0 };
    for (int32_t p = dst; ws->node[p].parent >= 0; p = ws->node[p].parent)
        in_cycle[SE_KEY_CELL(ws->node[p].key)] = 1;
    for (int32_t p = dst; ws->node[p].parent >= 0; p = ws->node[p].parent) {
        int k = ws->node[p].key, cell = SE_KEY_CELL(k), d = SE_KEY_DIGIT(k);
        uint16_t *side = SE_KEY_ON(k) ? forward : back;
        for (int i = 0; i < 20; i++) {
            int c = se_peer[cell][i];
            if (!in_cycle[c] && (s->cand[c] >> d & 1))
                side[c] |= (uint16_t)(1u << d);
        }
    }
    se_hint h;
    int complexity = se_ancestor_count(ws, dst);
    double diff = se_chain_difficulty(y && x ? 7.0 : 6.5, complexity);
    se_hint_clear(&h, x && y ? SE_XY_CYCLE : y ? SE_Y_CYCLE : SE_X_CYCLE, se_chain_tenths(diff));
    int worth = 0;
    for (int c = 0; c < 81; c++) {
        h.elim[c] = forward[c] & back[c];
        worth |= h.elim[c];
    }
    if (worth)
        se_chain_offer(best, diff, complexity, y && x ? 4 : y ? 3 : 2, &h);
}

static void do_cycles(se_chain_ws *ws, const se_state *s, int source, int y, int x,
                      se_chain_best *best)
{
    se_pset *to_on = &ws->tmp_on;
    se_pset_clear(to_on);
    int32_t *qon = ws->queue_on, *qoff = ws->queue_off;
    int hon = 0, ton = 0, hoff = 0, toff = 0;
    int32_t root = se_node_new(ws, source, -1);
    se_pset_add(to_on, source, root);
    qon[ton++] = root;
    int length = 0;
    while (hon < ton || hoff < toff) {
        length++;
        while (hon < ton) {
            int32_t p = qon[hon++];
            uint16_t offs[32];
            int n = se_on_to_off(s, ws->node[p].key, y, offs);
            for (int i = 0; i < n; i++) {
                if (is_ancestor(ws, p, offs[i]))
                    continue;
                int32_t nn = se_node_new(ws, offs[i], p);
                if (nn < 0 || toff >= SE_MAX_NODES)
                    return;
                qoff[toff++] = nn;
            }
        }
        length++;
        /* a cycle closed now has `length` links: its complexity */
        if (!se_chain_can_beat(best, y && x ? 7.0 : 6.5, length))
            return;
        while (hoff < toff) {
            int32_t p = qoff[hoff++];
            uint16_t ons[4];
            int8_t rule[4];
            int n = se_off_to_on_keys(s, ws->node[p].key, y, x, ons, rule);
            for (int i = 0; i < n; i++) {
                int k = ons[i];
                if (length >= 4 && k == source) {
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn < 0)
                        return;
                    offer_cycle(ws, s, nn, y, x, best);
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

static void offer_forcing_chain(se_chain_ws *ws, const se_state *s, int32_t target,
                                int y, se_chain_best *best)
{
    int k = ws->node[target].key, cell = SE_KEY_CELL(k), d = SE_KEY_DIGIT(k);
    se_hint h;
    int complexity = se_ancestor_count(ws, target);
    double diff = se_chain_difficulty(y ? 7.0 : 6.6, complexity);
    se_hint_clear(&h, y ? SE_FORCING_CHAIN : SE_FORCING_X_CHAIN, se_chain_tenths(diff));
    if (SE_KEY_ON(k)) {
        h.elim[cell] = (uint16_t)(s->cand[cell] & ~(1u << d));
        if (!h.elim[cell])
            return;
        h.cell = cell;
        h.digit = d + 1;
    } else {
        h.elim[cell] = (uint16_t)(1u << d);
    }
    se_chain_offer(best, diff, complexity, y ? 4 : 2, &h);
}

/* Breadth first from one assumption until it implies its own negation;
 * the first such chain is the one the reference keeps. */
static void do_forcing_chain(se_chain_ws *ws, const se_state *s, int source, int y,
                             se_chain_best *best)
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
    double base = y ? 7.0 : 6.6;
    while (hon < ton || hoff < toff) {
        while (hon < ton) {
            int32_t p = qon[hon++];
            /* a target found from p has p's depth + 2 potentials */
            if (!se_chain_can_beat(best, base, ws->node[p].depth + 2))
                return;
            uint16_t offs[32];
            int n = se_on_to_off(s, ws->node[p].key, y, offs);
            for (int i = 0; i < n; i++) {
                int k = offs[i];
                if (k == negation) {
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn >= 0)
                        offer_forcing_chain(ws, s, nn, y, best);
                    return;
                }
                if (to_off->at[k] < 0 && !is_ancestor(ws, p, k)) {
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn < 0)
                        return;
                    se_pset_add(to_off, k, nn);
                    qoff[toff++] = nn;
                }
            }
        }
        while (hoff < toff) {
            int32_t p = qoff[hoff++];
            if (!se_chain_can_beat(best, base, ws->node[p].depth + 2))
                return;
            uint16_t ons[4];
            int8_t rule[4];
            int n = se_off_to_on_keys(s, ws->node[p].key, y, 1, ons, rule);
            for (int i = 0; i < n; i++) {
                int k = ons[i];
                if (k != negation && to_on->at[k] >= 0)
                    continue;
                int32_t nn = se_node_new(ws, k, p);
                if (nn < 0)
                    return;
                if (k == negation) {
                    offer_forcing_chain(ws, s, nn, y, best);
                    return;
                }
                se_pset_add(to_on, k, nn);
                qon[ton++] = nn;
            }
        }
    }
}

int se_find_cycles_and_chains(const se_state *s, se_hint *h, se_chain_ws *ws,
                              const sudoku_cancel *cancel)
{
    static const int pass_y[3] = { 0, 1, 1 }, pass_x[3] = { 1, 0, 1 };
    se_chain_best best;
    best.found = 0;
    for (int pass = 0; pass < 3; pass++) {
        int y = pass_y[pass], x = pass_x[pass];
        for (int cell = 0; cell < 81; cell++) {
            int size = se_popcount(s->cand[cell]);
            if (size < 2 || (!x && size > 2))
                continue;
            if (sudoku_cancelled(cancel))
                return -1;
            for (unsigned m = s->cand[cell]; m; m &= m - 1) {
                int d = se_lowest(m);
                ws->nnode = ws->nextra = 0;
                do_cycles(ws, s, SE_KEY(1, cell, d), y, x, &best);
                if (x) {
                    ws->nnode = ws->nextra = 0;
                    do_forcing_chain(ws, s, SE_KEY(1, cell, d), y, &best);
                    ws->nnode = ws->nextra = 0;
                    do_forcing_chain(ws, s, SE_KEY(0, cell, d), y, &best);
                }
                if (ws->overflow)
                    return -1;
            }
        }
    }
    if (!best.found)
        return 0;
    *h = best.hint;
    return 1;
}
