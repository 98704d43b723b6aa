/*
 * forcing_chains.c - the reference's producers built on full propagation
 * (se_do_chaining): Nishio forcing chains 7.5, multiple forcing chains
 * 8.0, dynamic forcing chains 8.5 and dynamic+ forcing chains 9.0 (the
 * dynamic ones whose propagation also uses the advanced rules of
 * dynamic_plus.c), each plus the length term.
 *
 * For every cell in row-major order (multiple: three or more candidates;
 * Nishio and dynamic: two or more) and each of its digits, in the
 * reference's order:
 * - binary chaining: propagate "digit on", then "digit off". Nishio and
 *   dynamic report a contradiction of either (the digit goes / is
 *   placed); dynamic, on a cell of three or more, also reports what both
 *   assumptions turn on (placed) or off (removed) - "double" chains;
 * - (not Nishio) region chaining: for each house (box, row, column) where
 *   this cell is the digit's first place (multiple, dynamic: any number of
 *   places), propagate each place "on"; what all places imply is proved;
 * then (not Nishio) cell chaining: what all the cell's digits imply.
 * Sort keys: double 1, cell 5, region 6, contradiction 7. The running
 * best by rating, complexity, sort key (found first wins ties) is the
 * step. Nishio uses only house links (no cell rules), and like dynamic
 * chains works on the grid reduced by each "off" it reaches.
 *
 * An "on" assumption is propagated for its own cell and again for each
 * house it is a place of: the region chains of most puzzles rated 9 and
 * up spent three quarters of their time redoing the same propagation.
 * So (but for Nishio, which has no region chains) what a region chain
 * propagates stays in the producer's state for the rest of the call
 * (struct se_fc) and is reused, nodes and all, by every
 * later chain that assumes the same candidate: the same sets in the same
 * order with the same parents, hence the same hints and complexities.
 * When the pools fill past a half, the cache is dropped between cells.
 */
#include <stdlib.h>
#include <string.h>
#include "forcing_chains.h"

struct se_fc {
    /* The "on" assumptions (cell * 9 + digit) already propagated in this
     * producer call, on this grid: an assumption is asked for again by the
     * region chains of each house it is a place of and by its own cell,
     * and the propagation is the same each time. Valid when gen[] equals
     * now; the sets, in order, as (key, node) pairs in keys / nodes from
     * first; the nodes stay in the engine's pool until the cache is
     * flushed. */
    uint32_t gen[729], now;
    int32_t first[729];
    uint16_t non[729], noff[729];
    int8_t result[729];
    int32_t contra[729][2];
    uint16_t keys[SE_MAX_NODES];
    int32_t nodes[SE_MAX_NODES];
    int npair;
    se_rule_tables rules; /* the rules on the producer's grid */
    /* Nishio by digit: each digit's candidates last searched and the best
     * hint they gave */
    uint32_t nishio_pattern[9][3];
    uint8_t nishio_known[9], nishio_found[9];
    int nishio_key[9], nishio_complexity[9];
    double nishio_difficulty[9];
    /* the sets of a cell's digits and of a region's places */
    se_pset value_on[9], value_off[9], pos_on[9], pos_off[9];
};

typedef struct search {
    se_chain_ws *ws;
    se_fc *fc;
    const se_state *s;
    double base;
    /* the technique of a contradiction, double, cell and region step */
    const int *technique;
    int level; /* nesting: 1 for dynamic+ */
    const se_dry_hook *dry; /* the dry points' hook (level 1 and up) */
    int nishio, cache; /* cache: "on" propagations are kept (not Nishio) */
    const se_chain_sink *sink;
    int region;               /* the house of the region chains being offered */
} search;

