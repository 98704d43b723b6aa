/*
 * nested_search.c - the forcing chains & cycles producer of a nested
 * level's reduced grid (nested_state.h): the plain one of cycles.c,
 * three passes (X links, Y links, both), from every candidate of every
 * cell with two or more (Y: exactly two), breadth first: cycles back to the
 * assumption at least four links long, and (X, XY) the first chain from
 * the assumption "on", then "off", to its negation. Unlike the top level
 * it needs ALL its hints (nested_record.c records them), and runs only
 * the searches its plan lets through (nested_plan.c).
 */
#include "nested_search.h"
#include "nested_lists.h"
#include "nested_plan.h"
#include "nested_record.h"

typedef struct search {
    struct se_nested *in;
    se_chain_ws *ws; /* the inner one */
    const se_state *cur;
} search;

/* The path from `end` back to the assumption, end first; its length. */
static int path_of(const se_chain_ws *ws, int32_t end, int32_t *path)
{
    int n = 0;
    for (int32_t p = end; p >= 0; p = ws->node[p].parent)
        path[n++] = p;
    return n;
}

static void record_cycle(search *q, int32_t dst, int y, int x)
{
    const se_chain_ws *ws = q->ws;
    uint16_t gone[81];
    if (!se_cycle_eliminations(ws, dst, q->cur->cand, gone))
        return;
    int32_t path[1500];
    int n = 0;
    for (int32_t p = dst; p >= 0 && n < 1500; p = ws->node[p].parent)
        path[n++] = p;
    uint16_t elim[729];
    int nelim = 0;
    for (int c = 0; c < 81; c++) /* in cell order, then digit order */
        for (unsigned m = gone[c]; m; m &= m - 1)
            elim[nelim++] = (uint16_t)SE_KEY(0, c, se_lowest(m));
    if (nelim)
        se_nested_record(q->in, q->ws, path, n, 1, y && x ? 7.0 : 6.5, y && x ? 4 : y ? 3 : 2,
                         elim, nelim);
}

static void record_chain(search *q, int32_t target, int y)
{
    int32_t path[1500];
    int n = path_of(q->ws, target, path);
    int k = q->ws->node[target].key, cell = SE_KEY_CELL(k), d = SE_KEY_DIGIT(k);
    uint16_t elim[9];
    int nelim = 0;
    if (SE_KEY_ON(k)) {
        for (unsigned m = q->cur->cand[cell] & ~(1u << d); m; m &= m - 1)
            elim[nelim++] = (uint16_t)SE_KEY(0, cell, se_lowest(m));
    } else {
        elim[nelim++] = (uint16_t)k;
    }
    if (nelim)
        se_nested_record(q->in, q->ws, path, n, 0, y ? 7.0 : 6.6, y ? 4 : 2, elim, nelim);
}

/* Marks p's ancestors (first parents) in the inner work area's stamps. */
static uint32_t mark_ancestors(se_chain_ws *ws, int32_t p)
{
    uint32_t st = se_next_stamp(ws);
    for (int32_t a = ws->node[p].parent; a >= 0; a = ws->node[a].parent)
        ws->stamp[ws->node[a].key] = st;
    return st;
}

/* Is key k's node in component comp of the plan's graph (comp < 0: no
 * graph; then, with the component keys of a parent grid, is it among
 * them; without, every node is)? */
static inline int in_component(const struct se_nested *in, int k, int comp)
{
    if (comp < 0)
        return comp == -1 || (in->cycle_keys[k >> 6] >> (k & 63) & 1);
    int v = in->node_of[k];
    return v >= 0 && in->reach.seen[v] == in->reach.gen && in->reach.comp[v] == comp;
}

/*
 * The cycles through "on" source. Only the potentials of source's
 * strongly connected component in the XY pass's graph (which holds the X
 * and Y passes' graphs) can lie on a cycle back to it, and breadth first
 * they are met only from one another (a node met from outside would
 * itself reach source through them): so the others are not made at all,
 * and the component's nodes come in the same order with the same parents.
 * Any set of nodes holding the component does as well (a node outside
 * the component is never an ancestor of one inside): a narrowed grid
 * (nested_narrow.c) uses its parent's components, which hold its own.
 */
