/*
 * nested_cache.c - the inner results a nested level keeps per reduced grid
 * (nested_state.h), and replaying one under the outer grid at hand.
 */
#include <stdlib.h>
#include "nested_cache.h"
#include "nested_record.h"

/*
 * What an inner producer gives depends only on the reduced grid it runs
 * on (its hints, their order, eliminations, complexities and identities,
 * and which are dropped for the eliminations of an earlier one) but for
 * the rule parents: removals from the outer producer's grid to the
 * reduced one, in the units the hints' "on"s rest on; a hint with none is
 * not used. The same reduced grid comes back: within one outer step (a
 * level-3 step first runs level 2 in full, and level 3 meets most of the
 * same dry points again; a propagation meets a few grids twice), and
 * from one step to the next (some 12% of a step's inner searches are of
 * grids the previous step searched, under its outer grid). So each
 * producer's hints, in order, are kept per reduced grid with their units
 * instead of their parents, and replayed for the outer grid at hand
 * (se_nested_replay): the parents are read from the units in the
 * recorded order, each key once, as the search would have found them.
 *
 * Two generations of kept results: when the young one is full the old
 * one is dropped and the young one becomes old; a result found in the old
 * one is copied to the young one while it has room. A step's results
 * outlive the next step.
 */

struct se_nested_cache *se_nested_cache_new(void)
{
    return calloc(1, sizeof(struct se_nested_cache));
}

void se_nested_generation_clear(kept_generation *g)
{
    g->nentry = g->nhint = g->nkey = 0;
    memset(g->slot, 0, sizeof g->slot);
}

const kept_result *se_nested_cache_find(const kept_generation *g, const se_state *cur, int kind,
                                        uint64_t hash, unsigned *at)
{
    unsigned i = (unsigned)(hash >> 32) & (CACHE_SLOTS - 1);
    for (; g->slot[i]; i = (i + 1) & (CACHE_SLOTS - 1)) {
        const kept_result *e = &g->entry[g->slot[i] - 1];
        if (e->hash == hash && e->kind == kind && !memcmp(e->cand, cur->cand, sizeof e->cand))
            return e;
    }
    *at = i;
    return NULL;
}

/* Room in g for an entry of n hints and nkey keys. */
static int generation_room(const kept_generation *g, int n, int nkey)
{
    return g->nentry < CACHE_ENTRIES && g->nhint + n <= CACHE_HINTS && g->nkey + nkey <= CACHE_KEYS;
}

/* The collected hints in the reference's order, each with the same
 * eliminations as an earlier one dropped, kept as a new entry of g at
 * slot `at` (NULL when g is full). Those without units can have no rule
 * parent, whatever the outer grid: they are dropped after counting for
 * the eliminations. */
kept_result *se_nested_keep(struct se_nested *in, kept_generation *g, const se_state *cur, int kind,
                            uint64_t hash, unsigned at)
{
    if (g->nentry >= CACHE_ENTRIES)
        return NULL;
    kept_result *e = &g->entry[g->nentry];
    e->hash = hash;
    e->kind = kind;
    memcpy(e->cand, cur->cand, sizeof e->cand);
    e->hint_first = g->nhint;
    e->hint_count = 0;
    int nkey_before = g->nkey;
    if (++in->table_now == 0) {
        memset(in->table_mark, 0, sizeof in->table_mark);
        in->table_now = 1;
    }
    for (int i = 0; i < in->nhint; i++) {
        const inner_hint *h = &in->hint[in->order[i]];
        /* a hint with the same eliminations as an earlier one is dropped */
        unsigned slot = (unsigned)(h->elim_hash >> 40) & (2 * MAX_HINTS - 1);
        int dup = 0;
        while (in->table_mark[slot] == in->table_now) {
            if (se_nested_same_elims(in, h, &in->hint[in->table_hint[slot]])) {
                dup = 1;
                break;
            }
            slot = (slot + 1) & (2 * MAX_HINTS - 1);
        }
        if (dup)
            continue;
        in->table_mark[slot] = in->table_now;
        in->table_hint[slot] = in->order[i];
        if (!h->unit_count)
            continue;
        if (!generation_room(g, 1, h->unit_count + h->elim_count)) {
            g->nhint = e->hint_first;
            g->nkey = nkey_before;
            return NULL;
        }
        kept_hint *k = &g->hint[g->nhint++];
        k->signature = h->signature;
        k->complexity = h->complexity;
        k->unit_first = g->nkey;
        k->unit_count = h->unit_count;
        memcpy(&g->key[g->nkey], &in->key[h->unit_first], sizeof(uint16_t) * (size_t)h->unit_count);
        g->nkey += h->unit_count;
        k->elim_first = g->nkey;
        k->elim_count = h->elim_count;
        memcpy(&g->key[g->nkey], &in->key[h->elim_first], sizeof(uint16_t) * (size_t)h->elim_count);
        g->nkey += h->elim_count;
        e->hint_count++;
    }
    e->plan_first = g->nkey;
    /* kind 1: the leave-one-out masks, then each open cell's chains (two
     * halves, in cell order) */
    uint16_t multiple[LOO_UNITS + 2 * 81];
    int nmultiple = LOO_UNITS;
    if (kind == 1) {
        memcpy(multiple, in->loo, sizeof in->loo);
        for (int cell = 0; cell < 81; cell++)
            if (in->open[cell >> 6] >> (cell & 63) & 1) {
                multiple[nmultiple++] = (uint16_t)(in->open_chains[cell] & 0xffff);
                multiple[nmultiple++] = (uint16_t)(in->open_chains[cell] >> 16);
            }
    }
    e->plan_count = kind == 0 ? in->nplan_list : kind == 1 ? nmultiple : 0;
    e->has_cycle_keys = kind == 0 && in->cycle_keys_known;
    e->narrowable = 1;
    int words16 = e->has_cycle_keys ? KEY_WORDS * 4 : 0;
    if (!generation_room(g, 0, e->plan_count + words16)) {
        if (g->nentry > 0) { /* a fresh generation takes it all */
            g->nhint = e->hint_first;
            g->nkey = nkey_before;
            return NULL;
        }
        /* the hints alone fill an empty one: kept for replay only */
        e->narrowable = e->plan_count = e->has_cycle_keys = words16 = 0;
    }
    memcpy(&g->key[g->nkey], kind == 0 ? in->plan_list : multiple,
           sizeof(uint16_t) * (size_t)e->plan_count);
    g->nkey += e->plan_count;
    if (words16) {
        memcpy(&g->key[g->nkey], in->cycle_keys, sizeof in->cycle_keys);
        g->nkey += words16;
    }
    e->open[0] = in->open[0];
    e->open[1] = in->open[1];
    g->slot[at] = ++g->nentry;
    return e;
}

