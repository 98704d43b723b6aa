/*
 * nested.c - nesting levels 2 to 5 of the reference's dynamic chains
 * (9.5, 10.0, 10.5, 11.0), and the producers of one nesting depth
 * (nested.h). When a dynamic propagation of these levels runs dry and the
 * dynamic+ rules on the reduced grid give nothing usable
 * (dynamic_plus.c), the reference runs whole chain producers on the
 * reduced grid, and every hint of the first that has one resting on the
 * outer chain's removals turns its eliminations "off". The inner
 * producers: level 2 its "Forcing Chains & Cycles" (nested_search.c);
 * level 3 those, then multiple forcing chains; level 4 dynamic forcing
 * chains; level 5 those, then dynamic chains of level 2, whose own dry
 * points ask this file again with the producers one depth down. The
 * forcing chains producers (forcing_chains.c) run on the inner producers'
 * engine and hand their hints to nested_record.c through a sink.
 *
 * Unlike the top level an inner producer needs ALL its hints: sorted by
 * rating, complexity and kind (stably), those with the same eliminations
 * as an earlier one dropped, in that order (nested_record.c,
 * nested_cache.c). The new "off"s rest on the hints' rule parents, and
 * carry their inner chain: an outer conclusion's complexity adds each
 * distinct inner chain's complexity once (se_chain_complexity).
 *
 * The inner search has its own engine (its nodes live while the outer
 * chain's do). Some 10,000 inner producer runs make an 11.x rating, so
 * they take shortcuts that change no hint (each has a plain twin in the
 * tests: se_nested_plain): the forcing chains & cycles run only the
 * searches the reachability of the implication graph allows, and the
 * multiple forcing chains skip the cells whose chains can have nothing in
 * common (nested_plan.c); each producer's hints are kept per reduced
 * grid, across outer grids, their rule parents read again under each
 * (nested_cache.c); a reduced grid that is one already searched less a
 * few candidates (the step before's, less that step's eliminations; or
 * the grid the same outer propagation met at the same dry point the step
 * before, or at its dry point before; or the outer grid itself, searched
 * once two reduced grids under it found no parent) starts from that one's
 * plan instead of planning (nested_narrow.c), the forcing chains & cycles
 * adding the searches the links of new units of two open; the
 * implication lists are made on demand (nested_lists.c).
 *
 * This file: for a dry point, the result of each inner producer in turn
 * (kept, or made from a parent's plan, or planned and searched), its
 * usable hints as new "off"s; the state's life (made on first use, reset
 * for a new puzzle); a depth's producers and the hook of each kind.
 */
#include <stddef.h>
#include <stdlib.h>
#include "nested.h"
#include "nested_cache.h"
#include "nested_narrow.h"
#include "nested_plan.h"
#include "nested_record.h"
#include "nested_search.h"

static void nested_free(struct se_nested *in)
{
    if (!in)
        return;
    se_producers_free(in->p);
    free(in->cache);
    free(in);
}

/* Every field as se_nested_get's calloc made it, but the lists written
 * before they are read (the last ones: 3.5 of the 4.8 MB), keeping the
 * inner producers (made as new) and the cache (emptied). */
static void nested_reset(struct se_nested *in)
{
    se_producers *p = in->p;
    struct se_nested_cache *cache = in->cache;
    memset(in, 0, offsetof(struct se_nested, hint));
    in->p = p;
    in->ws = p->ws;
    in->cache = cache;
    se_producers_reset(p);
    se_nested_generation_clear(&cache->gen[0]);
    se_nested_generation_clear(&cache->gen[1]);
    cache->young = 0;
}

struct se_nested *se_nested_get(se_producers *outer)
{
    if (outer->nested && outer->nested_stale)
        nested_reset(outer->nested); /* a previous puzzle's (se_producers_reset) */
    outer->nested_stale = 0;
    if (outer->nested)
        return outer->nested;
    struct se_nested *in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    if (!(in->p = se_producers_new()) || !(in->cache = se_nested_cache_new())) {
        se_producers_free(in->p);
        free(in);
        return NULL;
    }
    in->ws = in->p->ws;
    outer->nested = in;
    return in;
}

se_producers *se_producers_new(void)
{
    se_producers *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    if (!(p->ws = se_chain_ws_new()) || !(p->fc = se_fc_new()) || !(p->dry = se_dry_memo_new())) {
        se_producers_free(p);
        return NULL;
    }
    return p;
}

void se_producers_reset(se_producers *p)
{
    se_chain_ws_reset(p->ws);
    se_fc_reset(p->fc);
    se_dry_memo_reset(p->dry);
    /* the nested levels' state (some MB) is made as new when a nested
     * chain asks for it (se_nested_get): most puzzles never do */
    p->nested_stale = p->nested != NULL;
}

void se_producers_free(se_producers *p)
{
    if (!p)
        return;
    se_chain_ws_free(p->ws);
    se_fc_free(p->fc);
    se_dry_memo_free(p->dry);
    nested_free(p->nested);
    free(p);
}

