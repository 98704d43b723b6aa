/*
 * nested_narrow.c - narrowing (nested_state.h): a reduced grid that is
 * one already searched less a few candidates starts from that one's plan
 * instead of planning.
 */
#include "nested_narrow.h"
#include "nested_cache.h"
#include "nested_lists.h"
#include "nested_plan.h"

/*
 * Narrowing. Most reduced grids met in a step are grids of the step
 * before, less that step's eliminations: the same outer propagations,
 * on an outer grid that lost a candidate or two. If the lost candidates
 * leave no unit (a cell, a digit in a house) with exactly two, the
 * implication graph of the reduced grid is part of the parent's: its
 * nodes are fewer, and every link it has, the parent had (weak links
 * join present candidates; a strong link is a unit of two, and a unit of
 * two here had the same two there). Then whatever is reachable here was
 * reachable there, and so:
 * - kind 0: what the plan (nested_plan.c) lets through here it let
 *   through there (each test is a path or a component, and components
 *   only split), and a
 *   forcing chain whose negation the XY pass's search did not reach
 *   there is not reachable here: the parent's searches left, on the
 *   candidates still present, are a plan (a search that finds nothing
 *   changes nothing, as in planning);
 * - kind 1: a cell plan_multiple skipped there is skipped here (its
 *   digits' reached sets only shrank) unless its chains changed: the
 *   cell of a lost candidate (fewer digits to agree on) and the first
 *   place left of a lost digit in each of its houses (that region chain
 *   has fewer places, and may now be met from this cell), each only if
 *   the chain's leave-one-out mask, kept with the parent, says the
 *   members left may agree (narrow_cells).
 * A parent is looked for among the grids that differ by some of the
 * candidates the outer grid lost since the last one, most first. When
 * there is none, or the outer grid lost more than MAX_LOST (too many
 * subsets: a placement's step removes ten or twenty), the memo names one:
 * the grid the same outer propagation (its assumption's key) met at the
 * same dry point when last run, mostly in the step before. Any grid that
 * holds every candidate of this one is a parent (the reasons above ask
 * nothing of why the candidates went); it is taken when it is still kept
 * and at most MAX_GONE candidates away. On the ten-puzzle sample this
 * narrows 21% of the forcing chains & cycles' grids planned from scratch
 * before, and 12% of the multiple forcing chains' (theirs may not leave a
 * unit of two).
 */
void se_nested_note_src(struct se_nested *in, const se_state *src)
{
    if (!memcmp(in->last_src, src->cand, sizeof in->last_src))
        return;
    in->src_hash[0] = in->src_hash[1] = 0;
    in->src_misses[0] = in->src_misses[1] = 0;
    in->nlost = 0;
    for (int c = 0; c < 81; c++) {
        unsigned gone = in->last_src[c] & ~src->cand[c];
        if (src->cand[c] & ~in->last_src[c])
            in->nlost = MAX_LOST + 1; /* not a reduction */
        for (; gone && in->nlost <= MAX_LOST; gone &= gone - 1) {
            if (in->nlost < MAX_LOST)
                in->lost[in->nlost] = (uint16_t)(c * 9 + se_lowest(gone));
            in->nlost++;
        }
    }
    memcpy(in->last_src, src->cand, sizeof in->last_src);
}

/* Does losing candidate k (cell * 9 + digit) leave cur a unit of two? */
static int leaves_two(const se_state *cur, int k)
{
    int cell = k / 9, d = k % 9;
    const uint8_t *hs = se_cell_house[cell];
    return se_popcount(cur->cand[cell]) == 2 || se_popcount(cur->pos[hs[0]][d + 1]) == 2 ||
           se_popcount(cur->pos[hs[1]][d + 1]) == 2 || se_popcount(cur->pos[hs[2]][d + 1]) == 2;
}

/* The units of two of cur that the parent's lost candidates (in->gone)
 * left: each a cell with two digits or a house with two places of a
 * digit, once each (two losses may leave the same one). */
