/*
 * dynamic_plus.c - the rules a "dynamic+" forcing chain (the reference's
 * nesting level 1, 9.0) applies to its reduced grid whenever its
 * propagation runs dry.
 *
 * While a dynamic chain propagates an assumption, every "off" it processes
 * leaves a working copy of the candidates. At level 1, when nothing is
 * pending, the reference searches that reduced grid with, in order:
 * pointing/claiming, hidden pairs, naked pairs, X-wings. It takes ALL the
 * hints of the first of these rules that has a usable one, and turns every
 * candidate they eliminate "off"; propagation then resumes.
 *
 * A hint is usable when it rests on removals the chain made (its "rule
 * parents", which become the new potentials' parents, so they count in
 * the chain's complexity):
 *   pointing/claiming of digit d from house A into house B: d's places in
 *     A, outside B, present in the source grid and gone now;
 *   X-wing on base lines L1, L2 and cover lines: d's removed places in L1
 *     then L2, outside the cover lines;
 *   hidden pair {a, b} in house H: in H's cells outside the pair's two
 *     cells, in cell order, a then b where the source grid had them;
 *   naked pair of cells: the digits of the two cells (in cell order) that
 *     the source grid had and that are not the pair's.
 * A hint whose parents are none exists without the chain and is skipped.
 *
 * The reference enumerates each rule as its plain version does (house
 * types, house pairs, subsets in increasing bitmask order, digits), and
 * the eliminations of one hint come out of a hash map keyed by cells with
 * identity hashes: that order is the JVM's and cannot be known. We take
 * the cells in house order (the order the hint was built in); serate gave
 * the same ratings with every hash equal (see rating.c).
 */
#include <stdlib.h>
#include <string.h>
#include "chains.h"

/* The collector: one hint's parents, then its eliminations. */
typedef struct collect {
    se_chain_ws *ws;
    se_pset *to_off;
    int32_t *queue;
    int *tail;
    int32_t parent[32];
    int nparent;
    int used;   /* a usable hint was met: later rules are not asked */
    int added;
    /* per house, the digits (bit d - 1) with a place in src, not in cur: a hint's
     * rule parents are such removals, so where none can be found the
     * rules are not tried (they would find nothing usable) */
    uint16_t gone[27];
} collect;

static void parent_add(collect *k, int cell, int d)
{
    int32_t node = k->to_off->at[SE_KEY(0, cell, d)];
    /* every candidate the chain removed is one of its processed "off"s */
    if (node >= 0 && k->nparent < 32)
        k->parent[k->nparent++] = node;
}

/* One eliminated candidate of a usable hint: a new "off" unless known. */
static void eliminate(collect *k, int cell, int d)
{
    int key = SE_KEY(0, cell, d);
    if (k->to_off->at[key] >= 0)
        return;
    int32_t nn = se_node_new(k->ws, key, k->parent[0]);
    if (nn < 0)
        return;
    for (int i = 1; i < k->nparent; i++)
        se_node_add_parent(k->ws, nn, k->parent[i]);
    se_pset_add(k->to_off, key, nn);
    k->queue[(*k->tail)++] = nn;
    k->added++;
}

static const int locking_types[4][2] = {
    { SE_BOX(0), SE_COL(0) }, { SE_BOX(0), SE_ROW(0) },
    { SE_COL(0), SE_BOX(0) }, { SE_ROW(0), SE_BOX(0) },
};

static void locking(collect *k, const se_state *cur, const se_state *src)
{
    for (int p = 0; p < 4; p++) {
        int ta = locking_types[p][0], tb = locking_types[p][1];
        for (int a = ta; a < ta + 9; a++) {
            if (!k->gone[a])
                continue; /* no removal of A to rest on */
            for (int jb = 0; jb < 3; jb++) {
                int b = se_crossing[a][tb / 9][jb];
                unsigned part = se_house_in[a][b];
                for (unsigned dm = k->gone[a]; dm; dm &= dm - 1) {
                    int d = se_lowest(dm) + 1;
                    unsigned pos = cur->pos[a][d];
                    if (se_at_most_one_bit(pos) || (pos & ~part))
                        continue;
                    unsigned removed = src->pos[a][d] & ~pos & ~part;
                    unsigned elim = cur->pos[b][d] & ~se_house_in[b][a];
                    if (!removed || !elim)
                        continue;
                    k->nparent = 0;
                    for (; removed; removed &= removed - 1)
                        parent_add(k, se_house_cell[a][se_lowest(removed)], d - 1);
                    if (!k->nparent)
                        continue;
                    k->used = 1;
                    for (; elim; elim &= elim - 1)
                        eliminate(k, se_house_cell[b][se_lowest(elim)], d - 1);
                }
            }
        }
    }
}