/* A conclusion on `target` proved by chains ending at the given nodes. */
static void offer(search *q, int target_key, const int32_t *ends, int nends, int sort_key,
                  int technique)
{
    const se_chain_best *best = q->sink->best;
    if (!q->sink->take && q->level < 2 && best->found) {
        /* A chain's first parents are distinct potentials (one node per
         * key in a propagation, but for a contradiction's own end), so the
         * complexity is at least the ends' depths: when that already
         * sorts after the best (a higher rating, or the same with a larger
         * complexity), counting the ancestors would change nothing. */
        int low = 0;
        for (int i = 0; i < nends; i++)
            low += q->ws->node[ends[i]].depth;
        double d = se_chain_difficulty(q->base, low);
        if (d > best->difficulty || (d == best->difficulty && low > best->complexity))
            return;
    }
    se_hint h;
    se_hint_clear(&h, technique, 0);
    if (!se_chain_conclude(&h, q->s, target_key))
        return;
    int complexity = q->level >= 2 ? se_chain_complexity(q->ws, ends, nends) : 0;
    if (q->level < 2)
        for (int i = 0; i < nends; i++)
            complexity += se_ancestor_count(q->ws, ends[i]);
    double diff = se_chain_difficulty(q->base, complexity);
    h.rating = se_chain_tenths(diff);
    if (q->sink->take) {
        /* the assumptions of cell chains rest on the cell's rule, those of
         * region chains on the house's */
        int root = sort_key == 5 ? -1 : sort_key == 6 ? q->region : -2;
        se_chain_found found = { &h, diff, complexity, sort_key, ends, nends, root };
        q->sink->take(q->sink->ctx, q->ws, &found);
        return;
    }
    se_chain_offer(q->sink->best, diff, complexity, sort_key, &h);
}

static void doubles(search *q, const se_pset *on_on, const se_pset *on_off,
                    const se_pset *off_on, const se_pset *off_off);

/* Past these, a cell's round starts with an empty pool (and cache); below
 * them a round's own needs (some 20,000 nodes) always fit. */
#define KEEP_NODES (SE_MAX_NODES / 2)
#define KEEP_EXTRA (SE_MAX_EXTRA / 2)
#define KEEP_NESTED (SE_MAX_NESTED / 2)

static void cache_flush(se_chain_ws *ws, se_fc *fc)
{
    if (++fc->now == 0) {
        memset(fc->gen, 0, sizeof fc->gen);
        fc->now = 1;
    }
    fc->npair = 0;
    ws->nnode = ws->nextra = ws->nnested = 0;
}

/* Before each cell's (or candidate's) round: stop if asked to, and start
 * an empty pool once the kept propagations fill half of it. 0: go on. */
static int round_start(se_chain_ws *ws, se_fc *fc, const sudoku_cancel *cancel)
{
    if (sudoku_cancelled(cancel)) {
        ws->cancelled = 1;
        return -1;
    }
    if (ws->nnode > KEEP_NODES || ws->nextra > KEEP_EXTRA || ws->nnested > KEEP_NESTED)
        cache_flush(ws, fc);
    return 0;
}

/* Propagates "digit d at cell" (y, dynamic as in se_do_chaining) into the
 * empty sets on / off, from the cache when it is there. keep: a new
 * propagation may stay cached (its nodes then must stay in the pool).
 * Returns se_do_chaining's result; *kept: it was propagated now and
 * stays cached, its nodes must stay. */
static int propagate_on(search *q, int cell, int d, int dynamic, se_pset *on, se_pset *off,
                        int32_t contra[2], int keep, int *kept)
{
    se_chain_ws *ws = q->ws;
    se_fc *fc = q->fc;
    int at = cell * 9 + d, key = SE_KEY(1, cell, d);
    if (q->cache && fc->gen[at] == fc->now) {
        const uint16_t *k = &fc->keys[fc->first[at]];
        const int32_t *nd = &fc->nodes[fc->first[at]];
        for (int i = 0; i < fc->non[at]; i++)
            se_pset_add(on, k[i], nd[i]);
        k += fc->non[at];
        nd += fc->non[at];
        for (int i = 0; i < fc->noff[at]; i++)
            se_pset_add(off, k[i], nd[i]);
        contra[0] = fc->contra[at][0];
        contra[1] = fc->contra[at][1];
        *kept = 0; /* its nodes are older than the caller's mark */
        return fc->result[at];
    }
    se_pset_add(on, key, se_node_new(ws, key, -1));
    int r = se_do_chaining_tables(ws, q->s, on, off, !q->nishio, dynamic, q->dry, contra,
                                  &fc->rules);
    *kept = 0;
    if (!q->cache || !keep || ws->overflow || ws->nnode > KEEP_NODES ||
        ws->nextra > KEEP_EXTRA || ws->nnested > KEEP_NESTED ||
        fc->npair + on->n + off->n > SE_MAX_NODES)
        return r;
    fc->gen[at] = fc->now;
    fc->first[at] = fc->npair;
    fc->non[at] = (uint16_t)on->n;
    fc->noff[at] = (uint16_t)off->n;
    for (int i = 0; i < on->n; i++) {
        fc->keys[fc->npair] = on->order[i];
        fc->nodes[fc->npair++] = on->at[on->order[i]];
    }
    for (int i = 0; i < off->n; i++) {
        fc->keys[fc->npair] = off->order[i];
        fc->nodes[fc->npair++] = off->at[off->order[i]];
    }
    fc->result[at] = (int8_t)r;
    fc->contra[at][0] = r ? contra[0] : -1;
    fc->contra[at][1] = r ? contra[1] : -1;
    *kept = 1;
    return r;
}

