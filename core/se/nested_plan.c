/*
 * nested_plan.c - which of a nested level's inner searches can find
 * anything (nested_state.h): the forcing chains & cycles run only the
 * searches the reachability of the implication graph allows (reach.h);
 * the multiple forcing chains skip the cells whose chains can have
 * nothing in common. A search skipped would have found nothing, so no
 * hint changes (the tests' plain twin runs them all: se_nested_plain).
 */
#include "nested_plan.h"
#include "nested_lists.h"

/*
 * Which searches can find anything. Both searches follow only the pass's
 * implication graph (on -> off from on_off[y], off -> on from
 * off_on[table]); a forcing chain's breadth-first search visits all it
 * can reach, each potential once, until it meets its assumption's
 * negation. So a forcing chain from p finds something only if not-p is
 * reachable from p. A cycle through "on" p leaves it for an "off" a and
 * closes from an "off" q that implies p, q != a (an "off" is not
 * repeated along a chain): a and q lie on a cycle through p, in p's
 * strongly connected component; the q are the negations of what "off" p
 * implies (the off -> on rules are symmetric). A search that cannot find
 * anything leaves nothing the others see (its nodes are dropped, its
 * marks are generations), so skipping it changes no hint and no order.
 * The cycles are settled by the components, the forcing chains by the
 * reachability sets.
 */
static int make_graph(struct se_nested *in, int y, int table)
{
    /* An "off" that implies nothing (most of them) is left out: no path
     * goes through it, and a path to it is a path to one of the "on"s it
     * comes from (plan_pass). So the graph is made from the
     * other "off"s (the first half of the nodes): their "on"s, and the
     * "on"s they come from, which are those they turn off themselves when
     * "on" (the on -> off rules are symmetric). */
    se_reach *r = &in->reach;
    int nlive = 0;
    int16_t *live = in->live, *fill = in->fill;
    for (int v = 0; v <= r->n; v++)
        r->first_edge[v] = 0;
    const se_state *g = in->table_grid;
    for (int cell = 0, v = 0; cell < 81; cell++) {
        unsigned cand = g->cand[cell], imp = se_nested_implying(in, table, cell) & cand;
        if (!imp) {
            v += se_popcount(cand); /* the cell's "off" nodes are consecutive */
            continue;
        }
        for (unsigned m = cand; m; m &= m - 1, v++) {
            int d = se_lowest(m), key = cell * 9 + d;
            if (!(imp >> d & 1))
                continue;
            const uint16_t *ons = se_nested_off_on(in, table, key);
            live[nlive++] = (int16_t)v;
            for (int j = 0; j < 4 && ons[j]; j++)
                r->first_edge[v + 1]++;
            const uint16_t *from = se_nested_on_off(in, y, key);
            for (int j = 0; j < from[28]; j++)
                r->first_edge[in->node_of[from[j] + 729] + 1]++;
        }
    }
    for (int v = 0; v < r->n; v++) {
        r->first_edge[v + 1] += r->first_edge[v];
        fill[v] = (int16_t)r->first_edge[v];
    }
    if (r->first_edge[r->n] > SE_REACH_MAX_EDGES)
        return -1;
    if (++in->entered_now == 0) {
        memset(in->entered, 0, sizeof in->entered);
        in->entered_now = 1;
    }
    se_reach_enter_begin(r);
    int nentered = 0;
    for (int i = 0; i < nlive; i++) {
        int v = live[i], key = in->key_of[v];
        const uint16_t *ons = se_nested_off_on(in, table, key);
        for (int j = 0; j < 4 && ons[j]; j++) {
            int u = in->node_of[ons[j]];
            r->edge[fill[v]++] = (int16_t)u;
            if (in->entered[u] != in->entered_now) {
                in->entered[u] = in->entered_now;
                r->entered[u] = r->entered_gen;
                in->entered_node[nentered++] = (int16_t)u;
            }
        }
        const uint16_t *from = se_nested_on_off(in, y, key);
        if (from[28])
            r->entered[v] = r->entered_gen;
        for (int j = 0; j < from[28]; j++) {
            int u = in->node_of[from[j] + 729];
            r->edge[fill[u]++] = (int16_t)v;
        }
    }
    in->nentered = nentered;
    /* a node some edge enters and some edge leaves is a live "off" or an
     * "on" some "off" implies: Tarjan starts only from those */
    memcpy(live + nlive, in->entered_node, sizeof(int16_t) * (size_t)nentered);
    se_reach_components_from(r, live, nlive + nentered);
    return 0;
}

