/*
 * nested.h - the chain producers of one nesting depth, and the nested
 * levels 2 to 5 that hold one such set for their inner searches.
 *
 * The reference's dynamic chains of level 1 and up ask more rules of the
 * grid a propagation has reduced whenever it runs dry: dynamic+ (level 1,
 * 9.0) pointing/claiming, hidden and naked pairs and X-wings
 * (dynamic_plus.h); levels 2 to 5 (9.5 to 11.0) those, then whole chain
 * producers on the reduced grid (nested.c): level 2 the forcing chains &
 * cycles, level 3 those and then multiple forcing chains, level 4 dynamic
 * forcing chains, level 5 those and then dynamic chains of level 2, whose
 * own dry points ask again, one nesting depth down.
 *
 * So a depth's producers - the engine's work area, the forcing chains
 * producer's state, the dynamic+ memo, and the inner producers' state of
 * the depth below - go together: the rater holds the top one, and each
 * nested level the one below it (made on first use).
 */
#ifndef SUDOKU_SE_NESTED_H
#define SUDOKU_SE_NESTED_H

#include "chains.h"
#include "forcing_chains.h"
#include "dynamic_plus.h"

typedef struct se_producers {
    se_chain_ws *ws;           /* the engine's work area (chains.h) */
    se_fc *fc;                 /* forcing_chains.h */
    se_dry_memo *dry;          /* dynamic_plus.h */
    struct se_nested *nested;  /* the nested levels' inner producers and
                                  results (nested.c), on first use */
    int nested_stale;          /* nested is a previous puzzle's: reset on use */
} se_producers;

se_producers *se_producers_new(void); /* NULL when out of memory */
/* Every state as se_producers_new makes it, keeping the memory (a new
 * puzzle). */
void se_producers_reset(se_producers *p);
void se_producers_free(se_producers *p);

/* The first hint of forcing chains producer `kind` (forcing_chains.h) on
 * grid s, with the dry-point hook its kind asks for: 1 with it in h, 0
 * when none, -1 when cancelled or out of room. */
int se_producers_find(se_producers *p, const se_state *s, se_hint *h, int kind,
                      const sudoku_cancel *cancel);

/* The dry-point hook of kind `kind` at this depth: NULL below 3 (no dry
 * points), the dynamic+ rules for 3, those and then the inner producers
 * of nested level kind - 2 for 4 to 7. room: where the hook lives (it
 * must outlive the run). */
typedef struct se_level_hook {
    se_dry_hook hook;
    se_producers *p;
    int level;
} se_level_hook;
const se_dry_hook *se_producers_hook(se_producers *p, int kind, se_level_hook *room);

/* The nested levels' own state, for testing.c (nested_state.h has it). */
struct se_nested;
/* The state of the producers' nested levels, made on first use (and made
 * as new when a previous puzzle's). */
struct se_nested *se_nested_get(struct se_producers *outer);
/* The first inner producer's result with usable hints for the dry point
 * `dry` of the outer propagation from `assumption` (-1: not known), made
 * ready in use[] (none: nuse 0); level 6: multiple forcing chains alone.
 * 0, or -1 when a pool ran out or the search was cancelled. */
int se_nested_result(struct se_producers *outer, const se_state *cur, const se_state *src,
                     int level, int assumption, int dry, struct se_nested **inp);

#endif
