/*
 * nested_record.c - recording the hints of a nested level's inner
 * producers (nested_state.h): each hint whole when found (rating,
 * eliminations, the units of its rule parents, identity), so that the
 * inner search's nodes can go; then their order.
 *
 * A hint's rule parents are the outer chain's removals its "on" links
 * needed: for an "on" made by the cell rule, its cell's removed digits;
 * by a house rule, the digit's removed places in that house. A cycle is
 * read both ways, the reversed way (each link negated, keeping its rule)
 * after the forward one. A chain is known by its targets and the sequence
 * of its links (a 64-bit signature): an outer conclusion's complexity
 * adds each distinct inner chain's complexity once.
 */
#include "nested_record.h"

/* The house type (0 box, 1 row, 2 column) of the first house the two
 * (different) cells share, as the reference's "on -> off" rule meets it. */
static int shared_house(int a, int b)
{
    for (int t = 0; t < 3; t++)
        if (se_cell_house[a][t] == se_cell_house[b][t])
            return se_cell_house[a][t];
    return -2;
}

static void push_key(struct se_nested *in, int key)
{
    if (in->nkey >= MAX_KEYS) {
        in->overflow = 1;
        return;
    }
    in->key[in->nkey++] = (uint16_t)key;
}

/* The plain version of what follows (se_nested_plain): the removals
 * themselves, from in->src to in->cur, each key once per hint. */
static void plain_rule_parents_of(struct se_nested *in, int key, int cause)
{
    int cell = SE_KEY_CELL(key), d = SE_KEY_DIGIT(key);
    unsigned removed;
    const uint8_t *hc;
    if (cause == -1) {
        removed = in->src->cand[cell] & ~in->cur->cand[cell];
        for (; removed; removed &= removed - 1) {
            int k = SE_KEY(0, cell, se_lowest(removed));
            if (in->mark[k] != in->parent_mark) {
                in->mark[k] = in->parent_mark;
                push_key(in, k);
            }
        }
    } else if (cause >= 0) {
        hc = se_house_cell[cause];
        removed = in->src->pos[cause][d + 1] & ~in->cur->pos[cause][d + 1];
        for (; removed; removed &= removed - 1) {
            int k = SE_KEY(0, hc[se_lowest(removed)], d);
            if (in->mark[k] != in->parent_mark) {
                in->mark[k] = in->parent_mark;
                push_key(in, k);
            }
        }
    }
}

/*
 * The removals an "on" of this key needed, by its rule (-1 the cell, a
 * house, -2 none): those of its unit, the cell (unit number = cell) or
 * the digit in the house (81 + house * 9 + digit). Only the unit is
 * recorded: the removals are those from the outer grid to the reduced
 * one, and the same reduced grid comes back under other outer grids
 * (nested_cache.c), which read the units again (se_nested_replay). A
 * unit recorded twice for one hint adds no parent the second time (its
 * removals are all there already), so each is recorded once. The plain
 * twin records the parents themselves under the outer grid at hand, as
 * this did before the results were kept across outer grids.
 */
static void rule_parents_of(struct se_nested *in, int key, int cause)
{
    if (in->plain) {
        plain_rule_parents_of(in, key, cause);
        return;
    }
    int unit;
    if (cause == -1)
        unit = SE_KEY_CELL(key);
    else if (cause >= 0)
        unit = 81 + cause * 9 + SE_KEY_DIGIT(key);
    else
        return;
    if (in->mark[unit] != in->parent_mark) {
        in->mark[unit] = in->parent_mark;
        push_key(in, unit);
    }
}

void se_nested_record(struct se_nested *in, const se_chain_ws *ws, const int32_t *path, int n,
                      int reversed, double base, int sort_key, const uint16_t *elim, int nelim)
{
    if (in->nhint >= MAX_HINTS) {
        in->overflow = 1;
        return;
    }
    inner_hint *h = &in->hint[in->nhint];
    /* the path's distinct keys: its complexity, signature, rule parents */
    uint64_t sig = se_mix(0, (uint64_t)ws->node[path[0]].key);
    int complexity = 0;
    h->unit_first = in->nkey;
    int32_t distinct[1500];
    int nd = 0;
    for (int i = 0; i < n; i++) {
        int k = ws->node[path[i]].key;
        int dup = 0;
        for (int j = 0; j < nd && !dup; j++)
            dup = ws->node[distinct[j]].key == k;
        if (dup)
            continue;
        if (nd >= 1500) {
            in->overflow = 1;
            return;
        }
        distinct[nd++] = path[i];
    }
    complexity = nd;
    in->parent_mark = se_nested_next_mark(in);
    for (int j = 0; j < nd; j++) {
        const se_node *nd_ = &ws->node[distinct[j]];
        sig = se_mix(sig, nd_->key);
        if (SE_KEY_ON(nd_->key))
            rule_parents_of(in, nd_->key, nd_->cause);
    }
    if (reversed) {
        /* the cycle backwards: the assumption's negation first, then each
         * link from the assumption's side, negated, with its own rule */
        int root = ws->node[path[n - 1]].key;
        int rk = SE_KEY_ON(root) ? root - 729 : root + 729;
        sig = se_mix(sig, 0x5bd1e995u);
        sig = se_mix(sig, (uint64_t)rk);
        for (int i = n - 1; i >= 1; i--) {
            const se_node *nd_ = &ws->node[path[i]];
            int k = nd_->key, flipped = SE_KEY_ON(k) ? k - 729 : k + 729;
            if (i < n - 1 && flipped == rk)
                continue;
            sig = se_mix(sig, (uint64_t)flipped);
            if (!SE_KEY_ON(k) && i + 1 < n) {
                /* an "off" read as "on": the rule that made the off */
                int pc = SE_KEY_CELL(ws->node[path[i + 1]].key), c = SE_KEY_CELL(k);
                rule_parents_of(in, flipped, pc == c ? -1 : shared_house(pc, c));
            }
        }
    }
    h->unit_count = in->nkey - h->unit_first;
    h->elim_first = in->nkey;
    uint64_t eh = 0;
    for (int i = 0; i < nelim; i++) {
        push_key(in, elim[i]);
        eh = se_mix(eh, elim[i]);
    }
    h->elim_count = nelim;
    h->elim_hash = se_mix(eh, (uint64_t)nelim);
    h->complexity = complexity;
    h->difficulty = se_chain_difficulty(base, complexity);
    h->sort_key = sort_key;
    h->signature = sig;
    if (!in->overflow)
        in->nhint++;
}