static int may_close_cycle(struct se_nested *in, int y, int table, int on)
{
    const se_reach *r = &in->reach;
    int v = in->node_of[on];
    if (r->seen[v] != r->gen)
        return 0; /* nothing leaves it or nothing enters it: on no cycle */
    int c = r->comp[v];
    if (!r->cyclic[c])
        return 0;
    const uint16_t *back = se_nested_off_on(in, table, on - 729);
    const uint16_t *offs = se_nested_on_off(in, y, on - 729);
    for (int i = 0; i < 4 && back[i]; i++) {
        int q = in->node_of[back[i] - 729];
        if (r->seen[q] != r->gen || r->comp[q] != c)
            continue;
        for (int j = 0; j < offs[28]; j++) {
            int a = in->node_of[offs[j]];
            if (a != q && r->seen[a] == r->gen && r->comp[a] == c)
                return 1;
        }
    }
    return 0;
}

/* Does node v (with an edge out) reach the node numbered t (se_reach_number; one
 * link or more)? A node no edge enters asks the nodes it leads to; the
 * first one that reaches t ends the walk. */
static int reaches(const se_reach *r, int v, int t)
{
    if (t < 0)
        return 0; /* t has no component: only a source could lead to it */
    if (r->seen[v] == r->gen)
        return (int)(r->reached[r->comp[v]][t >> 6] >> (t & 63) & 1);
    for (int e = r->first_edge[v]; e < r->first_edge[v + 1]; e++) {
        int w = r->edge[e], tw = se_reach_number(r, w);
        if (tw < 0)
            continue; /* not seen: reaches nothing, and it has no number */
        if (tw == t)
            return 1;
        if (se_reach_out(r, w) && (r->reached[r->comp[w]][t >> 6] >> (t & 63) & 1))
            return 1; /* (a node nothing leaves has no set) */
    }
    return 0;
}

/* Does node v (with an edge out) reach any of the node numbers in
 * mask (words)? As reaches(), stopping at the first. */
static int reaches_any(const se_reach *r, int v, const uint64_t *mask, int words)
{
    if (r->seen[v] == r->gen) {
        const uint64_t *set = r->reached[r->comp[v]];
        for (int x = 0; x < words; x++)
            if (set[x] & mask[x])
                return 1;
        return 0;
    }
    for (int e = r->first_edge[v]; e < r->first_edge[v + 1]; e++) {
        int w = r->edge[e], tw = se_reach_number(r, w);
        if (tw < 0)
            continue;
        if (mask[tw >> 6] >> (tw & 63) & 1)
            return 1;
        if (se_reach_out(r, w)) {
            const uint64_t *set = r->reached[r->comp[w]];
            for (int x = 0; x < words; x++)
                if (set[x] & mask[x])
                    return 1;
        }
    }
    return 0;
}

/* Which searches of this pass to run, per candidate key (bit 0 the
 * cycle, 1 the chain from "on", 2 from "off"); all when the graph could
 * not be made. With X links the forcing chains ask the reachability
 * sets, over the nodes with a component: a chain from "on" p to a dead-end
 * "off" p goes through an "on" s that turns p off, some link entering s
 * (the "on"s p's own "on" turns off: the rules are symmetric). */
