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
#include "dynamic_plus.h"

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
    /* per house, its places (bit i: cell i) whose cell lost a candidate */
    uint16_t lost_cells[27];
    /* bit h: gone[h], lost_cells[h] not empty (the houses worth a look,
     * walked in house order without a test per house) */
    uint32_t gone_houses, lost_houses;
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

/* The reference's order is house A, crossing house B, digit; a digit's
 * places in A lie in at most one B, so each digit with a removal in A is
 * looked at once and the hits are then taken in that order. */
static void locking(collect *k, const se_state *cur, const se_state *src)
{
    for (int p = 0; p < 4; p++) {
        int ta = locking_types[p][0], tb = locking_types[p][1];
        /* the crossing house B holding all of a digit's places in A (two
         * or more): its index among A's crossing houses, 3 for none */
        const uint8_t *triplet = ta == SE_BOX(0) && tb == SE_COL(0) ? se_triplet_of_cols
                                                                   : se_triplet_of_rows;
        /* the houses A with a removal to rest on */
        for (uint32_t am = k->gone_houses >> ta & 0x1ff; am; am &= am - 1) {
            int a = ta + se_lowest(am);
            unsigned hits[4] = { 0, 0, 0, 0 }; /* per crossing house, digits */
            for (unsigned dm = k->gone[a]; dm; dm &= dm - 1)
                hits[triplet[cur->pos[a][se_lowest(dm) + 1]]] |= dm & -dm;
            for (int jb = 0; jb < 3; jb++) {
                if (!hits[jb])
                    continue;
                int b = se_crossing[a][tb / 9][jb];
                unsigned part = se_house_in[a][b];
                for (unsigned dm = hits[jb]; dm; dm &= dm - 1) {
                    int d = se_lowest(dm) + 1;
                    unsigned pos = cur->pos[a][d];
                    if (pos & ~part)
                        continue; /* cannot be: the triplet is B's */
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

/* Pairs found out of order, taken in the reference's: subsets of two in
 * increasing bit-mask order, that is by the higher member, then the
 * lower. A pair is kept as hi * 16 + lo (members 0..8), an X-wing's as
 * pair * 16 + digit; few, so sorted by insertion. */
static void pairs_sort(uint16_t *pair, int n)
{
    for (int i = 1; i < n; i++) {
        uint16_t x = pair[i];
        int j = i;
        for (; j > 0 && pair[j - 1] > x; j--)
            pair[j] = pair[j - 1];
        pair[j] = x;
    }
}

/* The pairs {i, j} among vals[0..9) holding the same value of exactly
 * two bits, one of them a seed (bit i of seeds), each once, as
 * hi * 16 + lo, added at pair[n]; returns the new count. The rules' parents are removals, so a usable pair has a
 * member that lost some: pairs are looked for from the seeds only. */
static inline int same_two(const uint16_t *vals, unsigned seeds, uint16_t *pair, int n)
{
    /* the values of exactly two bits, and per seed the others equal to
     * it, made without a branch per value (they were mispredicted) */
    unsigned two = 0;
    for (int j = 0; j < 9; j++) {
        unsigned v = vals[j], rest = v & (v - 1);
        two |= (unsigned)((rest != 0) & ((rest & (rest - 1)) == 0)) << j;
    }
    for (unsigned sm = seeds & two; sm; sm &= sm - 1) {
        int i = se_lowest(sm);
        unsigned v = vals[i], same = 0;
        for (int j = 0; j < 9; j++)
            same |= (unsigned)(vals[j] == v) << j;
        /* not itself, nor a seed before it (met from there already) */
        same &= ~(1u << i) & ~(seeds & ((1u << i) - 1));
        for (; same; same &= same - 1) {
            int j = se_lowest(same);
            pair[n++] = (uint16_t)(i < j ? j * 16 + i : i * 16 + j);
        }
    }
    return n;
}

static void hidden_pairs(collect *k, const se_state *cur, const se_state *src)
{
    for (int t = 0; t < 3; t++)
        for (uint32_t hm = k->gone_houses >> set_types[t] & 0x1ff; hm; hm &= hm - 1) {
            int h = set_types[t] + se_lowest(hm);
            if (cur->empty[h] <= 4)
                continue;
            /* the parents are removed places of the pair's digits: two
             * digits on the same two cells, one of them with a place lost */
            const uint16_t *pos = cur->pos[h];
            uint16_t pair[36];
            int npair = same_two(pos + 1, k->gone[h], pair, 0);
            if (!npair)
                continue;
            pairs_sort(pair, npair);
            const uint8_t *hc = se_house_cell[h];
            for (int i = 0; i < npair; i++) {
                int d1 = (pair[i] & 15) + 1, d2 = (pair[i] >> 4) + 1;
                unsigned set = 1u << (d1 - 1) | 1u << (d2 - 1), cells = pos[d1];
                int worth = 0;
                for (unsigned m = cells; m; m &= m - 1)
                    worth |= cur->cand[hc[se_lowest(m)]] & ~set;
                if (!worth)
                    continue;
                k->nparent = 0;
                for (int c = 0; c < 9; c++) {
                    if (cells >> c & 1)
                        continue;
                    if (src->pos[h][d1] >> c & 1)
                        parent_add(k, hc[c], d1 - 1);
                    if (src->pos[h][d2] >> c & 1)
                        parent_add(k, hc[c], d2 - 1);
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
        for (uint32_t hm = k->lost_houses >> set_types[t] & 0x1ff; hm; hm &= hm - 1) {
            int h = set_types[t] + se_lowest(hm);
            if (cur->empty[h] < 4)
                continue;
            /* the parents are digits the pair's cells lost: two cells
             * holding the same two digits, one of them having lost some */
            const uint8_t *hc = se_house_cell[h];
            /* as same_two, but a cell's candidates are read only for the
             * seeds (a few) and, when one has two, for the house */
            unsigned seeds = k->lost_cells[h];
            uint16_t pair[36];
            int npair = 0;
            for (unsigned sm = seeds; sm; sm &= sm - 1) {
                int i = se_lowest(sm);
                unsigned v = cur->cand[hc[i]], rest = v & (v - 1);
                if (!rest || (rest & (rest - 1)))
                    continue;
                unsigned same = 0;
                for (int j = 0; j < 9; j++)
                    same |= (unsigned)(cur->cand[hc[j]] == v) << j;
                same &= ~(1u << i) & ~(seeds & ((1u << i) - 1));
                for (; same; same &= same - 1) {
                    int j = se_lowest(same);
                    pair[npair++] = (uint16_t)(i < j ? j * 16 + i : i * 16 + j);
                }
            }
            if (!npair)
                continue;
            pairs_sort(pair, npair);
            for (int p = 0; p < npair; p++) {
                unsigned set = 1u << (pair[p] & 15) | 1u << (pair[p] >> 4);
                int c1 = hc[pair[p] & 15], c2 = hc[pair[p] >> 4];
                unsigned digits = cur->cand[c1];
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

/* open: the digits placed at most five times (the reference's fisherman
 * leaves the others alone). */
static void x_wings(collect *k, const se_state *cur, const se_state *src, unsigned open)
{
    static const int line_types[2][2] = { { SE_COL(0), SE_ROW(0) }, { SE_ROW(0), SE_COL(0) } };
    for (int p = 0; p < 2; p++) {
        int base = line_types[p][0], cover = line_types[p][1];
        /* the parents are removed places in the base lines: two lines
         * where the digit has the same two places, one of them having
         * lost a place of it. Found as (lines, digit), taken in the
         * reference's order: line pairs in subset order, then digits.
         * (same_two per digit finds the same pairs, but its seeds then
         * cost a pass over the lines per digit: +0.6% instructions on a
         * nested rating, so the lines are walked once here.) */
        uint16_t wing[9 * 36];
        int nwing = 0;
        for (uint32_t lm = k->gone_houses >> base & 0x1ff; lm; lm &= lm - 1) {
            int i = se_lowest(lm);
            unsigned dm = k->gone[base + i] & open;
            for (; dm; dm &= dm - 1) {
                int d = se_lowest(dm) + 1;
                unsigned places = cur->pos[base + i][d];
                if (!places || !se_one_bit(places & (places - 1)))
                    continue;
                /* the other lines with the same two places, but those
                 * before i that lost a place of d (met from there) */
                unsigned same = 0, met = 0;
                for (int j = 0; j < 9; j++) {
                    same |= (unsigned)(cur->pos[base + j][d] == places) << j;
                    met |= (unsigned)(k->gone[base + j] >> (d - 1) & 1) << j;
                }
                same &= ~(1u << i) & ~(met & ((1u << i) - 1));
                for (; same; same &= same - 1) {
                    int j = se_lowest(same);
                    int pair = i < j ? j * 16 + i : i * 16 + j;
                    wing[nwing++] = (uint16_t)(pair * 16 + d);
                }
            }
        }
        pairs_sort(wing, nwing);
        for (int w = 0; w < nwing; w++) {
            int d = wing[w] & 15, pair = wing[w] >> 4;
            unsigned lines = 1u << (pair & 15) | 1u << (pair >> 4);
            int l1 = base + (pair & 15), l2 = base + (pair >> 4);
            unsigned p1 = cur->pos[l1][d], p2 = cur->pos[l2][d];
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

typedef struct se_dry_table {
    uint16_t src[81]; /* the outer grid the entries are for */
    unsigned open;    /* its digits placed at most five times (x_wings) */
    int valid, n, nlog;
    int32_t slot[DRY_SLOTS]; /* entry + 1, 0 empty */
    uint16_t cand[DRY_ENTRIES][81];
    /* per entry: the rule that had a usable hint (1 + its number; 0:
     * none); its new "off"s in log[first .. first + len): key, parent
     * count, parent keys (first parent first) */
    uint8_t used[DRY_ENTRIES];
    int32_t first[DRY_ENTRIES], len[DRY_ENTRIES];
    uint16_t log[DRY_LOG];
} dry_table;

/* The digits placed at most five times: the reference's fisherman leaves
 * the others alone. A chain's reduced grids keep the outer grid's values. */
static unsigned open_digits(const se_state *g)
{
    int placed[10] = { 0 };
    for (int c = 0; c < 81; c++)
        placed[g->value[c]]++;
    unsigned open = 0;
    for (int d = 1; d <= 9; d++)
        if (placed[d] + 4 <= 9)
            open |= 1u << (d - 1);
    return open;
}

static void dry_clear(dry_table *m)
{
    memset(m->slot, 0, sizeof m->slot);
    m->n = m->nlog = 0;
}

se_dry_memo *se_dry_memo_new(void)
{
    return calloc(1, sizeof(se_dry_memo));
}

void se_dry_memo_reset(se_dry_memo *m)
{
    if (m->table)
        m->table->valid = 0; /* dry_find starts it over, as when calloc made it */
}

void se_dry_memo_free(se_dry_memo *m)
{
    if (m)
        free(m->table);
    free(m);
}


/* The memo's entry of grid cur (entry + 1), or 0 with where it would go;
 * -1 when there is no memo. */
static int dry_find(se_dry_memo *memo, const se_state *cur, const se_state *src, unsigned *at)
{
    dry_table *m = memo->table;
    if (memo->plain)
        return -1;
    if (!m && !(m = memo->table = calloc(1, sizeof *m)))
        return -1;
    if (!m->valid || memcmp(m->src, src->cand, sizeof m->src)) {
        memcpy(m->src, src->cand, sizeof m->src);
        m->open = open_digits(src);
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
static void dry_keep(dry_table *m, const se_chain_ws *ws, const se_state *cur, unsigned at,
                     int used, const int32_t *queue, int n)
{
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
static int dry_replay(const dry_table *m, se_chain_ws *ws, int entry, se_pset *to_off,
                      int32_t *queue, int *tail)
{
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

/* Rule r's seeds widened to the removals from queue[lo] on (lo < 0: all
 * of src's candidates cur lacks), those from queue[*pos] on being in
 * already; *pos becomes lo. */
static void seeds_from(collect *k, const se_state *cur, const se_state *src, const int32_t *queue,
                       int lo, int *pos)
{
    if (lo < 0) {
        memset(k->gone, 0, sizeof k->gone);
        memset(k->lost_cells, 0, sizeof k->lost_cells);
        for (int c = 0; c < 81; c++) { /* (no test: most cells are a coin toss) */
            unsigned lost = src->cand[c] & ~cur->cand[c], any = lost != 0;
            const uint8_t *hs = se_cell_house[c], *place = se_cell_place[c];
            for (int t = 0; t < 3; t++) {
                k->gone[hs[t]] |= (uint16_t)lost;
                k->lost_cells[hs[t]] |= (uint16_t)(any << place[t]);
            }
        }
    } else {
        for (int i = lo; i < *pos; i++) {
            int key = k->ws->node[queue[i]].key, c = SE_KEY_CELL(key);
            const uint8_t *hs = se_cell_house[c], *place = se_cell_place[c];
            for (int t = 0; t < 3; t++) {
                k->gone[hs[t]] |= (uint16_t)(1u << SE_KEY_DIGIT(key));
                k->lost_cells[hs[t]] |= (uint16_t)(1u << place[t]);
            }
        }
    }
    *pos = lo;
    uint32_t gh = 0, lh = 0;
    for (int h = 0; h < 27; h++) {
        gh |= (uint32_t)(k->gone[h] != 0) << h;
        lh |= (uint32_t)(k->lost_cells[h] != 0) << h;
    }
    k->gone_houses = gh;
    k->lost_houses = lh;
}

int se_dynamic_plus_offs(se_dry_memo *memo, se_chain_ws *ws, const se_state *cur,
                         const se_state *src, se_pset *to_off, int32_t *queue, int *tail,
                         int since[4], int *used_any)
{
    unsigned at = 0;
    int known = dry_find(memo, cur, src, &at);
    int before = *tail;
    if (known > 0) {
        /* the rules asked there: up to the one that had a usable hint */
        int used = memo->table->used[known - 1];
        for (int r = 0; r < (used ? used : 4); r++)
            since[r] = before;
        *used_any = used != 0;
        return used ? dry_replay(memo->table, ws, known - 1, to_off, queue, tail) : 0;
    }
    collect k = { .ws = ws, .to_off = to_off, .queue = queue, .tail = tail };
    /* Where a hint can rest (each rule's seeds). Every hint has rule
     * parents, removals in its house or base lines, so the houses that
     * lost a candidate. And once this chain asked a rule at a dry point,
     * a usable hint of that rule here has a house or line whose places of
     * its digits, or a pair cell whose candidates, changed since (the
     * grid only shrinks): else its places and parents are the same there
     * and its eliminations fewer, so either it was not usable there and
     * is not here, or it was, and then the rule's hints were all taken
     * and their eliminations are gone. So rule r looks at the
     * removals since it was last asked, the "off"s processed from
     * queue[since[r]] on (all are, at a dry point); since[] does not grow
     * with r (the rules are asked in order, up to the first with a usable
     * hint), so each rule widens the seeds of the one before. */
    int pos = before, used = 0;
    for (int r = 0; r < 4 && !used; r++) {
        int lo = known == 0 ? since[r] : -1; /* (the twin: everything) */
        if (pos >= 0 && lo < pos)
            seeds_from(&k, cur, src, queue, lo, &pos);
        if (r == 0)
            locking(&k, cur, src);
        else if (r == 1)
            hidden_pairs(&k, cur, src);
        else if (r == 2)
            naked_pairs(&k, cur, src);
        else
            x_wings(&k, cur, src, known < 0 ? open_digits(cur) : memo->table->open);
        if (k.used)
            used = r + 1;
    }
    if (known == 0 && !ws->overflow)
        dry_keep(memo->table, ws, cur, at, used, queue + before, *tail - before);
    for (int r = 0; r < (used ? used : 4); r++)
        since[r] = before;
    *used_any = used != 0;
    return ws->overflow ? -1 : k.added;
}

int se_dynamic_plus_dry(void *ctx, se_chain_ws *ws, const se_state *cur, const se_state *src,
                        se_pset *to_off, int32_t *queue, int *tail, se_dry_point *at)
{
    int used;
    return se_dynamic_plus_offs(ctx, ws, cur, src, to_off, queue, tail, at->since, &used);
}
