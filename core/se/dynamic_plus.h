/*
 * dynamic_plus.h - the rules a "dynamic+" forcing chain (the reference's
 * nesting level 1, 9.0) applies to its reduced grid whenever its
 * propagation runs dry: pointing/claiming, hidden pairs, naked pairs,
 * X-wings (dynamic_plus.c says how). The nested levels ask them first
 * too, before their inner producers (nested.c).
 */
#ifndef SUDOKU_SE_DYNAMIC_PLUS_H
#define SUDOKU_SE_DYNAMIC_PLUS_H

#include "chains.h"

/* What the rules gave at the reduced grids met under the outer grid at
 * hand (replayed when a grid comes back); the table comes with first use.
 * plain: nothing is kept, every dry point asks the rules (the tests' twin,
 * testing.h). */
typedef struct se_dry_memo {
    struct se_dry_table *table;
    int plain;
} se_dry_memo;

se_dry_memo *se_dry_memo_new(void); /* NULL when out of memory */
/* Empty, as se_dry_memo_new makes it, keeping the memory (a new puzzle). */
void se_dry_memo_reset(se_dry_memo *m);
void se_dry_memo_free(se_dry_memo *m);

/* At a dry point, the eliminations of the first rule with hints resting
 * on the chain's removals (`cur` reduced from `src`), added to to_off and
 * queued as new "off"s (their parents in to_off). Returns how many, -1
 * when a pool ran out; *used: a rule had a usable hint (the nested levels
 * ask their inner producers only when none had). since[4]: per rule
 * (pointing/claiming, hidden pairs, naked pairs, X-wings), -1 until the
 * chain asked it; then the queue position from which the "off"s are new
 * since it was last asked (the removals it looks at next; the call sets
 * it for the rules it asks). */
int se_dynamic_plus_offs(se_dry_memo *m, se_chain_ws *ws, const se_state *cur,
                         const se_state *src, se_pset *to_off, int32_t *queue, int *tail,
                         int since[4], int *used);

/* The engine's dry-point hook (chains.h) of dynamic+: the above, ctx the
 * memo. */
int se_dynamic_plus_dry(void *ctx, se_chain_ws *ws, const se_state *cur, const se_state *src,
                        se_pset *to_off, int32_t *queue, int *tail, se_dry_point *at);

#endif