static int plan_pass(struct se_nested *in, const se_state *cur, int y, int x, int table)
{
    se_reach *r = &in->reach;
    if (make_graph(in, y, table) < 0) {
        memset(in->plan, 7, sizeof in->plan);
        return -1;
    }
    int words = 0;
    if (x) {
        se_reach_sets(r);
        words = r->words;
        if (++in->conflict_now == 0) {
            memset(in->conflict_gen, 0, sizeof in->conflict_gen);
            in->conflict_now = 1;
        }
        for (int e = 0; e < in->nentered; e++) {
            int u = in->entered_node[e], t = se_reach_number(r, u);
            if (t < 0)
                continue; /* no component: nothing but a source leads to it */
            const uint16_t *offs = se_nested_on_off(in, y, in->key_of[u] - 729);
            for (int j = 0; j < offs[28]; j++) {
                int q = offs[j];
                if (in->conflict_gen[q] != in->conflict_now) {
                    in->conflict_gen[q] = in->conflict_now;
                    memset(in->conflict[q], 0, sizeof(uint64_t) * (size_t)words);
                }
                in->conflict[q][t >> 6] |= 1ull << (t & 63);
            }
        }
    }
    for (int cell = 0; cell < 81; cell++) {
        int size = se_popcount(cur->cand[cell]);
        if (size < 2 || (!x && size > 2))
            continue;
        unsigned imp = se_nested_implying(in, table, cell);
        for (unsigned m = cur->cand[cell]; m; m &= m - 1) {
            int d = se_lowest(m), k = cell * 9 + d, on = in->node_of[k + 729], off = in->node_of[k];
            int on_out = se_reach_out(r, on), off_out = se_reach_out(r, off);
            if (!on_out && !off_out) {
                in->plan[k] = 0; /* both are dead ends: nothing to search */
                continue;
            }
            uint8_t plan = may_close_cycle(in, y, table, k + 729) ? 1 : 0;
            if (x) {
                if (on_out) {
                    int any = 0;
                    if (imp >> d & 1)
                        any = reaches(r, on, se_reach_number(r, off));
                    else if (in->conflict_gen[k] == in->conflict_now)
                        any = reaches_any(r, on, in->conflict[k], words);
                    plan |= (uint8_t)(any << 1);
                }
                if (off_out)
                    plan |= (uint8_t)(reaches(r, off, se_reach_number(r, on)) << 2);
            }
            in->plan[k] = plan;
        }
    }
    return 0;
}

int se_nested_plan_xy(struct se_nested *in, const se_state *cur)
{
    return plan_pass(in, cur, 1, 1, 2);
}

/*
 * The multiple forcing chains producer (forcing_chains.c, kind 1) on the
 * reduced grid propagates without changing the grid: what an "on"
 * assumption implies is what the XY pass's graph reaches from it (less,
 * when a contradiction stops it). Its only hints are what all the digits
 * of a cell (three or more) imply, and what all the places of a digit in
 * a house imply, the house met from its first place. So a cell whose
 * digits' reached sets have nothing in common, and whose region chains'
 * places have nothing in common either, gives no hint: the producer
 * skips it (chains[], forcing_chains.h). A skipped cell's propagations
 * are not cached for later cells, which then make them again: the same
 * sets.
 */
/* The "off"s candidate k's "on" turns off (its own "off"s), as node bits
 * into set: its digit's other places in its three houses, and its cell's
 * other digits (the list se_nested_on_off(in, 1, k), as sets of the grid
 * of the tables, which is the grid at hand). */
static void own_into(const struct se_nested *in, int k, int words, uint64_t *restrict set)
{
    int cell = k / 9, d = k % 9, self = in->node_of[k];
    const uint8_t *hs = se_cell_house[cell];
    const uint64_t *restrict box = &in->place_offs[(hs[0] * 9 + d) * words];
    const uint64_t *restrict row = &in->place_offs[(hs[1] * 9 + d) * words];
    const uint64_t *restrict col = &in->place_offs[(hs[2] * 9 + d) * words];
    for (int x = 0; x < words; x++)
        set[x] = box[x] | row[x] | col[x];
    /* the cell's "off"s are consecutive nodes, from its first digit's
     * (at most nine: over two words at most) */
    unsigned cand = in->table_grid->cand[cell];
    int first = self - se_popcount(cand & ((1u << d) - 1)), at = first & 63;
    uint64_t range = (1ull << se_popcount(cand)) - 1;
    set[first >> 6] |= range << at;
    if (at + se_popcount(cand) > 64)
        set[(first >> 6) + 1] |= range >> (64 - at);
    set[self >> 6] &= ~(1ull << (self & 63));
}

static const uint64_t *own_make(struct se_nested *in, int k, int words)
{
    in->own_gen[k] = in->rset_now;
    own_into(in, k, words, in->own[k]);
    return in->own[k];
}

/* The own "off"s of "on" node u, made on first use for the grid at hand. */
static inline const uint64_t *own_of(struct se_nested *in, int u, int words)
{
    int k = in->key_of[u] - 729;
    return in->own_gen[k] == in->rset_now ? in->own[k] : own_make(in, k, words);
}

