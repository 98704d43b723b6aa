/*
 * nested.c - nesting levels 2 to 5 of the reference's dynamic chains
 * (9.5, 10.0, 10.5, 11.0): when a dynamic propagation runs dry and
 * pointing/claiming, hidden and naked pairs and X-wings on the reduced
 * grid give nothing usable (dynamic_plus.c), the reference runs whole
 * chain producers on the reduced grid, and every hint of the first that
 * has one resting on the outer chain's removals turns its eliminations
 * "off". The inner producers: level 2 its "Forcing Chains & Cycles";
 * level 3 those, then multiple forcing chains; level 4 dynamic forcing
 * chains; level 5 those, then dynamic chains of level 2 (whose own dry
 * points run the forcing chains & cycles again, one work area deeper).
 * The forcing chain producers record their hints here through
 * se_inner_record (forcing_chains.c, collecting mode).
 *
 * The inner producer is the plain one (cycles.c states it): three passes
 * (X links, Y links, both), from every candidate of every cell with two or
 * more (Y: exactly two), breadth first: cycles back to the assumption at
 * least four links long, and (X, XY) the first chain from the assumption
 * "on", then "off", to its negation. Unlike the top level it needs ALL its
 * hints: sorted by rating, complexity and kind (stably), those with the
 * same eliminations as an earlier one dropped, in that order.
 *
 * A hint's rule parents are the outer chain's removals its "on" links
 * needed: for an "on" made by the cell rule, its cell's removed digits;
 * by a house rule, the digit's removed places in that house. A cycle is
 * read both ways, the reversed way (each link negated, keeping its rule)
 * after the forward one. The new "off"s have those removals as parents
 * and the inner chain as their nested chain: an outer conclusion's
 * complexity adds each distinct nested chain's complexity once (a chain
 * is known by its targets and the sequence of its links, here a 64-bit
 * signature).
 *
 * The inner search has its own work area (its nodes live while the outer
 * chain's do). Every inner hint is recorded whole (rating, eliminations,
 * the units of its rule parents, signature) when found, so its nodes can
 * go.
 *
 * Some 10,000 inner producer runs make an 11.x rating, so they take
 * shortcuts that change no hint (each has a plain twin in the tests:
 * se_nested_plain): the forcing chains & cycles run only the searches the
 * reachability of the implication graph allows (plan_pass, reach.c); the
 * multiple forcing chains skip the cells whose chains can have nothing in
 * common (plan_multiple); each producer's hints are kept per reduced
 * grid, across outer grids, their rule parents read again under each
 * (inner_result, replay); a reduced grid that is one already searched
 * less a few candidates (the step before's, less that step's
 * eliminations; or the grid the same outer propagation met at the same
 * dry point the step before, or at its dry point before; or the outer
 * grid itself, searched once two reduced grids under it found no
 * parent) starts from that one's plan instead of planning
 * (narrow_parent), the forcing chains & cycles adding the searches the
 * links of new units of two open (widen_plan); the implication lists are
 * made on demand.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "nested.h"
#include "reach.h"
#include "testing.h"

#define MAX_HINTS (1 << 14)
#define MAX_KEYS (1 << 19)
#define OFF_WORDS ((729 + 63) / 64) /* a set of "off" nodes */
#define MAX_LOST 4
/* A parent may have this many candidates the reduced grid lacks: each
 * lost unit of two adds two small searches (widen_plan). On the ten-puzzle
 * sample 12 did best: at 24 one puzzle took 2% more instructions than
 * planning from scratch, at 6 the others saved less */
#define MAX_GONE 12
/* dry points of a propagation whose grids are remembered (narrow_parent) */
#define MEMO_DRY 4
#define LOO_UNITS (81 + 27 * 9)
#define KEY_WORDS ((1458 + 63) / 64) /* a set of keys, "off"s and "on"s */

typedef struct inner_hint {
    double difficulty;
    int complexity, sort_key;
    uint64_t signature, elim_hash;
    int elim_first, elim_count, unit_first, unit_count;
} inner_hint;

/* A kept hint usable under the outer grid at hand (replay): its rule
 * parents (in use_key), its eliminations (in the cache). */
typedef struct used_hint {
    uint64_t signature;
    int complexity;
    int parent_first, parent_count, elim_count;
    const uint16_t *elim;
} used_hint;