/* Entry e of the old generation copied to the young one g at slot `at`;
 * NULL when g has no room. */
const kept_result *se_nested_promote(kept_generation *g, const kept_generation *old,
                                     const kept_result *e, unsigned at)
{
    int extra = e->plan_count + (e->has_cycle_keys ? KEY_WORDS * 4 : 0);
    int nkey = extra;
    for (int i = 0; i < e->hint_count; i++)
        nkey += old->hint[e->hint_first + i].unit_count + old->hint[e->hint_first + i].elim_count;
    if (!generation_room(g, e->hint_count, nkey))
        return NULL;
    kept_result *n = &g->entry[g->nentry];
    *n = *e;
    n->hint_first = g->nhint;
    for (int i = 0; i < e->hint_count; i++) {
        const kept_hint *h = &old->hint[e->hint_first + i];
        kept_hint *k = &g->hint[g->nhint++];
        *k = *h;
        k->unit_first = g->nkey;
        k->elim_first = g->nkey + h->unit_count;
        int count = h->unit_count + h->elim_count;
        memcpy(&g->key[g->nkey], &old->key[h->unit_first], sizeof(uint16_t) * (size_t)count);
        g->nkey += count;
    }
    n->plan_first = g->nkey;
    memcpy(&g->key[g->nkey], &old->key[e->plan_first], sizeof(uint16_t) * (size_t)extra);
    g->nkey += extra;
    g->slot[at] = ++g->nentry;
    return n;
}

/* A kept result's hints usable under outer grid src (cur reduced from
 * it) into in->use, their rule parents in in->use_key: each unit's
 * removals in the recorded order, a key once per hint (the first time),
 * as rule_parents_of met them in the search. How many, -1 out of room. */
int se_nested_replay(struct se_nested *in, const kept_generation *g, const kept_result *e,
                     const se_state *src, const se_state *cur)
{
    in->nuse = in->nuse_key = 0;
    for (int i = 0; i < e->hint_count; i++) {
        const kept_hint *h = &g->hint[e->hint_first + i];
        uint32_t mark = se_nested_next_mark(in);
        int first = in->nuse_key;
        if (in->plain) { /* the plain twin kept the rule parents under src, some */
            if (in->nuse_key + h->unit_count > MAX_KEYS)
                return -1;
            memcpy(&in->use_key[first], &g->key[h->unit_first],
                   sizeof(uint16_t) * (size_t)h->unit_count);
            in->nuse_key += h->unit_count;
        }
        for (int u = 0; u < h->unit_count && !in->plain; u++) {
            int unit = g->key[h->unit_first + u];
            unsigned removed;
            if (unit < 81) {
                removed = src->cand[unit] & ~cur->cand[unit];
                if (!removed)
                    continue;
                if (in->nuse_key + 9 > MAX_KEYS)
                    return -1;
                for (; removed; removed &= removed - 1) {
                    int k = SE_KEY(0, unit, se_lowest(removed));
                    if (in->mark[k] != mark) {
                        in->mark[k] = mark;
                        in->use_key[in->nuse_key++] = (uint16_t)k;
                    }
                }
            } else {
                int house = (unit - 81) / 9, d = (unit - 81) % 9;
                removed = src->pos[house][d + 1] & ~cur->pos[house][d + 1];
                if (!removed)
                    continue;
                if (in->nuse_key + 9 > MAX_KEYS)
                    return -1;
                const uint8_t *hc = se_house_cell[house];
                for (; removed; removed &= removed - 1) {
                    int k = SE_KEY(0, hc[se_lowest(removed)], d);
                    if (in->mark[k] != mark) {
                        in->mark[k] = mark;
                        in->use_key[in->nuse_key++] = (uint16_t)k;
                    }
                }
            }
        }
        if (in->nuse_key == first)
            continue; /* no rule parent under this outer grid: not used */
        used_hint *x = &in->use[in->nuse++];
        x->signature = h->signature;
        x->complexity = h->complexity;
        x->parent_first = first;
        x->parent_count = in->nuse_key - first;
        x->elim = &g->key[h->elim_first];
        x->elim_count = h->elim_count;
    }
    return in->nuse;
}

/* The entry of producer `kind` with this hash in g, if any (the grid is
 * not known: the caller checks it is a parent). */
const kept_result *se_nested_cache_find_hash(const kept_generation *g, int kind, uint64_t hash)
{
    unsigned i = (unsigned)(hash >> 32) & (CACHE_SLOTS - 1);
    for (; g->slot[i]; i = (i + 1) & (CACHE_SLOTS - 1)) {
        const kept_result *e = &g->entry[g->slot[i] - 1];
        if (e->hash == hash && e->kind == kind)
            return e;
    }
    return NULL;
}