static void binary(search *q, int cell, int d, int nishio, int dynamic, int dbl,
                   se_pset *on_on, se_pset *on_off)
{
    se_chain_ws *ws = q->ws;
    se_fc *fc = q->fc;
    int32_t contra[2];
    se_pset *off_on = &ws->tmp_on, *off_off = &ws->tmp_off;
    se_pset_clear(on_on);
    se_pset_clear(on_off);
    se_pset_clear(off_on);
    se_pset_clear(off_off);
    int y = !nishio, contradictions = dynamic || nishio;
    int on = SE_KEY(1, cell, d), off = SE_KEY(0, cell, d), kept;
    /* no later chain assumes this candidate again (the region chains
     * that would are those of houses where it is the first place), so
     * the cell's own propagation is not worth keeping */
    if (propagate_on(q, cell, d, dynamic, on_on, on_off, contra, 0, &kept) && contradictions)
        /* the digit cannot be on: it goes; the result is not a placement */
        offer(q, off, contra, 2, 7, q->technique[0]);
    if (!contradictions && !dbl)
        return; /* multiple chains: nothing uses the "off" propagation */
    /* the "off" propagation is not kept past this function: its nodes go */
    int mark = ws->nnode, mark_extra = ws->nextra;
    se_pset_add(off_off, off, se_node_new(ws, off, -1));
    if (se_do_chaining_tables(ws, q->s, off_on, off_off, y, dynamic, q->dry, contra,
                              &fc->rules) && contradictions)
        offer(q, on, contra, 2, 7, q->technique[0]);
    if (dbl)
        doubles(q, on_on, on_off, off_on, off_off);
    se_pset_clear(off_on);
    se_pset_clear(off_off);
    ws->nnode = mark;
    ws->nextra = mark_extra;
}

/* What both "on" and "off" imply. */
static void doubles(search *q, const se_pset *on_on, const se_pset *on_off,
                    const se_pset *off_on, const se_pset *off_off)
{
    for (int i = 0; i < on_on->n; i++) {
        int k = on_on->order[i];
        if (off_on->at[k] >= 0) {
            int32_t ends[2] = { on_on->at[k], off_on->at[k] };
            offer(q, k, ends, 2, 1, q->technique[1]);
        }
    }
    for (int i = 0; i < on_off->n; i++) {
        int k = on_off->order[i];
        if (off_off->at[k] >= 0) {
            int32_t ends[2] = { on_off->at[k], off_off->at[k] };
            offer(q, k, ends, 2, 1, q->technique[1]);
        }
    }
}

/* What every set of sets[0..n) holds, in sets[0]'s order, offered as one
 * step each. */
static void offer_common(search *q, se_pset *const *sets, int n, int sort_key, int technique)
{
    const se_pset *first = sets[0];
    for (int i = 0; i < first->n; i++) {
        int k = first->order[i], all = 1;
        int32_t ends[9];
        ends[0] = first->at[k];
        for (int j = 1; j < n && all; j++) {
            ends[j] = sets[j]->at[k];
            all = ends[j] >= 0;
        }
        if (all)
            offer(q, k, ends, n, sort_key, technique);
    }
}