/* The usable hints of the result at hand (in->use) as new "off"s
 * resting on their rule parents. Returns how many were added, -1 when a
 * pool ran out. */
static int emit(se_chain_ws *ws, const struct se_nested *in, se_pset *to_off, int32_t *queue,
                int *tail)
{
    int added = 0;
    for (int i = 0; i < in->nuse; i++) {
        const used_hint *h = &in->use[i];
        const uint16_t *parent = &in->use_key[h->parent_first];
        if (ws->nnested >= SE_MAX_NESTED) {
            ws->overflow = 1;
            return -1;
        }
        int ref = ws->nnested++;
        ws->nested[ref].signature = h->signature;
        ws->nested[ref].complexity = h->complexity;
        for (int x = 0; x < h->elim_count; x++) {
            int key = h->elim[x];
            if (to_off->at[key] >= 0)
                continue;
            int32_t first = to_off->at[parent[0]];
            if (first < 0) { /* a rule parent the chain did not remove: cannot be */
                ws->overflow = 1;
                return -1;
            }
            int32_t nn = se_node_new(ws, key, first);
            if (nn < 0)
                return -1;
            for (int p = 1; p < h->parent_count; p++) {
                int32_t pn = to_off->at[parent[p]];
                if (pn < 0) {
                    ws->overflow = 1;
                    return -1;
                }
                se_node_add_parent(ws, nn, pn);
            }
            ws->node[nn].nested = ref;
            se_pset_add(to_off, key, nn);
            queue[(*tail)++] = nn;
            added++;
        }
    }
    return ws->overflow ? -1 : added;
}

/* The kept result of producer `kind` on cur, from either generation, or
 * made now; *gp: the generation it is in. NULL when the search failed.
 * dry: which dry point of the outer propagation at hand asks (-1: not
 * known). */
static const kept_result *result_of(se_producers *outer, struct se_nested *in,
                                    const se_state *cur, const se_state *src, int kind,
                                    int assumption, int dry, const kept_generation **gp)
{
    struct se_nested_cache *c = in->cache;
    kept_generation *young = &c->gen[c->young], *old = &c->gen[!c->young];
    uint64_t hash = se_cand_hash(cur, (uint64_t)kind + 1);
    unsigned at = 0, old_at = 0;
    const kept_result *e = se_nested_cache_find(young, cur, kind, hash, &at);
    if (e) {
        *gp = young;
        return e;
    }
    if ((e = se_nested_cache_find(old, cur, kind, hash, &old_at))) {
        const kept_result *n = se_nested_promote(young, old, e, at);
        *gp = n ? young : old;
        return n ? n : e;
    }
    in->nhint = in->nkey = 0;
    in->overflow = 0;
    in->ws->overflow = 0;
    in->src = src; /* for the plain twin's rule parents */
    in->cur = cur;
    int got;
    const uint16_t *parent_plan = NULL;
    const kept_result *parent =
        se_nested_narrow_parent(in, cur, kind, assumption, dry, &parent_plan);
    if (parent)
        in->narrowed[kind]++;
    else if (kind <= 1 && dry >= 0)
        in->src_misses[kind]++;
    in->nplan_list = 0;
    in->open[0] = in->open[1] = ~0ull;
    for (int cell = 0; cell < 81; cell++)
        in->open_chains[cell] = ~0u; /* not known: all */
    if (kind == 0) {
        /* (the parent's entries are read before anything is kept) */
        got = se_nested_cycles_and_chains(
            in, cur, parent ? parent_plan : NULL, parent ? parent->plan_count : 0,
            parent && parent->has_cycle_keys ? parent_plan + parent->plan_count : NULL,
            outer->ws->cancel);
        if (parent && in->verify && got == 0)
            se_nested_check_narrowed(in, cur, 0);
    } else {
        if (kind == 1 && parent) {
            se_nested_narrow_cells(in, cur, parent, parent_plan);
            if (in->verify)
                se_nested_check_narrowed(in, cur, 1);
        } else if (kind == 1) {
            se_nested_plan_multiple(in, cur);
        }
        if (kind == 1 && !in->chains_valid)
            for (int u = 0; u < LOO_UNITS; u++)
                in->loo[u] = 0x1ff;
        if (in->chains_valid) {
            in->open[0] = in->open[1] = 0;
            for (int cell = 0; cell < 81; cell++)
                if (in->chains[cell]) {
                    in->open[cell >> 6] |= 1ull << (cell & 63);
                    in->open_chains[cell] = in->chains[cell];
                }
        }
        se_chain_sink sink = { NULL, se_nested_record_found, in };
        se_level_hook room;
        got = se_forcing_chains_all(cur, kind, in->ws, in->p->fc,
                                    se_producers_hook(in->p, kind, &room), &sink,
                                    in->chains_valid ? in->chains : NULL, outer->ws->cancel);
        in->chains_valid = 0;
    }
    if (got < 0 || in->overflow || in->ws->overflow) {
        if (sudoku_cancelled(outer->ws->cancel) || in->ws->cancelled)
            outer->ws->cancelled = 1;
        return NULL;
    }
    se_nested_sort_hints(in);
    if (!(e = se_nested_keep(in, young, cur, kind, hash, at))) {
        /* the young generation is full: it becomes the old one */
        c->young = !c->young;
        young = &c->gen[c->young];
        se_nested_generation_clear(young);
        se_nested_cache_find(young, cur, kind, hash, &at);
        e = se_nested_keep(in, young, cur, kind, hash, at);
    }
    *gp = young;
    return e;
}

