/*
 * nested_state.h - the state of a nested level's inner searches (struct
 * se_nested) and the types its files share. Only the nested_* files,
 * nested.c and testing.c include it.
 *
 * One job a file, each calling only the files listed before it (and each
 * declaring what it offers in its own header):
 *   nested_lists.c   the implication lists of the reduced grid, made on
 *                    demand (what every search and plan reads)
 *   nested_record.c  recording the inner hints: rule-parent units,
 *                    identity, eliminations; their order (the sink of the
 *                    inner forcing chains producers is here)
 *   nested_plan.c    reachability planning: which inner searches can find
 *                    anything (reach.h), which cells the multiple forcing
 *                    chains can skip, widening a parent's plan
 *   nested_search.c  the inner forcing chains & cycles producer itself
 *   nested_cache.c   the results kept per reduced grid (two generations),
 *                    and replaying one under an outer grid
 *   nested_narrow.c  narrowing: a parent result to start a grid's plan from
 *   nested.c         the level: the result of each inner producer for a
 *                    dry point (cache, parent, search), its hints as new
 *                    "off"s; the producers of a depth and their hooks
 * The state below is sectioned by the file that writes it.
 */
#ifndef SUDOKU_SE_NESTED_STATE_H
#define SUDOKU_SE_NESTED_STATE_H

#include <string.h>
#include "chains.h"
#include "forcing_chains.h" /* SE_CELL_CHAIN */
#include "reach.h"

#define MAX_HINTS (1 << 14)
#define MAX_KEYS (1 << 19)
#define OFF_WORDS ((729 + 63) / 64) /* a set of "off" nodes */
#define MAX_LOST 4
/* A parent may have this many candidates the reduced grid lacks: each
 * lost unit of two adds two small searches (se_nested_widen_plan). On the
 * ten-puzzle sample 12 did best: at 24 one puzzle took 2% more
 * instructions than planning from scratch, at 6 the others saved less */
#define MAX_GONE 12
/* dry points of a propagation whose grids are remembered (narrowing) */
#define MEMO_DRY 4
#define LOO_UNITS (81 + 27 * 9)
#define KEY_WORDS ((1458 + 63) / 64) /* a set of keys, "off"s and "on"s */

/* An inner hint as recorded (nested_record.c): rating, order, identity,
 * and where its rule-parent units and eliminations are in se_nested.key. */
typedef struct inner_hint {
    double difficulty;
    int complexity, sort_key;
    uint64_t signature, elim_hash;
    int elim_first, elim_count, unit_first, unit_count;
} inner_hint;

/* A kept hint usable under the outer grid at hand (se_nested_replay): its
 * rule parents (in use_key), its eliminations (in the cache). */
typedef struct used_hint {
    uint64_t signature;
    int complexity;
    int parent_first, parent_count, elim_count;
    const uint16_t *elim;
} used_hint;

/* The kept results (nested_cache.c). A step keeps ~1,000 results of a few
 * hints each (an 11.x rating: at most ~5,000 hints and ~30,000 keys in
 * 4,096 results), so a generation holds some steps; one producer's result
 * (at most MAX_HINTS hints, their units and eliminations at most MAX_KEYS
 * keys) always fits an empty one, its plan for narrowing too when there
 * is room (se_nested_keep). */
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
    /* for the grids reduced from this one (narrowing): kind 0 the
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

struct se_nested_cache {
    kept_generation gen[2];
    int young; /* gen[young] takes the new results, gen[!young] is old */
};

struct se_producers;

struct se_nested {
    /* nested.c: the level */
    struct se_producers *p; /* the inner producers, one nesting depth down */
    se_chain_ws *ws;        /* their engine (p->ws), which the searches use */
    struct se_nested_cache *cache;
    /* the outer chain's grids: rule parents are removals from src to cur
     * (the plain twin reads them when recording) */
    const se_state *src, *cur;
    int overflow;   /* a list ran out of room: the result is not kept */
    int plain;      /* testing.h se_nested_plain: every search, nothing kept */
    int verify;     /* testing.h se_nested_verify_narrowing: each narrowed
                       plan checked against the exact one */
    /* what the result being made leaves to a grid reduced from it: kind 0
     * the searches (key | plan bits << 10), kind 1 the cells not skipped
     * (open) and their chains */
    uint16_t plan_list[729];
    int nplan_list;
    uint64_t open[2];
    uint32_t open_chains[81];