struct se_inner {
    se_producers *p; /* the inner producers, one nesting depth down */
    se_chain_ws *ws; /* their engine (p->ws), which the searches use */
    struct se_inner_cache *cache;
    /* the outer chain's grids: rule parents are removals from src to cur */
    const se_state *src, *cur;
    uint32_t parent_mark;
    int overflow;
    inner_hint hint[MAX_HINTS];
    int order[MAX_HINTS], tmp[MAX_HINTS];
    int nhint;
    uint16_t key[MAX_KEYS];
    int nkey;
    uint32_t mark[729], mark_now;
    /* the implications on the reduced grid, made once per search:
     * on -> off without / with the cell rule (count at [28]), and off ->
     * on for X, Y, XY links (0 ends a list: an "on" key is never 0) with
     * the rule that makes each */
    uint16_t on_off[2][729][29];
    uint32_t on_off_gen[729], tables_gen; /* on_off[][k] made for these tables */
    const se_state *table_grid;
    /* the candidates the lists were last made for (make_tables) */
    uint16_t tables_cand[81];
    int tables_known;
    uint16_t off_on[3][729][4];
    int8_t off_on_rule[3][729][4];
    uint32_t off_on_gen[729];  /* off_on[][k] made for these tables */
    uint8_t two[81];           /* the cell has two candidates */
    uint16_t pair[27];         /* per house, the digits with two places */
    uint32_t off_seen[729], off_seen_now;
    /* forcing_chain's search: the keys met (a generation), each one's
     * key met from and (an "on") the rule that made it; its queues */
    uint32_t fc_seen[1458], fc_seen_now;
    uint16_t fc_from[1458];
    int8_t fc_cause[1458];
    uint16_t fc_queue_on[729], fc_queue_off[729];
    /* the searches worth running (reach.h): node of a present
     * candidate's key (-1 for the others) and key of a node */
    int16_t node_of[1458];
    uint16_t key_of[1458];
    int16_t live[1458], fill[1458];
    uint32_t entered[1458], entered_now; /* the "on"s some "off" implies */
    int16_t entered_node[729];
    int nentered;
    uint64_t conflict[729][SE_REACH_WORDS]; /* per candidate, over node numbers (reach.h) */
    uint32_t conflict_gen[729], conflict_now;
    se_reach reach;
    uint8_t plan[729];
    int plain;      /* se_nested_plain: every search, nothing kept */
    int prepared;   /* the tables and nodes are those of the grid at hand */
    int tabled;     /* the tables are (prepare_tables) */
    int xy_graph;   /* in reach: the XY pass's graph of the grid at hand */
    /* the multiple forcing chains: what each "on" reaches */
    uint64_t rset[729][SE_REACH_WORDS];
    uint32_t rset_gen[729], rset_now;
    uint64_t own[729][SE_REACH_WORDS];
    uint32_t own_gen[729];
    /* per cell, its chains that can give a hint (when chains_valid;
     * none: the cell is skipped): bit 3 * digit + house type (0 box, 1
     * row, 2 column) a region chain met from it, SE_CELL_CHAIN its cell
     * chain */
    uint32_t chains[81];
    int chains_valid;
    /* the kept hints by their eliminations' hash: open addressing */
    uint32_t table_mark[2 * MAX_HINTS], table_now;
    int table_hint[2 * MAX_HINTS];
    /* the multiple forcing chains: per house and digit, the "off" nodes
     * of its places (house * 9 + digit, then the words) */
    uint64_t place_offs[27 * 9 * OFF_WORDS];
    const uint64_t *rset_at[729]; /* rset_of's set: rset[k], or a component's */
    /* the result at hand under the outer grid at hand (inner_result) */
    used_hint use[MAX_HINTS];
    int nuse;
    uint16_t use_key[MAX_KEYS];
    int nuse_key;
    /* narrowing (narrow_parent): the candidates the outer grid lost since
     * the outer grid before it (a step's eliminations, mostly; more than
     * MAX_LOST: none kept), and those a reduced grid lost from its parent */
    uint16_t last_src[81];
    int nlost;
    uint16_t lost[MAX_LOST];
    /* the parent found: the candidates it has that the reduced grid lacks */
    uint16_t gone[MAX_GONE];
    int ngone;
    /* kind 0: the units of two the parent's lost candidates left (their
     * two candidates' keys), whose links the parent's graph lacks */
    uint16_t new_pair[4 * MAX_GONE][2];
    int nnew_pair;
    /* per producer, outer propagation (its assumption's key) and dry point
     * (the first MEMO_DRY), the hash of the grid last searched there: the
     * same propagation's grid of the step before, a parent for this one's
     * when the outer grid lost too many candidates for the search by
     * subsets (0: none) */
    uint64_t memo[2][1458][MEMO_DRY];
    /* per producer, the grid searched last (its hash), with the outer
     * propagation (assumption key) and dry point that asked: the same
     * propagation's grid at the dry point before is a parent too (the
     * inner hints used there remove a few candidates, often nothing
     * more) */
    uint64_t last_hash[2];
    int last_key[2], last_dry[2];
    /* per producer, the outer grid's own result (its hash; 0: not made),
     * a parent for the grids of the weak assumptions' propagations, a
     * few candidates less than it (many "off"s remove little before their
     * first dry point); made once two grids under this outer grid had no
     * parent (src_misses) */
    uint64_t src_hash[2];
    int src_misses[2];
    /* what the result being made leaves to a grid reduced from it: kind 0
     * the searches (key | plan bits << 10), kind 1 the cells not skipped */
    uint16_t plan_list[729];
    int nplan_list;
    uint64_t open[2];
    uint32_t open_chains[81]; /* kind 1: an open cell's chains (se_inner_chains) */
    /* kind 1: per chain, which one member left out may leave the others
     * something in common (narrow_cells): a cell's chain by digit (81),
     * then a region's (house * 9 + digit) by place */
    uint16_t loo[LOO_UNITS];
    /* kind 0: the keys of the components of the cycle searches planned
     * (cycles), kept for the grids narrowed from this one */
    uint64_t cycle_keys[KEY_WORDS];
    int cycle_keys_known;
    long narrowed[4]; /* made under a parent, per kind; [2] widened, [3] the
                         parent from the memo (for the tests) */
    /* se_nested_verify_narrowing: each narrowed plan against the exact one */
    int verify;
    long verified, violations;
};

static void inner_free(struct se_inner *in)
{
    if (!in)
        return;
    se_producers_free(in->p);
    free(in->cache);
    free(in);
}

static struct se_inner_cache *cache_new(void);
static void inner_reset(struct se_inner *in);
static struct se_inner *inner_get(se_producers *outer)
{
    if (outer->inner && outer->inner_stale)
        inner_reset(outer->inner); /* a previous puzzle's (se_producers_reset) */
    outer->inner_stale = 0;
    if (outer->inner)
        return outer->inner;
    struct se_inner *in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    if (!(in->p = se_producers_new()) || !(in->cache = cache_new())) {
        se_producers_free(in->p);
        free(in);
        return NULL;
    }
    in->ws = in->p->ws;
    outer->inner = in;
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
    /* the inner producers (some MB) are made new when a nested chain asks
     * for them (inner_get): most puzzles never do */
    p->inner_stale = p->inner != NULL;
}

void se_producers_free(se_producers *p)
{
    if (!p)
        return;
    se_chain_ws_free(p->ws);
    se_fc_free(p->fc);
    se_dry_memo_free(p->dry);
    inner_free(p->inner);
    free(p);
}