/* The places' "off" nodes of every house and digit, for own_make. */
static void make_place_offs(struct se_nested *in, int words)
{
    const se_state *g = in->table_grid;
    memset(in->place_offs, 0, sizeof(uint64_t) * 27 * 9 * (size_t)words);
    for (int cell = 0, v = 0; cell < 81; cell++) { /* the "off" nodes in order */
        const uint8_t *hs = se_cell_house[cell];
        uint64_t *box = &in->place_offs[hs[0] * 9 * words];
        uint64_t *row = &in->place_offs[hs[1] * 9 * words];
        uint64_t *col = &in->place_offs[hs[2] * 9 * words];
        for (unsigned m = g->cand[cell]; m; m &= m - 1, v++) {
            int at = se_lowest(m) * words + (v >> 6);
            uint64_t bit = 1ull << (v & 63);
            box[at] |= bit;
            row[at] |= bit;
            col[at] |= bit;
        }
    }
}

/* Node u into a reached set of "off" node bits: an "off" itself, an
 * "on" as its own "off"s. */
static inline void add_reached(struct se_nested *in, uint64_t *bits, int u, int half, int words)
{
    if (u < half) {
        bits[u >> 6] |= 1ull << (u & 63);
        return;
    }
    const uint64_t *own = own_of(in, u, words);
    for (int x = 0; x < words; x++)
        bits[x] |= own[x];
}

/* Per component with an edge out, what it reaches as "off" node bits:
 * the "off"s, and the "off"s of every "on" among them (as reach.c's sets,
 * with each "on" node's own "off"s added where it is met, in its stead).
 * The "on"s can be left out: an "on" met is met with its own "off"s, and
 * an "on" some link enters has one (the other place or digit of that
 * link), so sets that share an "on" share an "off". */
static void multiple_sets(struct se_nested *in, int words)
{
    se_reach *r = &in->reach;
    int half = r->n / 2;
    for (int c = 0; c < r->ncomp; c++)
        r->merged[c] = -1;
    for (int c = 0; c < r->ncomp; c++) {
        int first = r->member[r->comp_first[c]];
        if (r->comp_first[c + 1] - r->comp_first[c] == 1 && !se_reach_out(r, first)) {
            r->merged[c] = -2; /* nothing leaves it: no set */
            continue;
        }
        uint64_t *bits = r->reached[c];
        memset(bits, 0, sizeof(uint64_t) * (size_t)words);
        for (int i = r->comp_first[c]; i < r->comp_first[c + 1]; i++) {
            int u = r->member[i];
            if (r->cyclic[c])
                add_reached(in, bits, u, half, words);
            for (int e = r->first_edge[u]; e < r->first_edge[u + 1]; e++) {
                int w = r->edge[e], cw = r->comp[w];
                if (cw == c)
                    continue;
                add_reached(in, bits, w, half, words);
                if (r->merged[cw] == c || r->merged[cw] == -2)
                    continue;
                r->merged[cw] = (int16_t)c;
                for (int x = 0; x < words; x++)
                    bits[x] |= r->reached[cw][x];
            }
        }
    }
}

/* Candidate k's reached set, over the "off" nodes: the graph's part, and the
 * dead-end "off"s of every "on" reached (or the assumption); made on
 * first use for the grid at hand. */
static const uint64_t *rset_make(struct se_nested *in, int k, int words)
{
    uint64_t *set = in->rset[k];
    in->rset_gen[k] = in->rset_now;
    in->rset_at[k] = set;
    se_reach *r = &in->reach;
    int v = in->node_of[k + 729], half = r->n / 2;
    if (r->seen[v] == r->gen && se_reach_out(r, v) && r->cyclic[r->comp[v]])
        return in->rset_at[k] = r->reached[r->comp[v]]; /* with v's own "off"s (multiple_sets) */
    own_into(in, k, words, set);
    if (r->seen[v] == r->gen && se_reach_out(r, v)) {
        const uint64_t *restrict more = r->reached[r->comp[v]];
        for (int x = 0; x < words; x++)
            set[x] |= more[x];
        return set;
    }
    /* nothing leaves it, or nothing enters it (no component): what the
     * nodes it leads to reach, and they */
    for (int e = r->first_edge[v]; e < r->first_edge[v + 1]; e++) {
        int w = r->edge[e];
        if (w < half) {
            set[w >> 6] |= 1ull << (w & 63);
        } else { /* (an "on" never follows an "on": for safety) */
            const uint64_t *own = own_of(in, w, words);
            for (int x = 0; x < words; x++)
                set[x] |= own[x];
        }
        if (r->seen[w] == r->gen && se_reach_out(r, w))
            for (int x = 0; x < words; x++)
                set[x] |= r->reached[r->comp[w]][x];
    }
    return set;
}