    /* nested_record.c: the hints of the search at hand, their keys (units,
     * then eliminations, from nkey), marks to take a key once per hint */
    int nhint, nkey;
    uint32_t parent_mark;
    uint32_t mark[729], mark_now;

    /* nested_lists.c: the implications on the reduced grid, made on
     * demand: on -> off without / with the cell rule (count at [28]), and
     * off -> on for X, Y, XY links (0 ends a list: an "on" key is never 0)
     * with the rule that makes each */
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
    int prepared;   /* the tables and nodes are those of the grid at hand */
    int tabled;     /* the tables are (se_nested_prepare_tables) */

    /* nested_search.c: the cycle search's "off"s met; the forcing chain
     * search's keys met (a generation), each one's key met from and (an
     * "on") the rule that made it; its queues */
    uint32_t off_seen[729], off_seen_now;
    uint32_t fc_seen[1458], fc_seen_now;
    uint16_t fc_from[1458];
    int8_t fc_cause[1458];
    uint16_t fc_queue_on[729], fc_queue_off[729];

    /* nested_plan.c: the searches worth running (reach.h): node of a
     * present candidate's key (-1 for the others) and key of a node */
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
    int xy_graph;   /* in reach: the XY pass's graph of the grid at hand */
    /* the multiple forcing chains: what each "on" reaches */
    uint64_t rset[729][SE_REACH_WORDS];
    uint32_t rset_gen[729], rset_now;
    uint64_t own[729][SE_REACH_WORDS];
    uint32_t own_gen[729];
    const uint64_t *rset_at[729]; /* rset_of's set: rset[k], or a component's */
    /* per house and digit, the "off" nodes of its places (house * 9 +
     * digit, then the words) */
    uint64_t place_offs[27 * 9 * OFF_WORDS];
    /* per cell, its chains that can give a hint (when chains_valid;
     * none: the cell is skipped), as forcing_chains.h's chains[] */
    uint32_t chains[81];
    int chains_valid;
    /* kind 1: per chain, which one member left out may leave the others
     * something in common (se_nested_narrow_cells): a cell's chain by
     * digit (81), then a region's (house * 9 + digit) by place */
    uint16_t loo[LOO_UNITS];
    /* kind 0: the keys of the components of the cycle searches planned
     * (cycles), kept for the grids narrowed from this one */
    uint64_t cycle_keys[KEY_WORDS];
    int cycle_keys_known;

    /* nested_cache.c: the kept hints by their eliminations' hash (open
     * addressing), to drop a hint with an earlier one's eliminations */
    uint32_t table_mark[2 * MAX_HINTS], table_now;
    int table_hint[2 * MAX_HINTS];
    int nuse, nuse_key; /* the result at hand replayed: use, use_key */

    /* nested_narrow.c: the candidates the outer grid lost since the outer
     * grid before it (a step's eliminations, mostly; more than MAX_LOST:
     * none kept), and those a reduced grid lost from its parent */
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
    long narrowed[4]; /* made under a parent, per kind; [2] widened, [3] the
                         parent from the memo (for the tests) */
    long verified, violations; /* se_nested_check_narrowed */

    /* Written before they are read, up to their counts (nhint, nkey,
     * nuse, nuse_key): left alone when the state is reset (nested.c).
     * nested_record.c: the hints, their order (order; tmp sorts), their
     * keys; nested_cache.c: the result at hand under the outer grid at
     * hand, its usable hints and their rule parents */
    inner_hint hint[MAX_HINTS];
    int order[MAX_HINTS], tmp[MAX_HINTS];
    uint16_t key[MAX_KEYS];
    used_hint use[MAX_HINTS];
    uint16_t use_key[MAX_KEYS];
};

/* A fresh mark for mark[] (all earlier marks become stale). */
static inline uint32_t se_nested_next_mark(struct se_nested *in)
{
    if (++in->mark_now == 0) {
        memset(in->mark, 0, sizeof in->mark);
        in->mark_now = 1;
    }
    return in->mark_now;
}

#endif