/* wanted: bit t, the chain of the cell's house of type t (box, row,
 * column) is worth making. */
static void regions(search *q, int cell, int d, int multiple, int dynamic, se_pset *on_on,
                    se_pset *on_off, unsigned wanted)
{
    se_chain_ws *ws = q->ws;
    se_fc *fc = q->fc;
    for (int t = 0; t < 3; t++) {
        if (!(wanted >> t & 1))
            continue;
        int house = se_cell_house[cell][t];
        const uint8_t *hc = se_house_cell[house];
        unsigned places = se_positions(q->s, house, d + 1);
        int count = se_popcount(places);
        if (!(count == 2 || (multiple && count > 2)))
            continue;
        if (hc[se_lowest(places)] != cell)
            continue; /* the house is met from its first place only */
        se_pset *ons[9], *offs[9];
        int n = 0, mark = ws->nnode, mark_extra = ws->nextra, kept_any = 0;
        for (unsigned m = places; m; m &= m - 1) {
            int other = hc[se_lowest(m)];
            if (other == cell) {
                ons[n] = on_on;
                offs[n] = on_off;
            } else {
                int32_t contra[2];
                int kept;
                ons[n] = &fc->pos_on[n];
                offs[n] = &fc->pos_off[n];
                se_pset_clear(ons[n]);
                se_pset_clear(offs[n]);
                propagate_on(q, other, d, dynamic, ons[n], offs[n], contra, 1, &kept);
                kept_any |= kept;
            }
            n++;
        }
        q->region = house;
        offer_common(q, ons, n, 6, q->technique[3]);
        offer_common(q, offs, n, 6, q->technique[3]);
        for (int i = 0; i < n; i++)
            if (ons[i] != on_on) {
                se_pset_clear(ons[i]);
                se_pset_clear(offs[i]);
            }
        if (!kept_any) { /* only these sets pointed at the nodes since */
            ws->nnode = mark;
            ws->nextra = mark_extra;
        }
    }
}

static int run(const se_state *s, int kind, se_chain_ws *ws, se_fc *fc, const se_dry_hook *dry,
               const sudoku_cancel *cancel, const se_chain_sink *sink, const uint32_t *chains)
{
    int nishio = kind == 0, multiple = kind >= 1, dynamic = kind != 1;
    int level = kind >= 3 ? kind - 2 : 0;
    static const int techniques[8][4] = {
        { SE_NISHIO, SE_NISHIO, SE_NISHIO, SE_NISHIO },
        { SE_CELL_FORCING, SE_CELL_FORCING, SE_CELL_FORCING, SE_REGION_FORCING },
        { SE_DYNAMIC_CONTRADICTION, SE_DYNAMIC_DOUBLE, SE_DYNAMIC_CELL, SE_DYNAMIC_REGION },
        { SE_DYNAMIC_PLUS_CONTRADICTION, SE_DYNAMIC_PLUS_DOUBLE, SE_DYNAMIC_PLUS_CELL,
          SE_DYNAMIC_PLUS_REGION },
        { SE_NESTED_FC_CONTRADICTION, SE_NESTED_FC_DOUBLE, SE_NESTED_FC_CELL,
          SE_NESTED_FC_REGION },
        { SE_NESTED_MFC_CONTRADICTION, SE_NESTED_MFC_DOUBLE, SE_NESTED_MFC_CELL,
          SE_NESTED_MFC_REGION },
        { SE_NESTED_DFC_CONTRADICTION, SE_NESTED_DFC_DOUBLE, SE_NESTED_DFC_CELL,
          SE_NESTED_DFC_REGION },
        { SE_NESTED_DFC2_CONTRADICTION, SE_NESTED_DFC2_DOUBLE, SE_NESTED_DFC2_CELL,
          SE_NESTED_DFC2_REGION },
    };
    double base = level >= 2 ? 9.5 + 0.5 * (level - 2) : level ? 8.5 + 0.5 * level
                : nishio ? 7.5 : dynamic ? 8.5 : 8.0;
    search q = { ws, fc, s, base, techniques[kind], level, dry, nishio, !nishio, sink, -1 };
    cache_flush(ws, fc); /* a new grid */
    se_rule_tables_reset(&fc->rules, !nishio);
    ws->cancel = cancel;
    ws->cancelled = 0;
    for (int cell = 0; cell < 81; cell++) {
        int size = se_popcount(s->cand[cell]);
        if (!(size > 2 || (size > 1 && dynamic)) || (chains && !chains[cell]))
            continue;
        if (round_start(ws, fc, cancel))
            return -1;
        /* the chains the collecting multiple forcing chains can skip
         * (chains[]): a digit none of the cell's wanted chains
         * uses is not propagated (the cell's propagations make no hint
         * themselves in that producer) */
        uint32_t wanted = chains ? chains[cell] : ~0u;
        int cell_chain = (wanted & SE_CELL_CHAIN) != 0;
        se_pset *ons[9], *offs[9];
        int n = 0;
        for (unsigned m = s->cand[cell]; m; m &= m - 1) {
            int d = se_lowest(m);
            unsigned region_wanted = wanted >> (3 * d) & 7;
            if (!cell_chain && !region_wanted)
                continue;
            int dbl = size >= 3 && !nishio && dynamic;
            ons[n] = &fc->value_on[n];
            offs[n] = &fc->value_off[n];
            binary(&q, cell, d, nishio, dynamic, dbl, ons[n], offs[n]);
            if (!nishio)
                regions(&q, cell, d, multiple, dynamic, ons[n], offs[n], region_wanted);
            n++;
            if (ws->overflow)
                return -1; /* out of room or cancelled (ws->cancelled) */
        }
        if (cell_chain && !nishio && (size == 2 || (multiple && size > 2))) {
            offer_common(&q, ons, n, 5, q.technique[2]);
            offer_common(&q, offs, n, 5, q.technique[2]);
        }
    }
    return 0;
}