static void cycles(search *q, int source, int y, int x)
{
    se_chain_ws *ws = q->ws;
    struct se_nested *in = q->in;
    int comp = -1;
    if (in->xy_graph && !in->plain) {
        int v = in->node_of[source];
        if (in->reach.seen[v] != in->reach.gen)
            return; /* (the plan lets no such search through) */
        comp = in->reach.comp[v];
    } else if (in->cycle_keys_known && !in->plain) {
        comp = -2; /* a parent's components: a superset of source's */
    }
    ws->nnode = ws->nextra = 0;
    se_pset *to_on = &ws->tmp_on;
    se_pset_clear(to_on);
    int32_t *qon = ws->queue_on, *qoff = ws->queue_off;
    int hon = 0, ton = 0, hoff = 0, toff = 0, length = 0;
    int32_t root = se_node_new(ws, source, -1);
    if (root < 0)
        return;
    se_pset_add(to_on, source, root);
    qon[ton++] = root;
    int table = x && y ? 2 : y;
    if (++in->off_seen_now == 0) {
        memset(in->off_seen, 0, sizeof in->off_seen);
        in->off_seen_now = 1;
    }
    const uint32_t seen = in->off_seen_now;
    while (hon < ton || hoff < toff) {
        length++;
        while (hon < ton) {
            int32_t p = qon[hon++];
            const uint16_t *offs = se_nested_on_off(in, y, ws->node[p].key - 729);
            int n = offs[28];
            uint32_t st = mark_ancestors(ws, p);
            for (int i = 0; i < n; i++) {
                if (ws->stamp[offs[i]] == st || !in_component(in, offs[i], comp))
                    continue;
                /* a copy of an "off" met before implies only "on"s its
                 * first copy has queued by the time it is processed: it
                 * matters only when it closes the cycle */
                if (in->off_seen[offs[i]] == seen) {
                    const uint16_t *o = se_nested_off_on(in, table, offs[i]);
                    if (o[0] != source && o[1] != source && o[2] != source && o[3] != source)
                        continue;
                }
                in->off_seen[offs[i]] = seen;
                int32_t nn = se_node_new(ws, offs[i], p);
                if (nn < 0 || toff >= SE_MAX_NODES)
                    return;
                qoff[toff++] = nn;
            }
        }
        length++;
        while (hoff < toff) {
            int32_t p = qoff[hoff++];
            const uint16_t *keys = se_nested_off_on(in, table, ws->node[p].key);
            const int8_t *rule = in->off_on_rule[table][ws->node[p].key];
            for (int i = 0; i < 4 && keys[i]; i++) {
                int k = keys[i];
                if (length >= 4 && k == source) {
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn < 0)
                        return;
                    ws->node[nn].cause = rule[i];
                    record_cycle(q, nn, y, x);
                }
                if (to_on->at[k] < 0 && in_component(in, k, comp)) {
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn < 0)
                        return;
                    ws->node[nn].cause = rule[i];
                    se_pset_add(to_on, k, nn);
                    qon[ton++] = nn;
                }
            }
        }
    }
}

/* The chain found by forcing_chain, as nodes of the inner work area (the
 * search keeps keys only): from the source to p, then target; returns
 * target's node. */
static int32_t chain_nodes(search *q, int source, int p, int target, int rule)
{
    struct se_nested *in = q->in;
    se_chain_ws *ws = q->ws;
    uint16_t keys[1458];
    int n = 0;
    for (int k = p; k != source; k = in->fc_from[k])
        keys[n++] = (uint16_t)k;
    ws->nnode = ws->nextra = 0;
    int32_t node = se_node_new(ws, source, -1);
    for (int i = n - 1; i >= 0 && node >= 0; i--) {
        node = se_node_new(ws, keys[i], node);
        if (node >= 0 && SE_KEY_ON(keys[i]))
            ws->node[node].cause = in->fc_cause[keys[i]];
    }
    if (node >= 0)
        node = se_node_new(ws, target, node);
    if (node >= 0 && SE_KEY_ON(target))
        ws->node[node].cause = (int8_t)rule;
    return node;
}

/* 1 when the search met its assumption's negation, 0 when it reached all
 * it could without meeting it. Breadth first, all pending "on"s, then all
 * pending "off"s, each key once; only the chain found becomes nodes
 * (chain_nodes): the search keeps, per key met, the key it came from. */