static inline const uint64_t *rset_of(struct se_nested *in, int k, int words)
{
    return in->rset_gen[k] == in->rset_now ? in->rset_at[k] : rset_make(in, k, words);
}

/* Have the reached sets of these candidates (keys[0..n), n >= 2)
 * anything in common? (Made one by one, stopping when nothing is left.) */
static inline __attribute__((always_inline)) int common_reach(struct se_nested *in, const int *keys,
                                                              int n, int words)
{
    uint64_t common[SE_REACH_WORDS], any = 0;
    const uint64_t *first = rset_of(in, keys[0], words), *second = rset_of(in, keys[1], words);
    for (int w = 0; w < words; w++)
        any |= common[w] = first[w] & second[w];
    for (int i = 2; i < n && any; i++) {
        const uint64_t *set = rset_of(in, keys[i], words);
        any = 0;
        for (int w = 0; w < words; w++)
            any |= common[w] &= set[w];
    }
    return any != 0;
}

/* For the chain of keys[0..n): bit ids[i] when the reached sets of all
 * but keys[i] have something in common besides keys[i]'s "off" (which
 * they all hold: each of them turns keys[i] off, and keys[i] is the
 * candidate that would be gone). */
static inline __attribute__((always_inline)) unsigned leave_one_out(struct se_nested *in,
                                                                    const int *keys,
                                                                    const int *ids, int n,
                                                                    int words)
{
    uint64_t prefix[9][SE_REACH_WORDS], suffix[SE_REACH_WORDS];
    const uint64_t *set[9];
    for (int x = 0; x < words; x++)
        prefix[0][x] = suffix[x] = ~0ull;
    for (int i = 0; i < n; i++) {
        set[i] = rset_of(in, keys[i], words);
        if (i + 1 < n)
            for (int x = 0; x < words; x++)
                prefix[i + 1][x] = prefix[i][x] & set[i][x];
    }
    unsigned mask = 0;
    for (int i = n - 1; i >= 0; i--) {
        /* the others' common part, less the member's own "off", and the
         * suffix for the member before, in one pass */
        int self = in->node_of[keys[i]];
        uint64_t any = 0;
        const uint64_t *pre = prefix[i], *own = set[i];
        for (int x = 0; x < words; x++) {
            any |= pre[x] & suffix[x] & ~(x == self >> 6 ? 1ull << (self & 63) : 0);
            suffix[x] &= own[x];
        }
        if (any)
            mask |= 1u << ids[i];
    }
    return mask;
}

