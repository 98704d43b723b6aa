/*
 * chains.h - the chain engine of the Sudoku Explainer rater: what every
 * chain producer shares (cycles.c, forcing_chains.c, dynamic_plus.c, the
 * nested levels), and nothing that one of them alone keeps. The producers
 * own their state (cycles.h, forcing_chains.h, dynamic_plus.h, nested.h);
 * the engine knows none of them.
 *
 * A "potential" is a candidate assumed true (on) or false (off); its key
 * is on * 729 + cell * 9 + digit. Implications are recorded as nodes with
 * parents, because the reference rates a chain by how many distinct
 * potentials its conclusion depends on (its complexity), and sorts what a
 * producer finds by that. Two rules make implications:
 *   on -> off: the other candidates of the cell (the "Y" rule), and the
 *              same digit elsewhere in the cell's box, row and column;
 *   off -> on: the last candidate of a cell left with two (Y), and the
 *              last place of the digit in a house left with two (X).
 * In dynamic mode an off potential is also removed from a working copy of
 * the candidates once processed, so later rules see the reduced grid, and
 * a conclusion drawn from a reduced cell or house gets the removals that
 * reduced it as extra ("hidden") parents.
 *
 * Here: the work area (se_chain_ws: the node pool, the potential sets,
 * stamps, queues, the inner-chain references the complexity counts), the
 * two rules, the propagation of a set of assumptions with its dry-point
 * hook (where dynamic+ and the nested levels add their "off"s), the
 * complexity and rating of a conclusion, the running best and the sink a
 * producer hands its hints to, and the hashing of candidate grids.
 */
#ifndef SUDOKU_SE_CHAINS_H
#define SUDOKU_SE_CHAINS_H

#include <string.h>
#include "internal.h"
#include "hint.h"
#include "../cancel.h"

#define SE_KEY(on, cell, d) ((on) * 729 + (cell) * 9 + (d))
#define SE_KEY_ON(k) ((k) >= 729)
#define SE_KEY_CELL(k) ((k) % 729 / 9)
#define SE_KEY_DIGIT(k) ((k) % 9)

typedef struct se_node {
    uint16_t key;
    uint16_t extra_count; /* hidden parents, in se_chain_ws.extra */
    uint16_t depth;      /* links from the assumption along first parents */
    int8_t cause;        /* an "on": the rule that made it, -1 the cell, else
                            the house; -2 an assumption or not recorded */
    int32_t parent;      /* first parent, -1 for an assumption */
    int32_t extra_first;
    int32_t nested;      /* nested.c: the inner chain that removed it, in
                            se_chain_ws.nested, or -1 */
} se_node;

/* An inner chain a nested "off" rests on: its identity (the reference
 * counts each distinct chain once in a conclusion's complexity) and its
 * complexity. */
typedef struct se_nested_ref {
    uint64_t signature;
    int complexity;
} se_nested_ref;

#define SE_MAX_NESTED (1 << 16)
#define SE_SIG_TABLE (1 << 15)

/* A set of potentials in insertion order (the reference's LinkedSet):
 * node index per key, -1 when absent. */
typedef struct se_pset {
    int32_t at[1458];
    uint16_t order[1458];
    int n;
} se_pset;

#define SE_MAX_NODES (1 << 17) /* a round needs some 20,000 at most */
#define SE_MAX_EXTRA (1 << 19)

/* The two rules of each potential on one unchanging grid, with the cell
 * rule (y) or not, filled on first use (generation stamps): for a
 * producer's propagations, which ask the same potentials again and again. */
typedef struct se_rule_tables {
    uint32_t now, off_gen[729], on_gen[729];
    int y;
    uint16_t off[729][29];   /* an "on" (key - 729): its "off"s, count at [28] */
    uint16_t on[729][4];     /* an "off": its "on"s, rules, count */
    int8_t on_rule[729][4];
    uint8_t on_n[729];
} se_rule_tables;

typedef struct se_chain_ws {
    se_node *node;       /* SE_MAX_NODES */
    int32_t *extra;      /* SE_MAX_EXTRA */
    int nnode, nextra;
    int overflow;        /* a pool ran out: the search is not trustworthy */
    se_pset tmp_on, tmp_off; /* sets for one search or propagation at a time */
    /* scratch */
    int32_t *queue_on, *queue_off;  /* SE_MAX_NODES each */
    uint32_t stamp[1458];
    uint32_t stamp_now;
    int32_t *bfs_a, *bfs_b;         /* SE_MAX_NODES each */
    /* the inner chains nodes rest on (se_node.nested; written by the
     * nested levels, counted by se_chain_complexity) */
    se_nested_ref *nested;          /* SE_MAX_NESTED */
    int nnested;
    /* se_chain_complexity: the nested chains met, by signature */
    uint64_t *sig_seen;             /* SE_SIG_TABLE */
    uint32_t *sig_mark, sig_now;    /* SE_SIG_TABLE */
    /* the producer call at hand: its cancel hook, and whether it stopped
     * because of it (the producers set these) */
    const sudoku_cancel *cancel;
    int cancelled;
} se_chain_ws;