static const int set_types[3] = { SE_BOX(0), SE_COL(0), SE_ROW(0) };

static void hidden_pairs(collect *k, const se_state *cur, const se_state *src)
{
    for (int t = 0; t < 3; t++)
        for (int h = set_types[t]; h < set_types[t] + 9; h++) {
            if (cur->empty[h] <= 4 || !k->gone[h])
                continue;
            unsigned two = 0; /* digits with exactly two places */
            for (int d = 1; d <= 9; d++)
                if (se_popcount(cur->pos[h][d]) == 2)
                    two |= 1u << (d - 1);
            /* the parents are removed places of the pair's digits */
            if (!(two & k->gone[h]))
                continue;
            se_subset_walk w;
            for (unsigned set = se_subset_first(&w, two, 2); set; set = se_subset_next(&w)) {
                int d1 = se_lowest(set) + 1, d2 = se_lowest(set & (set - 1)) + 1;
                unsigned cells = cur->pos[h][d1];
                if (cur->pos[h][d2] != cells)
                    continue;
                const uint8_t *hc = se_house_cell[h];
                int worth = 0;
                for (unsigned m = cells; m; m &= m - 1)
                    worth |= cur->cand[hc[se_lowest(m)]] & ~set;
                if (!worth)
                    continue;
                k->nparent = 0;
                for (int i = 0; i < 9; i++) {
                    if (cells >> i & 1)
                        continue;
                    if (src->pos[h][d1] >> i & 1)
                        parent_add(k, hc[i], d1 - 1);
                    if (src->pos[h][d2] >> i & 1)
                        parent_add(k, hc[i], d2 - 1);
                }
                if (!k->nparent)
                    continue;
                k->used = 1;
                for (unsigned m = cells; m; m &= m - 1) {
                    int c = hc[se_lowest(m)];
                    for (unsigned e = cur->cand[c] & ~set; e; e &= e - 1)
                        eliminate(k, c, se_lowest(e));
                }
            }
        }
}

static void naked_pairs(collect *k, const se_state *cur, const se_state *src)
{
    for (int t = 0; t < 3; t++)
        for (int h = set_types[t]; h < set_types[t] + 9; h++) {
            /* the parents are digits the pair's cells lost */
            if (cur->empty[h] < 4 || !k->gone[h])
                continue;
            const uint8_t *hc = se_house_cell[h];
            unsigned pairs = 0; /* cells with exactly two candidates */
            for (int i = 0; i < 9; i++)
                if (se_popcount(cur->cand[hc[i]]) == 2)
                    pairs |= 1u << i;
            se_subset_walk w;
            for (unsigned set = se_subset_first(&w, pairs, 2); set; set = se_subset_next(&w)) {
                int c1 = hc[se_lowest(set)], c2 = hc[se_lowest(set & (set - 1))];
                unsigned digits = cur->cand[c1];
                if (cur->cand[c2] != digits)
                    continue;
                unsigned elsewhere = 0;
                for (unsigned m = digits; m; m &= m - 1)
                    elsewhere |= cur->pos[h][se_lowest(m) + 1];
                if (!(elsewhere & ~set))
                    continue;
                k->nparent = 0;
                for (unsigned e = src->cand[c1] & ~digits; e; e &= e - 1)
                    parent_add(k, c1, se_lowest(e));
                for (unsigned e = src->cand[c2] & ~digits; e; e &= e - 1)
                    parent_add(k, c2, se_lowest(e));
                if (!k->nparent)
                    continue;
                k->used = 1;
                for (int i = 0; i < 9; i++) {
                    if (set >> i & 1)
                        continue;
                    for (unsigned e = cur->cand[hc[i]] & digits; e; e &= e - 1)
                        eliminate(k, hc[i], se_lowest(e));
                }
            }
        }
}