/* plan_multiple's work, over sets of `words` words. */
static inline __attribute__((always_inline)) void plan_chains(struct se_nested *in,
                                                              const se_state *cur, int words)
{
    if (++in->rset_now == 0) {
        memset(in->rset_gen, 0, sizeof in->rset_gen);
        memset(in->own_gen, 0, sizeof in->own_gen);
        in->rset_now = 1;
    }
    make_place_offs(in, words);
    multiple_sets(in, words);
    /* the region chains by their first cell: bit 3 * digit + house type
     * (the order the producer meets them in) */
    uint32_t regions[81] = { 0 };
    for (int house = 0; house < 27; house++)
        for (int d = 0; d < 9; d++) {
            unsigned places = cur->pos[house][d + 1];
            if (!(places & (places - 1)))
                continue; /* fewer than two places */
            int cell = se_house_cell[house][se_lowest(places)];
            regions[cell] |= 1u << (3 * d + house / 9); /* boxes, rows, columns */
        }
    for (int cell = 0; cell < 81; cell++) {
        unsigned cand = cur->cand[cell];
        in->chains[cell] = 0; /* (fewer than three digits: not searched) */
        in->loo[cell] = 0; /* three digits or fewer: two left have no chain */
        if (se_popcount(cand) < 3)
            continue;
        int keys[9], ids[9], nkeys = 0, any;
        for (unsigned m = cand; m; m &= m - 1) {
            ids[nkeys] = se_lowest(m);
            keys[nkeys++] = cell * 9 + se_lowest(m);
        }
        any = common_reach(in, keys, nkeys, words);
        if (nkeys > 3)
            in->loo[cell] = any ? 0x1ff : (uint16_t)leave_one_out(in, keys, ids, nkeys, words);
        uint32_t chains = any ? SE_CELL_CHAIN : 0;
        /* every region chain of a cell that searches is asked, so that
         * the search makes only the chains that can give something */
        for (uint32_t m = regions[cell]; m; m &= m - 1) {
            int bit = se_lowest(m), d = bit / 3, house = se_cell_house[cell][bit % 3];
            nkeys = 0;
            for (unsigned places = cur->pos[house][d + 1]; places; places &= places - 1)
                keys[nkeys++] = se_house_cell[house][se_lowest(places)] * 9 + d;
            if (common_reach(in, keys, nkeys, words))
                chains |= 1u << bit;
        }
        in->chains[cell] = chains;
    }
    /* every region of three places or more: one place lost, the others
     * are met from the first of them, or the second when the first is
     * lost. Worked out where one of those two is a skipped cell that can
     * search; where they are open cells (which make a region chain only
     * when it is wanted) or cannot search (two digits or fewer: cells
     * never gain digits), every member is taken to matter. Nor for three
     * places: a grid narrowed from this one (nested_narrow.c) that lost
     * one of them would have two left, a unit of two, so none asks. */
    for (int house = 0; house < 27; house++)
        for (int d = 0; d < 9; d++) {
            unsigned places = cur->pos[house][d + 1];
            uint16_t *loo = &in->loo[81 + house * 9 + d];
            *loo = 0;
            int count = se_popcount(places);
            if (count < 3)
                continue;
            if (count == 3) {
                *loo = 0x1ff;
                continue;
            }
            int keys[9], ids[9], nkeys = 0, matters = 0;
            for (unsigned m = places; m; m &= m - 1) {
                int cell = se_house_cell[house][se_lowest(m)];
                if (nkeys < 2)
                    matters |= !in->chains[cell] && se_popcount(cur->cand[cell]) > 2;
                ids[nkeys] = se_lowest(m);
                keys[nkeys++] = cell * 9 + d;
            }
            /* not worked out: every member may matter (an open cell
             * runs only the chains it wants, narrow_cells) */
            *loo = matters ? (uint16_t)leave_one_out(in, keys, ids, nkeys, words) : 0x1ff;
        }
    in->chains_valid = 1;
}

void se_nested_plan_multiple(struct se_nested *in, const se_state *cur)
{
    in->chains_valid = 0;
    if (in->plain)
        return;
    if (!in->prepared)
        se_nested_prepare(in, cur);
    se_reach *r = &in->reach;
    /* the XY pass's graph, unless the forcing chains & cycles just made it */
    if (!in->xy_graph && make_graph(in, 1, 2) < 0)
        return;
    /* over the "off" nodes; most grids have at most 256 candidates: their
     * sets are four words (zero past the nodes), a size the compiler
     * knows in that copy of the loops */
    int words = (r->n / 2 + 63) / 64;
    if (words <= 4)
        plan_chains(in, cur, 4);
    else
        plan_chains(in, cur, words);
}

/* The keys of the components the planned cycle searches start in. */
void se_nested_keep_cycle_keys(struct se_nested *in, const se_state *cur)
{
    const se_reach *r = &in->reach;
    uint8_t taken[SE_REACH_MAX_NODES];
    memset(taken, 0, (size_t)r->ncomp);
    memset(in->cycle_keys, 0, sizeof in->cycle_keys);
    for (int cell = 0; cell < 81; cell++)
        for (unsigned m = cur->cand[cell]; m; m &= m - 1) {
            int k = cell * 9 + se_lowest(m), v = in->node_of[k + 729];
            if (!(in->plan[k] & 1) || r->seen[v] != r->gen || taken[r->comp[v]])
                continue;
            int c = r->comp[v];
            taken[c] = 1;
            for (int i = r->comp_first[c]; i < r->comp_first[c + 1]; i++) {
                int key = in->key_of[r->member[i]];
                in->cycle_keys[key >> 6] |= 1ull << (key & 63);
            }
        }
    in->cycle_keys_known = 1;
}