static void note_new_pairs(struct se_nested *in, const se_state *cur)
{
    in->nnew_pair = 0;
    for (int i = 0; i < in->ngone; i++) {
        int cell = in->gone[i] / 9, d = in->gone[i] % 9;
        for (int t = -1; t < 3; t++) {
            int a, b; /* the two keys */
            if (t < 0) {
                unsigned m = cur->cand[cell];
                if (se_popcount(m) != 2)
                    continue;
                a = cell * 9 + se_lowest(m);
                b = cell * 9 + se_lowest(m & (m - 1));
            } else {
                int house = se_cell_house[cell][t];
                unsigned m = cur->pos[house][d + 1];
                if (se_popcount(m) != 2)
                    continue;
                a = se_house_cell[house][se_lowest(m)] * 9 + d;
                b = se_house_cell[house][se_lowest(m & (m - 1))] * 9 + d;
            }
            int dup = 0;
            for (int j = 0; j < in->nnew_pair; j++)
                dup |= in->new_pair[j][0] == a && in->new_pair[j][1] == b;
            if (!dup) {
                in->new_pair[in->nnew_pair][0] = (uint16_t)a;
                in->new_pair[in->nnew_pair][1] = (uint16_t)b;
                in->nnew_pair++;
            }
        }
    }
}

/* The parent the memo names for dry point `dry` of the outer
 * propagation from `assumption` (the grid it searched there last, mostly
 * the step before's): kept, narrowable, holding every candidate of cur
 * and at most MAX_GONE more (kind 1: none of them leaving a unit of two).
 * Its lost candidates go to in->gone. */
/* The cached result of producer `kind` with this hash when its grid is a
 * parent of cur at most MAX_GONE candidates away (kind 1: leaving no new
 * unit of two), with in->gone and its plan; else NULL. */
static const kept_result *parent_by_hash(struct se_nested *in, const se_state *cur, int kind,
                                         uint64_t hash, const uint16_t **plan)
{
    struct se_nested_cache *c = in->cache;
    for (int young = 1; young >= 0; young--) {
        const kept_generation *g = &c->gen[young ? c->young : !c->young];
        const kept_result *e = se_nested_cache_find_hash(g, kind, hash);
        if (!e || !e->narrowable)
            continue;
        int n = 0, two = 0;
        for (int cell = 0; cell < 81; cell++) {
            if (cur->cand[cell] & ~e->cand[cell])
                return NULL; /* not a parent */
            for (unsigned m = e->cand[cell] & ~cur->cand[cell]; m; m &= m - 1) {
                if (n == MAX_GONE)
                    return NULL;
                in->gone[n] = (uint16_t)(cell * 9 + se_lowest(m));
                two |= leaves_two(cur, in->gone[n++]);
            }
        }
        if (n == 0 || (two && kind == 1))
            return NULL;
        in->ngone = n;
        if (two)
            note_new_pairs(in, cur);
        in->narrowed[3]++;
        *plan = &g->key[e->plan_first];
        return e;
    }
    return NULL;
}

/* A parent for the grid the dry point `dry` of the outer propagation from
 * `assumption` asks about: the grid searched there the step before (the
 * memo), else the one searched at the dry point before in this
 * propagation, else the outer grid itself. */
static const kept_result *memo_parent(struct se_nested *in, const se_state *cur, int kind,
                                      int assumption, int dry, const uint16_t **plan)
{
    if (assumption < 0 || dry < 0)
        return NULL;
    const kept_result *e = NULL;
    if (dry < MEMO_DRY && in->memo[kind][assumption][dry])
        e = parent_by_hash(in, cur, kind, in->memo[kind][assumption][dry], plan);
    if (!e && dry > 0 && in->last_hash[kind] && in->last_key[kind] == assumption &&
        in->last_dry[kind] == dry - 1)
        e = parent_by_hash(in, cur, kind, in->last_hash[kind], plan);
    if (!e && in->src_hash[kind])
        e = parent_by_hash(in, cur, kind, in->src_hash[kind], plan);
    return e;
}