/* The sink of the inner forcing chains producers (se_forcing_chains_all):
 * records each hint, its rule parents read from the chains that prove it
 * (their assumptions resting on root_cause: -1 the cell, a house, -2
 * none), its eliminations and identity. */
void se_nested_record_found(void *ctx, se_chain_ws *ws, const se_chain_found *found)
{
    struct se_nested *in = ctx;
    const se_hint *hint = found->hint;
    const int32_t *ends = found->ends;
    int nends = found->nends, root_cause = found->root_cause;
    if (in->nhint >= MAX_HINTS) {
        in->overflow = 1;
        return;
    }
    inner_hint *h = &in->hint[in->nhint];
    h->unit_first = in->nkey;
    in->parent_mark = se_nested_next_mark(in);
    uint64_t sig = 0;
    /* each chain breadth first, parents in order, a key once per chain:
     * the reference's walk for both its rule parents and its identity */
    for (int e = 0; e < nends; e++) {
        sig = se_mix(sig, 0x5bd1e995u + (uint64_t)e);
        uint32_t st = se_next_stamp(ws);
        int32_t *todo = ws->bfs_a, *next = ws->bfs_b;
        int ntodo = 1;
        todo[0] = ends[e];
        while (ntodo) {
            int nnext = 0;
            for (int i = 0; i < ntodo; i++) {
                const se_node *nd = &ws->node[todo[i]];
                if (ws->stamp[nd->key] == st)
                    continue;
                ws->stamp[nd->key] = st;
                sig = se_mix(sig, nd->key);
                if (SE_KEY_ON(nd->key))
                    rule_parents_of(in, nd->key,
                                    nd->cause == -2 && nd->parent < 0 ? root_cause : nd->cause);
                if (nd->parent >= 0) {
                    next[nnext++] = nd->parent;
                    for (int x = 0; x < nd->extra_count; x++)
                        next[nnext++] = ws->extra[nd->extra_first + x];
                }
                if (nnext > SE_MAX_NODES - 64) {
                    in->overflow = 1;
                    return;
                }
            }
            int32_t *t = todo;
            todo = next;
            next = t;
            ntodo = nnext;
        }
    }
    h->unit_count = in->nkey - h->unit_first;
    h->elim_first = in->nkey;
    uint64_t eh = 0;
    int nelim = 0;
    for (int c = 0; c < 81; c++)
        for (unsigned m = hint->elim[c]; m; m &= m - 1) {
            int k = SE_KEY(0, c, se_lowest(m));
            push_key(in, k);
            eh = se_mix(eh, (uint64_t)k);
            nelim++;
        }
    h->elim_count = nelim;
    h->elim_hash = se_mix(eh, (uint64_t)nelim);
    h->complexity = found->complexity;
    h->difficulty = found->difficulty;
    h->sort_key = found->sort_key;
    h->signature = sig;
    if (!in->overflow)
        in->nhint++;
}

/* Stable order by (difficulty, complexity, sort key): merge sort. */
static int sorts_before(const inner_hint *a, const inner_hint *b)
{
    if (a->difficulty != b->difficulty)
        return a->difficulty < b->difficulty;
    if (a->complexity != b->complexity)
        return a->complexity < b->complexity;
    return a->sort_key < b->sort_key;
}

void se_nested_sort_hints(struct se_nested *in)
{
    int n = in->nhint, *a = in->order, *t = in->tmp;
    for (int i = 0; i < n; i++)
        a[i] = i;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                t[k++] = sorts_before(&in->hint[a[j]], &in->hint[a[i]]) ? a[j++] : a[i++];
            while (i < mid)
                t[k++] = a[i++];
            while (j < hi)
                t[k++] = a[j++];
        }
        int *s = a;
        a = t;
        t = s;
    }
    if (a != in->order)
        memcpy(in->order, a, sizeof(int) * (size_t)n);
}

int se_nested_same_elims(const struct se_nested *in, const inner_hint *a, const inner_hint *b)
{
    if (a->elim_hash != b->elim_hash || a->elim_count != b->elim_count)
        return 0;
    return !memcmp(&in->key[a->elim_first], &in->key[b->elim_first],
                   sizeof(uint16_t) * (size_t)a->elim_count);
}