static void x_wings(collect *k, const se_state *cur, const se_state *src)
{
    int placed[10] = { 0 };
    for (int c = 0; c < 81; c++)
        placed[cur->value[c]]++;
    unsigned open = 0; /* digits placed at most five times */
    for (int d = 1; d <= 9; d++)
        if (placed[d] + 4 <= 9)
            open |= 1u << (d - 1);
    /* per line, the open digits with exactly two places: the base lines
     * of an X-wing are two lines where its digit has the same two places
     * (at least two places each, two in all) */
    uint16_t two[27] = { 0 };
    for (int line = SE_ROW(0); line < SE_ROW(0) + 18; line++)
        for (unsigned dm = open; dm; dm &= dm - 1) {
            unsigned places = cur->pos[line][se_lowest(dm) + 1];
            if (places && se_one_bit(places & (places - 1)))
                two[line] |= (uint16_t)(dm & -dm);
        }
    static const int line_types[2][2] = { { SE_COL(0), SE_ROW(0) }, { SE_ROW(0), SE_COL(0) } };
    for (int p = 0; p < 2; p++) {
        int base = line_types[p][0], cover = line_types[p][1];
        for (int pair = 0; pair < se_subset_count[2]; pair++) {
            unsigned lines = se_subsets[2][pair];
            int l1 = base + se_lowest(lines), l2 = base + se_lowest(lines & (lines - 1));
            /* the parents are removed places in the base lines */
            unsigned dm = (k->gone[l1] | k->gone[l2]) & two[l1] & two[l2];
            for (; dm; dm &= dm - 1) {
                int d = se_lowest(dm) + 1;
                unsigned p1 = cur->pos[l1][d], p2 = cur->pos[l2][d];
                if (p1 != p2)
                    continue;
                unsigned covers = p1 | p2, elim_any = 0;
                for (unsigned m = covers; m; m &= m - 1)
                    elim_any |= cur->pos[cover + se_lowest(m)][d] & ~lines;
                if (!elim_any)
                    continue;
                k->nparent = 0;
                for (unsigned r = src->pos[l1][d] & ~p1 & ~covers; r; r &= r - 1)
                    parent_add(k, se_house_cell[l1][se_lowest(r)], d - 1);
                for (unsigned r = src->pos[l2][d] & ~p2 & ~covers; r; r &= r - 1)
                    parent_add(k, se_house_cell[l2][se_lowest(r)], d - 1);
                if (!k->nparent)
                    continue;
                k->used = 1;
                for (unsigned m = covers; m; m &= m - 1) {
                    int line = cover + se_lowest(m);
                    for (unsigned e = cur->pos[line][d] & ~lines; e; e &= e - 1)
                        eliminate(k, se_house_cell[line][se_lowest(e)], d - 1);
                }
            }
        }
    }
}

/*
 * What the rules give depends on the reduced grid and the outer grid
 * alone: the chain's processed "off"s are exactly the removals from one
 * to the other (nothing is pending at a dry point), so every parent is
 * found and the new "off"s are the same keys with the same parents.
 * Within one step the same reduced grids come back: level 3 first runs
 * level 2 in full, then meets most of its dry points again, and
 * propagations meet a few twice. So while the outer grid stays, each
 * reduced grid's outcome is remembered - nothing usable, or the new
 * "off"s in order, each with its parents' keys - and replayed; the nested
 * producers still run where the rules had nothing (they keep their own
 * results).
 */
#define DRY_SLOTS (1 << 14)
#define DRY_ENTRIES (DRY_SLOTS / 2)
#define DRY_LOG (1 << 18)

struct se_dry_memo {
    uint16_t src[81]; /* the outer grid the entries are for */
    int valid, n, nlog;
    int32_t slot[DRY_SLOTS]; /* entry + 1, 0 empty */
    uint16_t cand[DRY_ENTRIES][81];
    /* per entry: a usable hint was met; its new "off"s in log[first ..
     * first + len): key, parent count, parent keys (first parent first) */
    uint8_t used[DRY_ENTRIES];
    int32_t first[DRY_ENTRIES], len[DRY_ENTRIES];
    uint16_t log[DRY_LOG];
};

static void dry_clear(struct se_dry_memo *m)
{
    memset(m->slot, 0, sizeof m->slot);
    m->n = m->nlog = 0;
}

/* The memo's entry of grid cur (entry + 1), or 0 with where it would go;
 * -1 when there is no memo. */
static int dry_find(se_chain_ws *ws, const se_state *cur, const se_state *src, unsigned *at)
{
    struct se_dry_memo *m = ws->dry;
    if (ws->dry_plain)
        return -1;
    if (!m && !(m = ws->dry = calloc(1, sizeof *m)))
        return -1;
    if (!m->valid || memcmp(m->src, src->cand, sizeof m->src)) {
        memcpy(m->src, src->cand, sizeof m->src);
        dry_clear(m);
        m->valid = 1;
    }
    unsigned i = (unsigned)(se_cand_hash(cur, 0) >> 32) & (DRY_SLOTS - 1);
    for (; m->slot[i]; i = (i + 1) & (DRY_SLOTS - 1))
        if (!memcmp(m->cand[m->slot[i] - 1], cur->cand, sizeof m->cand[0]))
            return m->slot[i];
    *at = i;
    return 0;
}