/* The parent of cur for producer `kind`, and its entries in *plan (kind
 * 0 its searches left, kind 1 its leave-one-out masks); NULL when there
 * is none. The dry point `dry` of the outer propagation from
 * `assumption` asks (-1: not known). */
const kept_result *se_nested_narrow_parent(struct se_nested *in, const se_state *cur, int kind,
                                           int assumption, int dry, const uint16_t **plan)
{
    in->nnew_pair = 0;
    in->ngone = 0;
    if (in->plain || kind > 1)
        return NULL;
    if (in->nlost < 1 || in->nlost > MAX_LOST)
        return memo_parent(in, cur, kind, assumption, dry, plan);
    struct se_nested_cache *c = in->cache;
    se_state parent;
    /* first a parent whose graph holds this one's; then (kind 0) one
     * whose lost candidates left units of two (nested_search.c adds the
     * searches their links open) */
    for (int widen = 0; widen <= (kind == 0); widen++)
        for (int set = (1 << in->nlost) - 1; set > 0; set--) {
            int fits = 1, two = 0;
            memcpy(parent.cand, cur->cand, sizeof parent.cand);
            for (int i = 0; i < in->nlost && fits; i++) {
                if (!(set >> i & 1))
                    continue;
                int cell = in->lost[i] / 9, d = in->lost[i] % 9;
                if (cur->cand[cell] >> d & 1)
                    fits = 0; /* present here */
                two |= leaves_two(cur, in->lost[i]);
                parent.cand[cell] |= (uint16_t)(1u << d);
            }
            if (!fits || two != widen)
                continue;
            uint64_t hash = se_cand_hash(&parent, (uint64_t)kind + 1);
            unsigned at;
            for (int young = 1; young >= 0; young--) {
                const kept_generation *g = &c->gen[young ? c->young : !c->young];
                const kept_result *e = se_nested_cache_find(g, &parent, kind, hash, &at);
                if (e && e->narrowable) {
                    for (int i = 0; i < in->nlost; i++)
                        if (set >> i & 1)
                            in->gone[in->ngone++] = in->lost[i];
                    *plan = &g->key[e->plan_first];
                    if (widen)
                        note_new_pairs(in, cur);
                    return e;
                }
            }
        }
    return memo_parent(in, cur, kind, assumption, dry, plan);
}

/* Kind 1's cells to skip under a parent (se_nested_narrow_parent), whose
 * chains' leave-one-out masks are at loo, followed by its open cells'
 * chains (se_nested_keep); in->loo gets this grid's (a changed chain's:
 * all, unknown). A chain that gives nothing in the parent gives nothing
 * here unless it lost a member (the graph is part of the parent's): such
 * a chain is made again where its leave-one-out mask says the others may
 * agree. */