static uint32_t next_mark(struct se_inner *in)
{
    if (++in->mark_now == 0) {
        memset(in->mark, 0, sizeof in->mark);
        in->mark_now = 1;
    }
    return in->mark_now;
}

/* The "on -> off" lists of candidate k on the grid of the tables, made
 * on first use: the cell's other digits, then the digit's other places
 * in the box, the row and the column (the lines without the box's
 * cells), as se_on_to_off lists them; without the cell rule, the same
 * less the cell's digits. Most of them are never read by the searches
 * of a grid. */
static void make_on_off(struct se_inner *in, int k)
{
    const se_state *g = in->table_grid;
    int cell = k / 9, d = k % 9;
    unsigned cand = g->cand[cell];
    const uint8_t *hs = se_cell_house[cell], *at = se_cell_place[cell];
    uint16_t *with = in->on_off[1][k], *without = in->on_off[0][k];
    int n = 0, others;
    for (unsigned o = cand & ~(1u << d); o; o &= o - 1)
        with[n++] = (uint16_t)(cell * 9 + se_lowest(o));
    others = n;
    for (int t = 0; t < 3; t++) {
        unsigned places = g->pos[hs[t]][d + 1] & ~(1u << at[t]);
        if (t)
            places &= ~(unsigned)se_house_in[hs[t]][hs[0]];
        const uint8_t *hc = se_house_cell[hs[t]];
        for (; places; places &= places - 1)
            with[n++] = (uint16_t)(hc[se_lowest(places)] * 9 + d);
    }
    with[28] = (uint16_t)n;
    memcpy(without, with + others, sizeof(uint16_t) * (size_t)(n - others));
    without[28] = (uint16_t)(n - others);
    in->on_off_gen[k] = in->tables_gen;
}

static inline const uint16_t *on_off(struct se_inner *in, int y, int k)
{
    if (in->on_off_gen[k] != in->tables_gen)
        make_on_off(in, k);
    return in->on_off[y][k];
}

/* The "off -> on" lists of candidate k on the grid of the tables, made
 * on first use: Y (the cell's other digit when it has two), then X (the
 * other place in each house where the digit has two, box, row, column,
 * each "on" once), as se_off_to_on_keys lists them; 0 ends a list. */
static void make_off_on(struct se_inner *in, int k)
{
    const se_state *g = in->table_grid;
    int cell = k / 9, d = k % 9;
    unsigned cand = g->cand[cell];
    const uint8_t *hs = se_cell_house[cell], *at = se_cell_place[cell];
    uint16_t *xy = in->off_on[2][k], *y = in->off_on[1][k], *x = in->off_on[0][k];
    int8_t *xyr = in->off_on_rule[2][k], *yr = in->off_on_rule[1][k], *xr = in->off_on_rule[0][k];
    memset(xy, 0, sizeof(uint16_t) * 4);
    memset(y, 0, sizeof(uint16_t) * 4);
    memset(x, 0, sizeof(uint16_t) * 4);
    int ny = 0, nx = 0;
    if (in->two[cell]) {
        xy[0] = y[0] = (uint16_t)(729 + cell * 9 + se_lowest(cand & ~(1u << d)));
        xyr[0] = yr[0] = -1;
        ny = 1;
    }
    for (int t = 0; t < 3; t++) {
        if (!(in->pair[hs[t]] >> d & 1))
            continue; /* not exactly two places */
        unsigned places = g->pos[hs[t]][d + 1];
        int key = 729 + se_house_cell[hs[t]][se_lowest(places & ~(1u << at[t]))] * 9 + d;
        int dup = 0;
        for (int i = 0; i < nx; i++)
            dup |= x[i] == key;
        if (dup)
            continue;
        x[nx] = xy[ny + nx] = (uint16_t)key;
        xr[nx] = xyr[ny + nx] = (int8_t)hs[t];
        nx++;
    }
    in->off_on_gen[k] = in->tables_gen;
}

static inline const uint16_t *off_on(struct se_inner *in, int table, int k)
{
    if (in->off_on_gen[k] != in->tables_gen)
        make_off_on(in, k);
    return in->off_on[table][k];
}

/* The house type (0 box, 1 row, 2 column) of the first house the two
 * (different) cells share, as the reference's "on -> off" rule meets it. */
static int shared_house(int a, int b)
{
    for (int t = 0; t < 3; t++)
        if (se_cell_house[a][t] == se_cell_house[b][t])
            return se_cell_house[a][t];
    return -2;
}

typedef struct search {
    struct se_inner *in;
    se_chain_ws *ws; /* the inner one */
    const se_state *cur;
} search;

static void push_key(struct se_inner *in, int key)
{
    if (in->nkey >= MAX_KEYS) {
        in->overflow = 1;
        return;
    }
    in->key[in->nkey++] = (uint16_t)key;
}

/* The plain version of what follows (se_nested_plain): the removals
 * themselves, from in->src to in->cur, each key once per hint. */
static void plain_rule_parents_of(struct se_inner *in, int key, int cause)
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
 * (inner_result), which read the units again (replay). A unit recorded
 * twice for one hint adds no parent the second time (its removals are
 * all there already), so each is recorded once. The plain twin records
 * the parents themselves under the outer grid at hand, as this did
 * before the results were kept across outer grids.
 */
static void rule_parents_of(struct se_inner *in, int key, int cause)
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

/* The path from `end` back to the assumption, end first; its length. */
static int path_of(const se_chain_ws *ws, int32_t end, int32_t *path)
{
    int n = 0;
    for (int32_t p = end; p >= 0; p = ws->node[p].parent)
        path[n++] = p;
    return n;
}

/* Records a hint: eliminations elim[] (keys, cell order), the chain's
 * path(s); reversed: also read the cycle backwards. */