static int forcing_chain(search *q, int source, int y)
{
    struct se_nested *in = q->in;
    if (++in->fc_seen_now == 0) {
        memset(in->fc_seen, 0, sizeof in->fc_seen);
        in->fc_seen_now = 1;
    }
    const uint32_t now = in->fc_seen_now;
    uint32_t *seen = in->fc_seen;
    uint16_t *qon = in->fc_queue_on, *qoff = in->fc_queue_off;
    int hon = 0, ton = 0, hoff = 0, toff = 0;
    seen[source] = now;
    if (SE_KEY_ON(source))
        qon[ton++] = (uint16_t)source;
    else
        qoff[toff++] = (uint16_t)source;
    int negation = SE_KEY_ON(source) ? source - 729 : source + 729, table = y ? 2 : 0;
    while (hon < ton || hoff < toff) {
        while (hon < ton) {
            int p = qon[hon++];
            const uint16_t *offs = se_nested_on_off(in, y, p - 729);
            int n = offs[28];
            for (int i = 0; i < n; i++) {
                int k = offs[i];
                if (k == negation) {
                    int32_t nn = chain_nodes(q, source, p, k, -2);
                    if (nn >= 0)
                        record_chain(q, nn, y);
                    return 1; /* only the first chain to the negation counts */
                }
                /* the reference also skips an "off" that is an ancestor
                 * of p: every "off" met (the root too) is seen, so that
                 * test could never skip anything more */
                if (seen[k] != now) {
                    seen[k] = now;
                    in->fc_from[k] = (uint16_t)p;
                    qoff[toff++] = (uint16_t)k;
                }
            }
        }
        while (hoff < toff) {
            int p = qoff[hoff++];
            const uint16_t *keys = se_nested_off_on(in, table, p);
            const int8_t *rule = in->off_on_rule[table][p];
            for (int i = 0; i < 4 && keys[i]; i++) {
                int k = keys[i];
                if (k == negation) {
                    int32_t nn = chain_nodes(q, source, p, k, rule[i]);
                    if (nn >= 0)
                        record_chain(q, nn, y);
                    return 1;
                }
                if (seen[k] == now)
                    continue;
                seen[k] = now;
                in->fc_from[k] = (uint16_t)p;
                in->fc_cause[k] = rule[i];
                qon[ton++] = (uint16_t)k;
            }
        }
    }
    return 0;
}

/*
 * The forcing chains & cycles producer on the reduced grid: every hint.
 * With a parent (nested_narrow.c), the searches its plan left, instead of
 * planning, less the cycle searches that found nothing there when the
 * lost candidates lie outside the parent's components: a cycle search
 * only meets its start's component, which then is the same here (a path
 * between two of its nodes never leaves it), with the same links, so it
 * finds the same cycles, with no more eliminations.
 * Each search planned is kept for the grids narrowed from this one: a
 * forcing chain only if the XY pass's search (the widest graph) met its
 * negation (it then cannot be reached there either), a cycle with whether
 * it found anything (bit 13).
 */