/* The best hint of one producer so far, by the reference's order:
 * difficulty (a double, summed as the reference sums it), then
 * complexity, then the kind's sort key; earlier found wins ties. */
typedef struct se_chain_best {
    int found;
    double difficulty;
    int complexity;
    int sort_key;
    se_hint hint;
} se_chain_best;

/* One hint a chain producer found, with the chains that prove it: their
 * last nodes in the engine's pool, and what their assumptions rest on
 * (root_cause: -1 their cell, a house, -2 nothing). */
typedef struct se_chain_found {
    const se_hint *hint;
    double difficulty;
    int complexity, sort_key;
    const int32_t *ends;
    int nends;
    int root_cause;
} se_chain_found;

/* Where a chain producer's hints go: with take NULL, the best one is kept
 * in `best` (se_chain_offer), and the producer may skip what cannot beat
 * it; else every hint goes to take (a nested level records them all). */
typedef struct se_chain_sink {
    se_chain_best *best;
    void (*take)(void *ctx, se_chain_ws *ws, const se_chain_found *found);
    void *ctx;
} se_chain_sink;

se_chain_ws *se_chain_ws_new(void);
/* Back to the state se_chain_ws_new gives (every cache and memo empty),
 * keeping the memory: a rater reuses it from puzzle to puzzle, where fresh
 * allocations would cost page faults each time. */
void se_chain_ws_reset(se_chain_ws *ws);
void se_chain_ws_free(se_chain_ws *ws);

static inline void se_pset_clear(se_pset *s)
{
    for (int i = 0; i < s->n; i++)
        s->at[s->order[i]] = -1;
    s->n = 0;
}
static inline void se_pset_init(se_pset *s)
{
    for (int i = 0; i < 1458; i++)
        s->at[i] = -1;
    s->n = 0;
}
static inline void se_pset_add(se_pset *s, int key, int32_t node)
{
    s->at[key] = node;
    s->order[s->n++] = (uint16_t)key;
}

/* Hashing for the per-grid caches (nested.c, dynamic_plus.c). */
static inline uint64_t se_mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

/* A grid's candidates hashed, from seed: take the high half for a slot.
 * Each 8-byte word is mixed on its own (with its place) and the results
 * summed: no chain of dependent multiplies, so the 21 words take about
 * as long as a few of them in a row (the caches hash some million grids
 * in an 11.x rating). */
static inline uint64_t se_cand_hash(const se_state *g, uint64_t seed)
{
    uint64_t sum = 0;
    for (int i = 0; i < 20; i++) { /* 160 of the 162 bytes, then the last cell */
        uint64_t w;
        memcpy(&w, &g->cand[4 * i], sizeof w); /* (cand is not 8-byte aligned) */
        w = (w + (uint64_t)i * 0x9e3779b97f4a7c15ull) * 0xff51afd7ed558ccdull;
        sum += w ^ (w >> 31);
    }
    return se_mix(se_mix(seed, sum), g->cand[80]);
}

/* A fresh mark for ws->stamp[] (all earlier marks become stale). */
static inline uint32_t se_next_stamp(se_chain_ws *ws)
{
    if (++ws->stamp_now == 0) {
        for (int i = 0; i < 1458; i++)
            ws->stamp[i] = 0;
        ws->stamp_now = 1;
    }
    return ws->stamp_now;
}

/* A new node, or -1 when the pool is full (ws->overflow is then set). */
static inline int32_t se_node_new(se_chain_ws *ws, int key, int32_t parent)
{
    if (ws->nnode >= SE_MAX_NODES) {
        ws->overflow = 1;
        return -1;
    }
    se_node *n = &ws->node[ws->nnode];
    n->key = (uint16_t)key;
    n->parent = parent;
    n->depth = parent >= 0 ? (uint16_t)(ws->node[parent].depth + 1) : 0;
    n->extra_count = 0;
    n->extra_first = ws->nextra;
    n->cause = -2;
    n->nested = -1;
    return ws->nnode++;
}

/* What the cycle closing at `dst` removes from `cand`: per digit, a
 * candidate outside the cycle's cells that sees both an "on" and an "off"
 * node of that digit. Fills gone[] (a digit mask per cell) and returns 1
 * when anything goes; returns 0, gone[] untouched, when nothing does (most
 * cycles, so the caller settles that before counting the complexity).
 * The walk follows first parents from `dst` up to, not including, the
 * root. Shared by the cycles producer and the nested inner searches. */
int se_cycle_eliminations(const se_chain_ws *ws, int32_t dst, const uint16_t *cand,
                          uint16_t gone[81]);

/* The number of distinct potentials `node` depends on, itself included
 * (the reference's ancestor count, walked breadth first as it does). */
int se_ancestor_count(se_chain_ws *ws, int32_t node);

/* The complexity of a conclusion drawn from chains ending at ends[0..n):
 * the ancestors of each, plus once each distinct inner chain they rest on
 * (nested levels). */