static void record(search *q, const int32_t *path, int n, int reversed, double base,
                   int sort_key, const uint16_t *elim, int nelim)
{
    struct se_inner *in = q->in;
    const se_chain_ws *ws = q->ws;
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
    in->parent_mark = next_mark(in);
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
static void record_found(void *ctx, se_chain_ws *ws, const se_chain_found *found)
{
    struct se_inner *in = ctx;
    const se_hint *hint = found->hint;
    const int32_t *ends = found->ends;
    int nends = found->nends, root_cause = found->root_cause;
    if (in->nhint >= MAX_HINTS) {
        in->overflow = 1;
        return;
    }
    inner_hint *h = &in->hint[in->nhint];
    h->unit_first = in->nkey;
    in->parent_mark = next_mark(in);
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
        record(q, path, n, 1, y && x ? 7.0 : 6.5, y && x ? 4 : y ? 3 : 2, elim, nelim);
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
        record(q, path, n, 0, y ? 7.0 : 6.6, y ? 4 : 2, elim, nelim);
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
static inline int in_component(const struct se_inner *in, int k, int comp)
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
 * (narrow_parent) uses its parent's components, which hold its own.
 */
static void cycles(search *q, int source, int y, int x)
{
    se_chain_ws *ws = q->ws;
    struct se_inner *in = q->in;
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
            const uint16_t *offs = on_off(in, y, ws->node[p].key - 729);
            int n = offs[28];
            uint32_t st = mark_ancestors(ws, p);
            for (int i = 0; i < n; i++) {
                if (ws->stamp[offs[i]] == st || !in_component(in, offs[i], comp))
                    continue;
                /* a copy of an "off" met before implies only "on"s its
                 * first copy has queued by the time it is processed: it
                 * matters only when it closes the cycle */
                if (in->off_seen[offs[i]] == seen) {
                    const uint16_t *o = off_on(in, table, offs[i]);
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
            const uint16_t *keys = off_on(in, table, ws->node[p].key);
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
    struct se_inner *in = q->in;
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
    struct se_inner *in = q->in;
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
            const uint16_t *offs = on_off(in, y, p - 729);
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
            const uint16_t *keys = off_on(in, table, p);
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

/* Which digits of house h have exactly two places on grid g. */
static uint16_t pairs_of(const se_state *g, int h)
{
    unsigned pair = 0;
    for (int d = 1; d <= 9; d++) {
        unsigned places = g->pos[h][d];
        if (places && se_one_bit(places & (places - 1)))
            pair |= 1u << (d - 1);
    }
    return (uint16_t)pair;
}

/*
 * The tables of grid g: which cells have two candidates and which digits
 * two places in each house; the lists on demand. A candidate's lists
 * depend on its cell's candidates and its digit's places in its three
 * houses, nothing else; the grids of consecutive inner runs differ in a
 * few candidates (a fifth to a third of the lists change), so the lists
 * of the last grid stay unless one of those changed.
 */
static void make_tables(struct se_inner *in, const se_state *g)
{
    in->table_grid = g;
    if (!in->tables_known || in->plain) { /* (the twin makes every list anew) */
        if (++in->tables_gen == 0) {
            memset(in->on_off_gen, 0, sizeof in->on_off_gen);
            memset(in->off_on_gen, 0, sizeof in->off_on_gen);
            in->tables_gen = 1;
        }
        for (int cell = 0; cell < 81; cell++) {
            unsigned cand = g->cand[cell];
            in->two[cell] = (uint8_t)(cand && se_one_bit(cand & (cand - 1)));
        }
        for (int h = 0; h < 27; h++)
            in->pair[h] = pairs_of(g, h);
        memcpy(in->tables_cand, g->cand, sizeof in->tables_cand);
        in->tables_known = 1;
        return;
    }
    uint16_t digits[27] = { 0 }; /* per house, the digits whose places changed */
    for (int cell = 0; cell < 81; cell++) {
        unsigned cand = g->cand[cell], changed = cand ^ in->tables_cand[cell];
        if (!changed)
            continue;
        in->tables_cand[cell] = (uint16_t)cand;
        in->two[cell] = (uint8_t)(cand && se_one_bit(cand & (cand - 1)));
        for (int d = 0; d < 9; d++) /* the cell's own lists */
            in->on_off_gen[cell * 9 + d] = in->off_on_gen[cell * 9 + d] = 0;
        for (int t = 0; t < 3; t++)
            digits[se_cell_house[cell][t]] |= (uint16_t)changed;
    }
    for (int h = 0; h < 27; h++) {
        if (!digits[h])
            continue;
        in->pair[h] = pairs_of(g, h);
        const uint8_t *hc = se_house_cell[h];
        for (int i = 0; i < 9; i++)
            for (unsigned m = digits[h]; m; m &= m - 1) {
                int k = hc[i] * 9 + se_lowest(m);
                in->on_off_gen[k] = in->off_on_gen[k] = 0;
            }
    }
}

/* Stable order by (difficulty, complexity, sort key): merge sort. */
static int before(const inner_hint *a, const inner_hint *b)
{
    if (a->difficulty != b->difficulty)
        return a->difficulty < b->difficulty;
    if (a->complexity != b->complexity)
        return a->complexity < b->complexity;
    return a->sort_key < b->sort_key;
}

static void sort_hints(struct se_inner *in)
{
    int n = in->nhint, *a = in->order, *t = in->tmp;
    for (int i = 0; i < n; i++)
        a[i] = i;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                t[k++] = before(&in->hint[a[j]], &in->hint[a[i]]) ? a[j++] : a[i++];
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

static int same_elims(const struct se_inner *in, const inner_hint *a, const inner_hint *b)
{
    if (a->elim_hash != b->elim_hash || a->elim_count != b->elim_count)
        return 0;
    return !memcmp(&in->key[a->elim_first], &in->key[b->elim_first],
                   sizeof(uint16_t) * (size_t)a->elim_count);
}

/* The digits of a cell whose "off" implies something (table 0 X: the
 * digit has two places in one of the cell's houses; 1 Y: the cell has two
 * candidates; 2 XY: either). */
static inline unsigned implying(const struct se_inner *in, int table, int cell)
{
    const uint8_t *hs = se_cell_house[cell];
    unsigned x = in->pair[hs[0]] | in->pair[hs[1]] | in->pair[hs[2]], y = in->two[cell] ? 0x1ffu : 0;
    return table == 0 ? x : table == 1 ? y : x | y;
}

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
static int make_graph(struct se_inner *in, int y, int table)
{
    /* An "off" that implies nothing (most of them) is left out: no path
     * goes through it, and a path to it is a path to one of the "on"s it
     * comes from (plan_pass). So the graph is made from the other "off"s
     * (the first half of the nodes): their "on"s, and the "on"s they come
     * from, which are those they turn off themselves when "on" (the
     * on -> off rules are symmetric). */
    se_reach *r = &in->reach;
    int nlive = 0;
    int16_t *live = in->live, *fill = in->fill;
    for (int v = 0; v <= r->n; v++)
        r->first_edge[v] = 0;
    const se_state *g = in->table_grid;
    for (int cell = 0, v = 0; cell < 81; cell++) {
        unsigned cand = g->cand[cell], imp = implying(in, table, cell) & cand;
        if (!imp) {
            v += se_popcount(cand); /* the cell's "off" nodes are consecutive */
            continue;
        }
        for (unsigned m = cand; m; m &= m - 1, v++) {
            int d = se_lowest(m), key = cell * 9 + d;
            if (!(imp >> d & 1))
                continue;
            const uint16_t *ons = off_on(in, table, key);
            live[nlive++] = (int16_t)v;
            for (int j = 0; j < 4 && ons[j]; j++)
                r->first_edge[v + 1]++;
            const uint16_t *from = on_off(in, y, key);
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
        const uint16_t *ons = off_on(in, table, key);
        for (int j = 0; j < 4 && ons[j]; j++) {
            int u = in->node_of[ons[j]];
            r->edge[fill[v]++] = (int16_t)u;
            if (in->entered[u] != in->entered_now) {
                in->entered[u] = in->entered_now;
                r->entered[u] = r->entered_gen;
                in->entered_node[nentered++] = (int16_t)u;
            }
        }
        const uint16_t *from = on_off(in, y, key);
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

static int may_close_cycle(struct se_inner *in, int y, int table, int on)
{
    const se_reach *r = &in->reach;
    int v = in->node_of[on];
    if (r->seen[v] != r->gen)
        return 0; /* nothing leaves it or nothing enters it: on no cycle */
    int c = r->comp[v];
    if (!r->cyclic[c])
        return 0;
    const uint16_t *back = off_on(in, table, on - 729);
    const uint16_t *offs = on_off(in, y, on - 729);
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
static int plan_pass(struct se_inner *in, const se_state *cur, int y, int x, int table)
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
            const uint16_t *offs = on_off(in, y, in->key_of[u] - 729);
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
        unsigned imp = implying(in, table, cell);
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

/* The implication lists of grid cur, which the searches read (a
 * narrowed plan needs no graph: no node numbers). */
static void prepare_tables(struct se_inner *in, const se_state *cur)
{
    if (!in->tabled) {
        make_tables(in, cur);
        in->tabled = 1;
    }
}

/* The tables and the graph's nodes for grid cur: every "off", then every
 * "on", in key order. */
static void prepare(struct se_inner *in, const se_state *cur)
{
    prepare_tables(in, cur);
    se_reach *r = &in->reach;
    int half = 0;
    for (int c = 0; c < 81; c++)
        half += se_popcount(cur->cand[c]);
    memset(in->node_of, -1, sizeof in->node_of);
    /* the "on"s in the same order as the "off"s, after them */
    for (int c = 0, n = 0; c < 81; c++)
        for (unsigned m = cur->cand[c]; m; m &= m - 1, n++) {
            int k = c * 9 + se_lowest(m);
            in->node_of[k] = (int16_t)n;
            in->node_of[k + 729] = (int16_t)(n + half);
            in->key_of[n] = (uint16_t)k;
            in->key_of[n + half] = (uint16_t)(k + 729);
        }
    r->n = 2 * half;
    in->prepared = 1;
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
 * skips it (se_inner_skip_cell). A skipped cell's propagations are not
 * cached for later cells, which then make them again: the same sets.
 */
/* The "off"s candidate k's "on" turns off (its own "off"s), as node
 * bits into set: its digit's other places in its three houses, and its
 * cell's other digits (the list on_off(in, 1, k), as sets of the grid of
 * the tables, which is the grid at hand). */
static void own_into(const struct se_inner *in, int k, int words, uint64_t *restrict set)
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

static const uint64_t *own_make(struct se_inner *in, int k, int words)
{
    in->own_gen[k] = in->rset_now;
    own_into(in, k, words, in->own[k]);
    return in->own[k];
}

/* The own "off"s of "on" node u, made on first use for the grid at hand. */
static inline const uint64_t *own_of(struct se_inner *in, int u, int words)
{
    int k = in->key_of[u] - 729;
    return in->own_gen[k] == in->rset_now ? in->own[k] : own_make(in, k, words);
}

/* The places' "off" nodes of every house and digit, for own_make. */
static void make_place_offs(struct se_inner *in, int words)
{
    const se_state *g = in->table_grid;
    memset(in->place_offs, 0, sizeof(uint64_t) * 27 * 9 * (size_t)words);
    for (int cell = 0, v = 0; cell < 81; cell++) { /* the "off" nodes in order */
        const uint8_t *hs = se_cell_house[cell];
        uint64_t *box = &in->place_offs[hs[0] * 9 * words], *row = &in->place_offs[hs[1] * 9 * words];
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
static inline void add_reached(struct se_inner *in, uint64_t *bits, int u, int half, int words)
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
static void multiple_sets(struct se_inner *in, int words)
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
static const uint64_t *rset_make(struct se_inner *in, int k, int words)
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

static inline const uint64_t *rset_of(struct se_inner *in, int k, int words)
{
    return in->rset_gen[k] == in->rset_now ? in->rset_at[k] : rset_make(in, k, words);
}

/* Have the reached sets of these candidates (keys[0..n), n >= 2)
 * anything in common? (Made one by one, stopping when nothing is left.) */
static inline __attribute__((always_inline)) int common_reach(struct se_inner *in, const int *keys,
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
static inline __attribute__((always_inline)) unsigned leave_one_out(struct se_inner *in,
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
static inline __attribute__((always_inline)) void plan_chains(struct se_inner *in,
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
     * places: a grid narrowed from this one (narrow_parent) that lost one
     * of them would have two left, a unit of two, so none asks. */
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

static void plan_multiple(struct se_inner *in, const se_state *cur)
{
    in->chains_valid = 0;
    if (in->plain)
        return;
    if (!in->prepared)
        prepare(in, cur);
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

int se_nested_plain(se_producers *p)
{
    struct se_inner *in = inner_get(p);
    if (!in)
        return -1;
    in->plain = 1;
    return 0;
}

int se_nested_verify_narrowing(se_producers *p)
{
    struct se_inner *in = inner_get(p);
    if (!in)
        return -1;
    in->verify = 1;
    return 0;
}

long se_nested_narrowing_violations(se_producers *p, long *verified)
{
    struct se_inner *in = inner_get(p);
    if (!in)
        return -1;
    *verified = in->verified;
    return in->violations;
}

long se_nested_narrowed(se_producers *p, int kind)
{
    struct se_inner *in = inner_get(p);
    return in && kind >= 0 && kind <= 3 ? in->narrowed[kind] : -1;
}

/* The keys of the components the planned cycle searches start in. */
static void keep_cycle_keys(struct se_inner *in, const se_state *cur)
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
static int lost_outside(const struct se_inner *in, const uint16_t *keys16)
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
static void reached_keys(struct se_inner *in, int start, uint64_t *set)
{
    uint16_t queue[1458];
    memset(set, 0, sizeof(uint64_t) * KEY_WORDS);
    set[start >> 6] |= 1ull << (start & 63);
    queue[0] = (uint16_t)start;
    for (int head = 0, tail = 1; head < tail; head++) {
        int k = queue[head], n;
        const uint16_t *next;
        if (k >= 729) {
            next = on_off(in, 1, k - 729);
            n = next[28];
        } else {
            next = off_on(in, 2, k);
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
static void widen_plan(struct se_inner *in, uint8_t *planned, uint64_t *keys)
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

/*
 * The forcing chains & cycles producer on the reduced grid: every hint.
 * With a parent (narrow_parent), the searches its plan left, instead of
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
static int static_chains(struct se_inner *in, const se_state *cur, const uint16_t *parent_plan,
                         int parent_count, const uint16_t *parent_keys,
                         const sudoku_cancel *cancel)
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
        prepare(in, cur);
        memset(in->plan, 7, sizeof in->plan);
        memset(planned, 7, sizeof planned);
    } else if (parent_plan) {
        memset(in->plan, 0, sizeof in->plan);
        memset(planned, 0, sizeof planned);
        quiet = parent_keys && lost_outside(in, parent_keys);
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
            prepare_tables(in, cur); /* the lists reached_keys reads */
            widen_plan(in, planned, keys);
            in->narrowed[2]++;
        }
    } else {
        prepare(in, cur);
        in->xy_graph = plan_pass(in, cur, 1, 1, 2) == 0;
        if (in->xy_graph)
            keep_cycle_keys(in, cur);
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
        prepare_tables(in, cur);
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
 * (replay): the parents are read from the units in the recorded order,
 * each key once, as the search would have found them.
 *
 * Two generations of kept results: when the young one is full the old
 * one is dropped and the young one becomes old; a result found in the old
 * one is copied to the young one while it has room. A step's results
 * outlive the next step.
 */
/* A step keeps ~1,000 results of a few hints each (an 11.x rating: at
 * most ~5,000 hints and ~30,000 keys in 4,096 results), so a generation
 * holds some steps; one producer's result (at most MAX_HINTS hints, their
 * units and eliminations at most MAX_KEYS keys) always fits an empty one,
 * its plan for narrowing too when there is room (keep). */
#define CACHE_SLOTS (1 << 14)
#define CACHE_ENTRIES (CACHE_SLOTS / 2)
#define CACHE_HINTS MAX_HINTS
#define CACHE_KEYS MAX_KEYS

typedef struct kept_hint {
    uint64_t signature;
    int complexity;
    int elim_first, elim_count, unit_first, unit_count;
} kept_hint;

typedef struct kept_result {
    uint64_t hash;
    int kind;
    uint16_t cand[81];
    int hint_first, hint_count;
    /* for the grids reduced from this one (narrow_parent): kind 0 the
     * searches left (plan_count entries of key | plan bits << 10 from
     * plan_first), kind 1 the cells not skipped */
    int plan_first, plan_count;
    uint64_t open[2];
    int has_cycle_keys; /* kind 0: KEY_WORDS words after the plan */
    int narrowable;     /* 0: kept without these (no room) */
} kept_result;

typedef struct kept_generation {
    kept_result entry[CACHE_ENTRIES];
    int nentry;
    int32_t slot[CACHE_SLOTS]; /* entry + 1, 0 empty */
    kept_hint hint[CACHE_HINTS];
    int nhint;
    uint16_t key[CACHE_KEYS]; /* each hint's units, then its eliminations */
    int nkey;
} kept_generation;

struct se_inner_cache {
    kept_generation gen[2];
    int young; /* gen[young] takes the new results, gen[!young] is old */
};

static struct se_inner_cache *cache_new(void)
{
    return calloc(1, sizeof(struct se_inner_cache));
}

static void generation_clear(kept_generation *g)
{
    g->nentry = g->nhint = g->nkey = 0;
    memset(g->slot, 0, sizeof g->slot);
}

/* Zeroes in's bytes [from, to). */
static void clear_bytes(struct se_inner *in, size_t from, size_t to)
{
    memset((char *)in + from, 0, to - from);
}

#define END_OF(field) (offsetof(struct se_inner, field) + sizeof(((struct se_inner *)0)->field))
_Static_assert(END_OF(tmp) <= offsetof(struct se_inner, key) &&
                   END_OF(key) <= offsetof(struct se_inner, use) &&
                   END_OF(use) <= offsetof(struct se_inner, use_key),
               "inner_reset clears around hint..tmp, key, use, use_key in this order");

static void inner_reset(struct se_inner *in)
{
    se_producers *p = in->p;
    struct se_inner_cache *cache = in->cache;
    /* every field as inner_get's calloc made it, but the lists that are
     * written before they are read, up to their counts (nhint, nkey, nuse,
     * nuse_key; order and tmp sort the hints): 3.5 of the 4.8 MB */
    clear_bytes(in, 0, offsetof(struct se_inner, hint));
    clear_bytes(in, END_OF(tmp), offsetof(struct se_inner, key));
    clear_bytes(in, END_OF(key), offsetof(struct se_inner, use));
    clear_bytes(in, END_OF(use), offsetof(struct se_inner, use_key));
    clear_bytes(in, END_OF(use_key), sizeof *in);
    in->p = p;
    in->ws = p->ws;
    in->cache = cache;
    se_producers_reset(p);
    generation_clear(&cache->gen[0]);
    generation_clear(&cache->gen[1]);
    cache->young = 0;
}

static const kept_result *cache_find(const kept_generation *g, const se_state *cur, int kind,
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
static kept_result *keep(struct se_inner *in, kept_generation *g, const se_state *cur, int kind,
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
            if (same_elims(in, h, &in->hint[in->table_hint[slot]])) {
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
static const kept_result *promote(kept_generation *g, const kept_generation *old,
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
static int replay(struct se_inner *in, const kept_generation *g, const kept_result *e,
                  const se_state *src, const se_state *cur)
{
    in->nuse = in->nuse_key = 0;
    for (int i = 0; i < e->hint_count; i++) {
        const kept_hint *h = &g->hint[e->hint_first + i];
        uint32_t mark = next_mark(in);
        int first = in->nuse_key;
        if (in->plain) { /* the plain twin kept the rule parents under src, some */
            if (in->nuse_key + h->unit_count > MAX_KEYS)
                return -1;
            memcpy(&in->use_key[first], &g->key[h->unit_first], sizeof(uint16_t) * (size_t)h->unit_count);
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

/* The usable hints of the result at hand (in->use) as new "off"s
 * resting on their rule parents. Returns how many were added, -1 when a
 * pool ran out. */
static int emit(se_chain_ws *ws, const struct se_inner *in, se_pset *to_off, int32_t *queue,
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
 * - kind 0: what plan_pass lets through here it let through there (each
 *   test is a path or a component, and components only split), and a
 *   forcing chain whose negation the XY pass's search did not reach
 *   there is not reachable here: the parent's searches left, on the
 *   candidates still present, are a plan (a search that finds nothing
 *   changes nothing, as in plan_pass);
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
static void note_src(struct se_inner *in, const se_state *src)
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
static void note_new_pairs(struct se_inner *in, const se_state *cur)
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

/* The entry of producer `kind` with this hash in g, if any (the grid is
 * not known: the caller checks it is a parent). */
static const kept_result *cache_find_hash(const kept_generation *g, int kind, uint64_t hash)
{
    unsigned i = (unsigned)(hash >> 32) & (CACHE_SLOTS - 1);
    for (; g->slot[i]; i = (i + 1) & (CACHE_SLOTS - 1)) {
        const kept_result *e = &g->entry[g->slot[i] - 1];
        if (e->hash == hash && e->kind == kind)
            return e;
    }
    return NULL;
}

/* The parent the memo names for dry point `dry` of the outer
 * propagation from `assumption` (the grid it searched there last, mostly
 * the step before's): kept, narrowable, holding every candidate of cur
 * and at most MAX_GONE more (kind 1: none of them leaving a unit of two).
 * Its lost candidates go to in->gone. */
/* The cached result of producer `kind` with this hash when its grid is a
 * parent of cur at most MAX_GONE candidates away (kind 1: leaving no new
 * unit of two), with in->gone and its plan; else NULL. */
static const kept_result *parent_by_hash(struct se_inner *in, const se_state *cur, int kind,
                                         uint64_t hash, const uint16_t **plan)
{
    struct se_inner_cache *c = in->cache;
    for (int young = 1; young >= 0; young--) {
        const kept_generation *g = &c->gen[young ? c->young : !c->young];
        const kept_result *e = cache_find_hash(g, kind, hash);
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
static const kept_result *memo_parent(struct se_inner *in, const se_state *cur, int kind,
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
static const kept_result *narrow_parent(struct se_inner *in, const se_state *cur, int kind,
                                        int assumption, int dry, const uint16_t **plan)
{
    in->nnew_pair = 0;
    in->ngone = 0;
    if (in->plain || kind > 1)
        return NULL;
    if (in->nlost < 1 || in->nlost > MAX_LOST)
        return memo_parent(in, cur, kind, assumption, dry, plan);
    struct se_inner_cache *c = in->cache;
    se_state parent;
    /* first a parent whose graph holds this one's; then (kind 0) one
     * whose lost candidates left units of two (static_chains adds the
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
                const kept_result *e = cache_find(g, &parent, kind, hash, &at);
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

/* Kind 1's cells to skip under a parent (narrow_parent), whose chains'
 * leave-one-out masks are at loo, followed by its open cells' chains
 * (keep); in->loo gets this grid's (a changed chain's: all, unknown).
 * A chain that gives nothing in the parent gives nothing here unless it
 * lost a member (the graph is part of the parent's): such a chain is
 * made again where its leave-one-out mask says the others may agree. */
static void narrow_cells(struct se_inner *in, const se_state *cur, const kept_result *parent,
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
static void verify_narrowing(struct se_inner *in, const se_state *cur, int kind)
{
    in->verified++;
    if (kind == 0) {
        uint8_t narrowed[729]; /* the searches kept for the children */
        memset(narrowed, 0, sizeof narrowed);
        for (int i = 0; i < in->nplan_list; i++)
            narrowed[in->plan_list[i] & 1023] = (uint8_t)(in->plan_list[i] >> 10 & 7);
        if (!in->prepared)
            prepare(in, cur);
        if (plan_pass(in, cur, 1, 1, 2) == 0)
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
    plan_multiple(in, cur);
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

/* The kept result of producer `kind` on cur, from either generation, or
 * made now; *gp: the generation it is in. NULL when the search failed.
 * dry: which dry point of the outer propagation at hand asks (-1: not
 * known). */
static const kept_result *result_of(se_producers *outer, struct se_inner *in,
                                    const se_state *cur, const se_state *src, int kind,
                                    int assumption, int dry, const kept_generation **gp)
{
    struct se_inner_cache *c = in->cache;
    kept_generation *young = &c->gen[c->young], *old = &c->gen[!c->young];
    uint64_t hash = se_cand_hash(cur, (uint64_t)kind + 1);
    unsigned at = 0, old_at = 0;
    const kept_result *e = cache_find(young, cur, kind, hash, &at);
    if (e) {
        *gp = young;
        return e;
    }
    if ((e = cache_find(old, cur, kind, hash, &old_at))) {
        const kept_result *n = promote(young, old, e, at);
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
    const kept_result *parent = narrow_parent(in, cur, kind, assumption, dry, &parent_plan);
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
        got = static_chains(in, cur, parent ? parent_plan : NULL, parent ? parent->plan_count : 0,
                            parent && parent->has_cycle_keys ? parent_plan + parent->plan_count : NULL,
                            outer->ws->cancel);
        if (parent && in->verify && got == 0)
            verify_narrowing(in, cur, 0);
    } else {
        if (kind == 1 && parent) {
            narrow_cells(in, cur, parent, parent_plan);
            if (in->verify)
                verify_narrowing(in, cur, 1);
        } else if (kind == 1) {
            plan_multiple(in, cur);
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
        se_chain_sink sink = { NULL, record_found, in };
        se_level_hook room;
        got = se_forcing_chains_all(cur, kind, in->ws, in->p->fc, se_producers_hook(in->p, kind, &room),
                                    &sink, in->chains_valid ? in->chains : NULL, outer->ws->cancel);
        in->chains_valid = 0;
    }
    if (got < 0 || in->overflow || in->ws->overflow) {
        if (sudoku_cancelled(outer->ws->cancel) || in->ws->cancelled)
            outer->ws->cancelled = 1;
        return NULL;
    }
    sort_hints(in);
    if (!(e = keep(in, young, cur, kind, hash, at))) {
        /* the young generation is full: it becomes the old one */
        c->young = !c->young;
        young = &c->gen[c->young];
        generation_clear(young);
        cache_find(young, cur, kind, hash, &at);
        e = keep(in, young, cur, kind, hash, at);
    }
    *gp = young;
    return e;
}

/* The first inner producer's result with usable hints under src, made
 * ready in in->use (none: in->nuse 0). 0, or -1 when a pool ran out or
 * the search was cancelled. */
static int inner_result(se_producers *outer, const se_state *cur, const se_state *src, int level,
                        int assumption, int dry, struct se_inner **inp)
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
    struct se_inner *in = *inp = inner_get(outer);
    if (!in) {
        ws->overflow = 1;
        return -1;
    }
    in->nuse = 0;
    if (in->plain) {
        generation_clear(&in->cache->gen[0]);
        generation_clear(&in->cache->gen[1]);
    }
    in->ws->cancel = ws->cancel;
    in->prepared = in->tabled = in->xy_graph = 0;
    if (!in->plain)
        note_src(in, src);
    for (int r = 0; r < 2 && rules[level][r] >= 0; r++) {
        const kept_generation *g;
        int kind = rules[level][r];
        if (kind <= 1 && dry >= 0 && !in->plain && !in->src_hash[kind] &&
            in->src_misses[kind] >= 2) {
            /* the outer grid's result, to narrow from (memo_parent): made
             * with its own tables and graph (not those kind 0 may have
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
        int usable = e ? replay(in, g, e, src, cur) : -1;
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
    struct se_inner *in;
    if (inner_result(h->p, cur, src, h->level, at->assumption, at->asks++, &in) < 0)
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

int se_nested_digest(se_producers *p, const se_state *cur, const se_state *src, int rule,
                     uint64_t *digest, int *hints)
{
    struct se_inner *in;
    if ((rule != 0 && rule != 1) || inner_result(p, cur, src, rule ? 6 : 2, -1, -1, &in) < 0)
        return -1;
    uint64_t h = 1;
    *hints = in->nuse;
    for (int i = 0; i < in->nuse; i++) {
        const used_hint *k = &in->use[i];
        h = se_mix(h, k->signature);
        h = se_mix(h, (uint64_t)k->complexity);
        for (int j = 0; j < k->parent_count; j++)
            h = se_mix(h, in->use_key[k->parent_first + j]);
        h = se_mix(h, 0xe1);
        for (int j = 0; j < k->elim_count; j++)
            h = se_mix(h, k->elim[j]);
    }
    *digest = h;
    return 0;
}