/* Are the lost candidates (in->gone) outside the parent's component
 * keys, both their "off" and their "on"? */
int se_nested_lost_outside(const struct se_nested *in, const uint16_t *keys16)
{
    uint64_t keys[KEY_WORDS];
    memcpy(keys, keys16, sizeof keys);
    for (int i = 0; i < in->ngone; i++) {
        int k = in->gone[i], on = k + 729;
        if ((keys[k >> 6] >> (k & 63) & 1) || (keys[on >> 6] >> (on & 63) & 1))
            return 0;
    }
    return 1;
}

/* What "on" start reaches in the XY pass's graph of the grid at hand,
 * itself included, as key bits (KEY_WORDS). */
static void reached_keys(struct se_nested *in, int start, uint64_t *set)
{
    uint16_t queue[1458];
    memset(set, 0, sizeof(uint64_t) * KEY_WORDS);
    set[start >> 6] |= 1ull << (start & 63);
    queue[0] = (uint16_t)start;
    for (int head = 0, tail = 1; head < tail; head++) {
        int k = queue[head], n;
        const uint16_t *next;
        if (k >= 729) {
            next = se_nested_on_off(in, 1, k - 729);
            n = next[28];
        } else {
            next = se_nested_off_on(in, 2, k);
            for (n = 0; n < 4 && next[n]; n++)
                ;
        }
        for (int j = 0; j < n; j++) {
            int t = next[j];
            if (!(set[t >> 6] >> (t & 63) & 1)) {
                set[t >> 6] |= 1ull << (t & 63);
                queue[tail++] = (uint16_t)t;
            }
        }
    }
}

/*
 * A parent's plan holds every search of this grid that finds something
 * along links the parent had. The units of two its lost candidates left
 * (in->new_pair) add links: for the pair {a, b}, "off a -> on b" and
 * "off b -> on a". The graph is its own contrapositive (u -> v where
 * not-v -> not-u), so with A, B what "on a", "on b" reach (here, links
 * old and new):
 * - a forcing chain from s to not-s through "off a -> on b" needs s to
 *   reach "off a" (not-s in A) and "on b" to reach not-s (s reaches
 *   "off b": not-s in B); the other link asks the same;
 * - a cycle through "on" p and one of them: "off p" in A and "on p" in B,
 *   or the other way round; a potential w on such a cycle, the
 *   component's new members: w in B and not-w in A, or the other way.
 * Those searches are added to the plan (and wanted), and those members
 * to the component keys when the parent's are known; a cycle search the
 * parent's plan left and that found nothing there stays skipped only
 * when no new link can lie on its cycles (its component is then the
 * parent's).
 */
void se_nested_widen_plan(struct se_nested *in, uint8_t *planned, uint64_t *keys)
{
    uint64_t from_a[KEY_WORDS], from_b[KEY_WORDS];
    for (int i = 0; i < in->nnew_pair; i++) {
        reached_keys(in, in->new_pair[i][0] + 729, from_a);
        reached_keys(in, in->new_pair[i][1] + 729, from_b);
        for (int side = 0; side < 2; side++) {
            const uint64_t *one = side ? from_a : from_b, *other = side ? from_b : from_a;
            for (int w = 0; w < KEY_WORDS; w++)
                for (uint64_t m = one[w]; m; m &= m - 1) {
                    int key = w * 64 + __builtin_ctzll(m);
                    int neg = key >= 729 ? key - 729 : key + 729;
                    if (side == 0 && (other[w] >> (key & 63) & 1)) {
                        /* in both: the negation of a forcing chain's source */
                        uint8_t bit = key < 729 ? 2 : 4;
                        int k = key < 729 ? key : key - 729;
                        in->plan[k] |= bit;
                        planned[k] |= bit;
                        keys[k >> 6] |= 1ull << (k & 63);
                    }
                    if (!(other[neg >> 6] >> (neg & 63) & 1))
                        continue;
                    if (key >= 729) {
                        in->plan[key - 729] |= 1;
                        planned[key - 729] |= 1;
                        keys[(key - 729) >> 6] |= 1ull << ((key - 729) & 63);
                    }
                    if (in->cycle_keys_known)
                        in->cycle_keys[key >> 6] |= 1ull << (key & 63);
                }
        }
    }
}