int se_chain_complexity(se_chain_ws *ws, const int32_t *ends, int n);

/* The reference's rating for a chain of this complexity on this base:
 * base + 0.1 per length ceiling (4, 6, 8, 12, 16, ...) it exceeds. */
double se_chain_difficulty(double base, int complexity);

/* Offers a hint to `best`; keeps it if it sorts before what best has. */
/* Writes into h the conclusion a chain proves on candidate `key`: when
 * key is "on", its cell holds its digit (the other candidates go, and the
 * hint places the digit); when "off", the digit leaves the cell. 0 when an
 * "on" conclusion removes nothing (the cell already holds only it). */
int se_chain_conclude(se_hint *h, const se_state *s, int key);

void se_chain_offer(se_chain_best *best, double difficulty, int complexity,
                    int sort_key, const se_hint *h);

/* Could a hint of this base and complexity still sort before `best`?
 * (Every later producer pass has an equal or larger sort key, so a tie
 * in rating and complexity never wins.) */
static inline int se_chain_can_beat(const se_chain_best *best, double base, int complexity)
{
    if (!best->found)
        return 1;
    double d = se_chain_difficulty(base, complexity);
    return d < best->difficulty || (d == best->difficulty && complexity < best->complexity);
}

/* The largest complexity that could still sort before `best` on this
 * base (0: none). */
static inline int se_chain_limit(const se_chain_best *best, double base)
{
    if (!best->found)
        return 1 << 20;
    int c = 0;
    while (c < 4096 && se_chain_can_beat(best, base, c + 1))
        c++;
    return c;
}

/* Rating in tenths as serate prints a double rating. */
int se_chain_tenths(double difficulty);

/* Lists the potentials an "on" potential turns off (y: also the cell's
 * other candidates), in the reference's order, without duplicates.
 * Returns how many, keys in out[]. */
int se_on_to_off(const se_state *g, int key, int y, uint16_t out[32]);

/* The "on" potentials an "off" potential implies in grid `cur` (y: the
 * cell rule, x: the house rule), in the reference's order without
 * duplicates: keys, and per key the rule (-1: cell, else the house). */
int se_off_to_on_keys(const se_state *cur, int key, int y, int x, uint16_t keys[4],
                      int8_t rule[4]);
/* The node of such an "on" potential; dynamic: with hidden parents, the
 * removals (from `src` to `cur`) in its cell or house, found in to_off. */
int32_t se_on_node(se_chain_ws *ws, const se_state *cur, const se_state *src, int key,
                   int rule, int32_t parent, const se_pset *to_off, int dynamic);

/*
 * The dry-point hook. When a dynamic propagation has nothing pending
 * (it "runs dry"), the reference's dynamic+ and nested chains search the
 * grid it has reduced (cur, from src) with more rules and turn what they
 * eliminate "off" (dynamic_plus.c, nested.c). The engine knows nothing of
 * them: it calls the hook it is given, which may add new "off"s to to_off
 * and queue[*tail ..) (their parents in to_off), and returns how many, or
 * -1 to stop the propagation (a pool ran out, or cancelled). Propagation
 * then resumes; it ends when the hook adds nothing.
 */
typedef struct se_dry_point {
    /* the propagation's assumption: its one starting potential's key (-1
     * when it started from several) */
    int assumption;
    /* per propagation, for the hooks, set at its start: how many of its
     * dry points asked the nested levels (0), and per dynamic+ rule the
     * queue position from which the "off"s are new since it was last
     * asked (-1) */
    int asks;
    int since[4];
} se_dry_point;

typedef struct se_dry_hook {
    int (*run)(void *ctx, se_chain_ws *ws, const se_state *cur, const se_state *src,
               se_pset *to_off, int32_t *queue, int *tail, se_dry_point *at);
    void *ctx;
} se_dry_hook;

/* Completes toOn / toOff (each holding the assumptions) with everything
 * they imply, processing an "on" first whenever one is pending, as the
 * reference does. Returns 1 on a contradiction, with the two nodes in
 * contra[0] (on) and contra[1] (off). y: use the cell rules; dynamic: see
 * above; dry: the hook of a dry point (NULL: none, the propagation ends
 * there). grid: not changed. */
int se_do_chaining(se_chain_ws *ws, const se_state *grid, se_pset *to_on, se_pset *to_off,
                   int y, int dynamic, const se_dry_hook *dry, int32_t contra[2]);

/* The same, reading the rules from tables of `grid` (reset with
 * se_rule_tables_reset for each new grid or y) where that gives the
 * same result (chains.c says where). */
int se_do_chaining_tables(se_chain_ws *ws, const se_state *grid, se_pset *to_on,
                          se_pset *to_off, int y, int dynamic, const se_dry_hook *dry,
                          int32_t contra[2], se_rule_tables *t);
void se_rule_tables_reset(se_rule_tables *t, int y);

/* Adds a further ("hidden") parent to a node. */
void se_node_add_parent(se_chain_ws *ws, int32_t node, int32_t parent);

#endif