/* Remembers grid cur's outcome: used, and the "off"s queue[0 .. n). */
static void dry_keep(se_chain_ws *ws, const se_state *cur, unsigned at, int used,
                     const int32_t *queue, int n)
{
    struct se_dry_memo *m = ws->dry;
    int need = 0;
    for (int i = 0; i < n; i++)
        need += 2 + 1 + ws->node[queue[i]].extra_count;
    if (need > DRY_LOG)
        return;
    if (m->n >= DRY_ENTRIES || m->nlog + need > DRY_LOG) { /* full: keep the newer grids */
        dry_clear(m);
        at = (unsigned)(se_cand_hash(cur, 0) >> 32) & (DRY_SLOTS - 1);
    }
    int e = m->n;
    memcpy(m->cand[e], cur->cand, sizeof m->cand[0]);
    m->used[e] = (uint8_t)used;
    m->first[e] = m->nlog;
    for (int i = 0; i < n; i++) {
        const se_node *nd = &ws->node[queue[i]];
        m->log[m->nlog++] = nd->key;
        m->log[m->nlog++] = (uint16_t)(1 + nd->extra_count);
        m->log[m->nlog++] = ws->node[nd->parent].key;
        for (int x = 0; x < nd->extra_count; x++)
            m->log[m->nlog++] = ws->node[ws->extra[nd->extra_first + x]].key;
    }
    m->len[e] = m->nlog - m->first[e];
    m->slot[at] = ++m->n;
}

/* Makes a remembered outcome's "off"s again; how many, -1 when a pool
 * ran out. */
static int dry_replay(se_chain_ws *ws, int entry, se_pset *to_off, int32_t *queue, int *tail)
{
    const struct se_dry_memo *m = ws->dry;
    const uint16_t *log = &m->log[m->first[entry]], *end = log + m->len[entry];
    int added = 0;
    while (log < end) {
        int key = log[0], np = log[1];
        const uint16_t *parents = log + 2;
        log += 2 + np;
        int32_t first = to_off->at[parents[0]];
        if (to_off->at[key] >= 0 || first < 0) { /* cannot be: the same removals */
            ws->overflow = 1;
            return -1;
        }
        int32_t nn = se_node_new(ws, key, first);
        if (nn < 0)
            return -1;
        for (int i = 1; i < np; i++) {
            int32_t pn = to_off->at[parents[i]];
            if (pn < 0) {
                ws->overflow = 1;
                return -1;
            }
            se_node_add_parent(ws, nn, pn);
        }
        se_pset_add(to_off, key, nn);
        queue[(*tail)++] = nn;
        added++;
    }
    return ws->overflow ? -1 : added;
}

void se_dynamic_plus_plain(se_chain_ws *ws)
{
    ws->dry_plain = 1;
}

int se_dynamic_plus_offs(se_chain_ws *ws, const se_state *cur, const se_state *src,
                         se_pset *to_off, int32_t *queue, int *tail, int level)
{
    unsigned at = 0;
    int known = dry_find(ws, cur, src, &at);
    if (known > 0) {
        if (ws->dry->used[known - 1])
            return dry_replay(ws, known - 1, to_off, queue, tail);
        return level >= 2 ? se_nested_offs(ws, cur, src, to_off, queue, tail, level) : 0;
    }
    int before = *tail;
    collect k = { .ws = ws, .to_off = to_off, .queue = queue, .tail = tail };
    for (int c = 0; c < 81; c++) {
        unsigned lost = src->cand[c] & ~cur->cand[c];
        if (lost) {
            const uint8_t *hs = se_cell_house[c];
            k.gone[hs[0]] |= (uint16_t)lost;
            k.gone[hs[1]] |= (uint16_t)lost;
            k.gone[hs[2]] |= (uint16_t)lost;
        }
    }
    locking(&k, cur, src);
    if (!k.used)
        hidden_pairs(&k, cur, src);
    if (!k.used)
        naked_pairs(&k, cur, src);
    if (!k.used)
        x_wings(&k, cur, src);
    if (known == 0 && !ws->overflow)
        dry_keep(ws, cur, at, k.used, queue + before, *tail - before);
    if (!k.used && level >= 2)
        return se_nested_offs(ws, cur, src, to_off, queue, tail, level);
    return ws->overflow ? -1 : k.added;
}