int se_nested_cycles_and_chains(struct se_nested *in, const se_state *cur,
                                const uint16_t *parent_plan, int parent_count,
                                const uint16_t *parent_keys, const sudoku_cancel *cancel)
{
    search q = { in, in->ws, cur };
    in->cycle_keys_known = 0;
    /* planned[k]: the searches wanted (plan bits); in->plan[k]: those run */
    uint8_t planned[729];
    /* narrowed: the candidates planned[] names (a few dozen of some 200),
     * walked instead of the whole grid */
    uint64_t keys[(729 + 63) / 64] = { 0 };
    int quiet = 0;
    /* The X and Y passes' graphs are parts of the XY pass's (their links
     * are among its links): what cannot be found with both links cannot
     * be found with one kind. So the XY pass's plan serves all three (a
     * search it lets through that finds nothing changes nothing). */
    if (in->plain) {
        se_nested_prepare(in, cur);
        memset(in->plan, 7, sizeof in->plan);
        memset(planned, 7, sizeof planned);
    } else if (parent_plan) {
        memset(in->plan, 0, sizeof in->plan);
        memset(planned, 0, sizeof planned);
        quiet = parent_keys && se_nested_lost_outside(in, parent_keys);
        for (int i = 0; i < parent_count; i++) {
            int k = parent_plan[i] & 1023, bits = parent_plan[i] >> 10 & 7;
            if (!(cur->cand[k / 9] >> (k % 9) & 1))
                continue;
            planned[k] = (uint8_t)bits;
            in->plan[k] = (uint8_t)(quiet && !(parent_plan[i] >> 13 & 1) ? bits & ~1 : bits);
            keys[k >> 6] |= 1ull << (k & 63);
        }
        if (parent_keys) {
            memcpy(in->cycle_keys, parent_keys, sizeof in->cycle_keys);
            in->cycle_keys_known = 1;
        }
        if (in->nnew_pair) {
            se_nested_prepare_tables(in, cur); /* the lists reached_keys reads */
            se_nested_widen_plan(in, planned, keys);
            in->narrowed[2]++;
        }
    } else {
        se_nested_prepare(in, cur);
        in->xy_graph = se_nested_plan_xy(in, cur) == 0;
        if (in->xy_graph)
            se_nested_keep_cycle_keys(in, cur);
        memcpy(planned, in->plan, sizeof planned);
    }
    /* the candidates with a search to run, in cell and digit order (most
     * have none), each with its cell's size: two, or more */
    uint16_t todo[729];
    uint8_t two[729], outcome[729], settled[729];
    int ntodo = 0;
    if (parent_plan && !in->plain) {
        for (int w = 0; w < (729 + 63) / 64; w++)
            for (uint64_t m = keys[w]; m; m &= m - 1) {
                int k = w * 64 + __builtin_ctzll(m), size = se_popcount(cur->cand[k / 9]);
                if (size >= 2 && in->plan[k]) {
                    two[ntodo] = size == 2;
                    outcome[ntodo] = in->plan[k] & 6;
                    settled[ntodo] = 0;
                    todo[ntodo++] = (uint16_t)k;
                }
            }
    } else {
        for (int cell = 0; cell < 81; cell++) {
            int size = se_popcount(cur->cand[cell]);
            if (size < 2)
                continue;
            for (unsigned m = cur->cand[cell]; m; m &= m - 1) {
                int k = cell * 9 + se_lowest(m);
                if (in->plan[k]) {
                    two[ntodo] = size == 2;
                    outcome[ntodo] = in->plan[k] & 6;
                    settled[ntodo] = 0;
                    todo[ntodo++] = (uint16_t)k;
                }
            }
        }
    }
    if (ntodo)
        se_nested_prepare_tables(in, cur);
    static const int pass_y[3] = { 0, 1, 1 }, pass_x[3] = { 1, 0, 1 };
    for (int pass = 0; pass < 3 && ntodo; pass++) {
        int y = pass_y[pass], x = pass_x[pass];
        if (sudoku_cancelled(cancel)) /* a pass takes some microseconds */
            return -1;
        for (int i = 0; i < ntodo; i++) {
            if (!x && !two[i])
                continue; /* Y links only: cells of two */
            int k = todo[i];
            uint8_t plan = in->plan[k];
            if (plan & 1) {
                int before = in->nhint;
                cycles(&q, k + 729, y, x);
                outcome[i] |= (uint8_t)(in->nhint != before);
            }
            for (int bit = 2; bit <= 4 && x; bit += 2) {
                if (!(plan & bit) || (pass == 2 && (settled[i] & bit)))
                    continue;
                int before = in->nhint;
                if (!forcing_chain(&q, bit == 2 ? k + 729 : k, y) && pass == 2)
                    outcome[i] &= (uint8_t)~bit;
                /* an X chain rated below 7.0 sorts before the XY pass's
                 * chain from the same assumption (7.0 and up), to the same
                 * target, with the same eliminations: that one would be
                 * dropped (keep), so it is not looked for; it would have
                 * met the negation too (the X links are XY links). The
                 * plain twin looks for it. */
                if (pass == 0 && !in->plain && in->nhint > before &&
                    in->hint[before].difficulty < 6.95)
                    settled[i] |= (uint8_t)bit;
            }
            if (in->overflow || in->ws->overflow)
                return -1;
        }
    }
    /* the plan kept: each search wanted, a forcing chain while it may
     * still close, a cycle with whether it found something */
    in->nplan_list = 0;
    for (int i = 0; i < ntodo; i++) {
        int k = todo[i], cycle = planned[k] & 1;
        if (cycle || outcome[i] & 6)
            in->plan_list[in->nplan_list++] =
                (uint16_t)(k | (cycle | (outcome[i] & 6)) << 10 | (outcome[i] & 1) << 13);
        planned[k] = 0;
    }
    /* a cycle search not run (only the quiet rule leaves one): it found
     * nothing */
    for (int w = 0; w < (729 + 63) / 64 && quiet; w++)
        for (uint64_t m = keys[w]; m; m &= m - 1) {
            int k = w * 64 + __builtin_ctzll(m);
            unsigned cand = cur->cand[k / 9];
            if ((cand & (cand - 1)) && (planned[k] & 1))
                in->plan_list[in->nplan_list++] = (uint16_t)(k | 1 << 10);
        }
    return 0;
}