/*
 * Nishio by digit. Without the cell rules, a Nishio propagation links
 * potentials of its own digit only: the "off"s an "on" makes and the
 * "on"s an "off" makes are that digit's, the working grid loses only that
 * digit's candidates, and a contradiction is between two of them. So
 * every hint the producer finds from a candidate of digit d, with its
 * rating and complexity, depends on nothing but d's candidates (when no
 * cell holds a single candidate, all the cells tried are the empty ones).
 * The producer's state keeps, per digit, the candidates last seen and the
 * best hint they gave (by rating, complexity, then first found); a digit
 * whose candidates did not change since is not searched again. The step is the
 * best of the nine, ties going to the first found (cell, then digit, then
 * the "on" assumption's contradiction before the "off" one's), as in the
 * plain search. Its eliminations are made from the grid at hand.
 */
static int nishio_by_digit(const se_state *s, se_chain_ws *ws, se_fc *fc,
                           const sudoku_cancel *cancel, se_chain_best *best)
{
    static const int technique[4] = { SE_NISHIO, SE_NISHIO, SE_NISHIO, SE_NISHIO };
    uint32_t pattern[9][3];
    memset(pattern, 0, sizeof pattern);
    for (int c = 0; c < 81; c++)
        for (unsigned m = s->cand[c]; m; m &= m - 1)
            pattern[se_lowest(m)][c / 27] |= 1u << (c % 27);
    search q = { ws, fc, s, 7.5, technique, 0, NULL, 1, 0, NULL, -1 };
    cache_flush(ws, fc); /* a new grid */
    se_rule_tables_reset(&fc->rules, 0);
    ws->cancel = cancel;
    ws->cancelled = 0;
    for (int d = 0; d < 9; d++) {
        if (fc->nishio_known[d] &&
            memcmp(fc->nishio_pattern[d], pattern[d], sizeof pattern[d]) == 0)
            continue;
        se_chain_best digit_best = { 0 };
        se_chain_sink digit_sink = { &digit_best, NULL, NULL };
        q.sink = &digit_sink;
        for (int cell = 0; cell < 81; cell++) {
            if (!(s->cand[cell] >> d & 1))
                continue;
            if (round_start(ws, fc, cancel))
                return -1;
            binary(&q, cell, d, 1, 1, 0, &fc->value_on[0], &fc->value_off[0]);
            if (ws->overflow) {
                fc->nishio_known[d] = 0;
                return -1;
            }
        }
        memcpy(fc->nishio_pattern[d], pattern[d], sizeof pattern[d]);
        fc->nishio_known[d] = 1;
        fc->nishio_found[d] = (uint8_t)digit_best.found;
        if (digit_best.found) {
            const se_hint *h = &digit_best.hint;
            int key = -1;
            if (h->cell >= 0) {
                key = SE_KEY(1, h->cell, h->digit - 1);
            } else {
                for (int c = 0; c < 81 && key < 0; c++)
                    if (h->elim[c])
                        key = SE_KEY(0, c, se_lowest(h->elim[c]));
            }
            fc->nishio_key[d] = key;
            fc->nishio_difficulty[d] = digit_best.difficulty;
            fc->nishio_complexity[d] = digit_best.complexity;
        }
    }
    /* the best of the digits; ties: the first found */
    int chosen = -1;
    for (int d = 0; d < 9; d++) {
        if (!fc->nishio_found[d])
            continue;
        if (chosen >= 0) {
            double dd = fc->nishio_difficulty[d], dc = fc->nishio_difficulty[chosen];
            int cd = fc->nishio_complexity[d], cc = fc->nishio_complexity[chosen];
            if (dd > dc || (dd == dc && cd > cc))
                continue;
            /* found first: the earlier cell; in one cell, the lower digit
             * (this loop's order) */
            if (dd == dc && cd == cc &&
                SE_KEY_CELL(fc->nishio_key[d]) >= SE_KEY_CELL(fc->nishio_key[chosen]))
                continue;
        }
        chosen = d;
    }
    if (chosen < 0)
        return 0;
    se_hint h;
    se_hint_clear(&h, SE_NISHIO, se_chain_tenths(fc->nishio_difficulty[chosen]));
    if (!se_chain_conclude(&h, s, fc->nishio_key[chosen]))
        return 0; /* cannot happen: the cell has two candidates or more */
    se_chain_offer(best, fc->nishio_difficulty[chosen], fc->nishio_complexity[chosen], 7, &h);
    return 0;
}