void se_nested_narrow_cells(struct se_nested *in, const se_state *cur, const kept_result *parent,
                            const uint16_t *loo)
{
    uint32_t chains[81];
    const uint16_t *kept = loo + LOO_UNITS;
    for (int cell = 0; cell < 81; cell++) {
        chains[cell] = 0;
        if (parent->open[cell >> 6] >> (cell & 63) & 1) {
            chains[cell] = (uint32_t)kept[0] | (uint32_t)kept[1] << 16;
            kept += 2;
        }
    }
    memcpy(in->loo, loo, sizeof in->loo);
    uint8_t losses[LOO_UNITS]; /* per chain, how many members it lost */
    memset(losses, 0, sizeof losses);
    for (int i = 0; i < in->ngone; i++) {
        int cell = in->gone[i] / 9, d = in->gone[i] % 9;
        losses[cell]++;
        for (int t = 0; t < 3; t++)
            losses[81 + se_cell_house[cell][t] * 9 + d]++;
    }
    for (int i = 0; i < in->ngone; i++) {
        int cell = in->gone[i] / 9, d = in->gone[i] % 9;
        /* two losses in one chain: leave-one-out says nothing, open */
        if (losses[cell] > 1 || (loo[cell] >> d & 1))
            chains[cell] |= SE_CELL_CHAIN;
        in->loo[cell] = se_popcount(cur->cand[cell]) > 3 ? 0x1ff : 0;
        for (int t = 0; t < 3; t++) {
            int house = se_cell_house[cell][t], unit = 81 + house * 9 + d;
            unsigned places = cur->pos[house][d + 1];
            int at = se_cell_place[cell][t];
            if (se_popcount(places) >= 2 && (losses[unit] > 1 || (loo[unit] >> at & 1))) {
                /* met from its first place left */
                int first = se_house_cell[house][se_lowest(places)];
                chains[first] |= 1u << (3 * d + t);
            }
            in->loo[unit] = se_popcount(places) > 2 ? 0x1ff : 0;
        }
    }
    memcpy(in->chains, chains, sizeof chains);
    in->chains_valid = 1;
}

/* The tests' check of a narrowed result (se_nested_verify_narrowing):
 * the exact plan of cur, made as without a parent, must want nothing the
 * narrowed one left out: no search kept for the children (kind 0), no
 * cell, chain or leave-one-out bit (kind 1). The narrowed plan stays in
 * place. */
void se_nested_check_narrowed(struct se_nested *in, const se_state *cur, int kind)
{
    in->verified++;
    if (kind == 0) {
        uint8_t narrowed[729]; /* the searches kept for the children */
        memset(narrowed, 0, sizeof narrowed);
        for (int i = 0; i < in->nplan_list; i++)
            narrowed[in->plan_list[i] & 1023] = (uint8_t)(in->plan_list[i] >> 10 & 7);
        if (!in->prepared)
            se_nested_prepare(in, cur);
        if (se_nested_plan_xy(in, cur) == 0)
            for (int k = 0; k < 729; k++)
                if ((cur->cand[k / 9] >> (k % 9) & 1) && se_popcount(cur->cand[k / 9]) >= 2 &&
                    (in->plan[k] & ~narrowed[k]))
                    in->violations++;
        memcpy(in->plan, narrowed, sizeof narrowed);
        return;
    }
    uint16_t loo[LOO_UNITS];
    uint32_t chains[81]; /* the narrowed plan's (none: skipped) */
    memcpy(loo, in->loo, sizeof loo);
    memcpy(chains, in->chains, sizeof chains);
    se_nested_plan_multiple(in, cur);
    if (in->chains_valid) {
        /* every chain the exact plan searches (a cell it searches has one) */
        for (int cell = 0; cell < 81; cell++)
            if (se_popcount(cur->cand[cell]) >= 3 && (in->chains[cell] & ~chains[cell]))
                in->violations++;
        /* a leave-one-out bit matters where the chain would be met from
         * a skipped cell that can search (plan_multiple) */
        for (int cell = 0; cell < 81; cell++)
            if (!chains[cell] && (in->loo[cell] & ~loo[cell]))
                in->violations++;
        for (int house = 0; house < 27; house++)
            for (int d = 0; d < 9; d++) {
                int u = 81 + house * 9 + d, met = 0, n = 0;
                for (unsigned m = cur->pos[house][d + 1]; m && n < 2; m &= m - 1, n++) {
                    int cell = se_house_cell[house][se_lowest(m)];
                    met |= !chains[cell] && se_popcount(cur->cand[cell]) > 2;
                }
                if (met && (in->loo[u] & ~loo[u]))
                    in->violations++;
            }
    }
    memcpy(in->loo, loo, sizeof loo);
    memcpy(in->chains, chains, sizeof chains);
    in->chains_valid = 1;
}