int se_nested_result(se_producers *outer, const se_state *cur, const se_state *src, int level,
                     int assumption, int dry, struct se_nested **inp)
{
    /* the inner producers of each level, in the reference's order:
     * 0 forcing chains & cycles, 1 multiple forcing chains, 2 dynamic
     * forcing chains, 4 dynamic forcing chains of nesting level 2 (the
     * forcing_chains.c kinds, but 0); "level" 6: multiple forcing chains
     * alone (se_nested_digest) */
    static const int rules[7][2] = { { -1, -1 }, { -1, -1 }, { 0, -1 }, { 0, 1 },
                                     { 2, -1 }, { 2, 4 },   { 1, -1 } };
    if (level < 2 || level > 6)
        return -1;
    se_chain_ws *ws = outer->ws;
    struct se_nested *in = *inp = se_nested_get(outer);
    if (!in) {
        ws->overflow = 1;
        return -1;
    }
    in->nuse = 0;
    if (in->plain) {
        se_nested_generation_clear(&in->cache->gen[0]);
        se_nested_generation_clear(&in->cache->gen[1]);
    }
    in->ws->cancel = ws->cancel;
    in->prepared = in->tabled = in->xy_graph = 0;
    if (!in->plain)
        se_nested_note_src(in, src);
    for (int r = 0; r < 2 && rules[level][r] >= 0; r++) {
        const kept_generation *g;
        int kind = rules[level][r];
        if (kind <= 1 && dry >= 0 && !in->plain && !in->src_hash[kind] &&
            in->src_misses[kind] >= 2) {
            /* the outer grid's result, to narrow from (nested_narrow.c):
             * made with its own tables and graph (not those kind 0 may have
             * made for cur), which then are not the grid at hand's */
            in->prepared = in->tabled = in->xy_graph = 0;
            const kept_result *o = result_of(outer, in, src, src, kind, assumption, -1, &g);
            in->src_hash[kind] = o ? o->hash : 0;
            in->src_misses[kind] = o ? 0 : -1000000; /* (out of room: not again) */
            in->prepared = in->tabled = in->xy_graph = 0;
        }
        const kept_result *e = result_of(outer, in, cur, src, kind, assumption, dry, &g);
        if (e && kind <= 1 && dry >= 0 && dry < MEMO_DRY && assumption >= 0)
            in->memo[kind][assumption][dry] = e->hash; /* for the step after */
        if (e && kind <= 1) { /* for the dry point after */
            in->last_hash[kind] = e->hash;
            in->last_key[kind] = assumption;
            in->last_dry[kind] = dry;
        }
        int usable = e ? se_nested_replay(in, g, e, src, cur) : -1;
        if (usable < 0) {
            ws->overflow = 1;
            return -1;
        }
        if (usable)
            return 0;
    }
    return 0;
}

/* The nested levels' dry point: the dynamic+ rules, and when none has a
 * usable hint, the first inner producer of the level whose result has
 * usable hints, its eliminations as new "off"s (their inner chains noted
 * for the complexity). Returns how many, -1 when a pool ran out or the
 * search was cancelled. */
static int nested_dry(void *ctx, se_chain_ws *ws, const se_state *cur, const se_state *src,
                      se_pset *to_off, int32_t *queue, int *tail, se_dry_point *at)
{
    const se_level_hook *h = ctx;
    int used, added = se_dynamic_plus_offs(h->p->dry, ws, cur, src, to_off, queue, tail,
                                           at->since, &used);
    if (used)
        return added;
    struct se_nested *in;
    if (se_nested_result(h->p, cur, src, h->level, at->assumption, at->asks++, &in) < 0)
        return -1;
    return in->nuse ? emit(ws, in, to_off, queue, tail) : 0;
}

const se_dry_hook *se_producers_hook(se_producers *p, int kind, se_level_hook *room)
{
    if (kind < 3)
        return NULL;
    room->p = p;
    room->level = kind - 2;
    room->hook.run = kind == 3 ? se_dynamic_plus_dry : nested_dry;
    room->hook.ctx = kind == 3 ? (void *)p->dry : (void *)room;
    return &room->hook;
}

int se_producers_find(se_producers *p, const se_state *s, se_hint *h, int kind,
                      const sudoku_cancel *cancel)
{
    se_level_hook room;
    return se_find_forcing_chains(s, h, kind, p->ws, p->fc, se_producers_hook(p, kind, &room),
                                  cancel);
}