int se_find_forcing_chains(const se_state *s, se_hint *h, int kind, se_chain_ws *ws, se_fc *fc,
                           const se_dry_hook *dry, const sudoku_cancel *cancel)
{
    se_chain_best best = { 0 };
    se_chain_sink sink = { &best, NULL, NULL };
    int singles = 0;
    for (int c = 0; c < 81 && kind == 0; c++)
        singles |= se_one_bit(s->cand[c]);
    if (kind == 0 && !singles ? nishio_by_digit(s, ws, fc, cancel, &best) < 0
                              : run(s, kind, ws, fc, dry, cancel, &sink, NULL) < 0)
        return -1;
    if (!best.found)
        return 0;
    *h = best.hint;
    return 1;
}

int se_forcing_chains_all(const se_state *s, int kind, se_chain_ws *ws, se_fc *fc,
                          const se_dry_hook *dry, const se_chain_sink *sink,
                          const uint32_t *chains, const sudoku_cancel *cancel)
{
    return run(s, kind, ws, fc, dry, cancel, sink, chains);
}

se_fc *se_fc_new(void)
{
    se_fc *fc = malloc(sizeof *fc);
    if (fc)
        se_fc_reset(fc);
    return fc;
}

void se_fc_reset(se_fc *fc)
{
    fc->now = 0;
    fc->npair = 0;
    memset(fc->gen, 0, sizeof fc->gen);
    fc->rules.now = 0;
    memset(fc->rules.off_gen, 0, sizeof fc->rules.off_gen);
    memset(fc->rules.on_gen, 0, sizeof fc->rules.on_gen);
    memset(fc->nishio_known, 0, sizeof fc->nishio_known);
    for (int i = 0; i < 9; i++) {
        se_pset_init(&fc->value_on[i]);
        se_pset_init(&fc->value_off[i]);
        se_pset_init(&fc->pos_on[i]);
        se_pset_init(&fc->pos_off[i]);
    }
}

void se_fc_free(se_fc *fc)
{
    free(fc);
}
