/*
 * cycles.h - the reference's "Forcing Chains & Cycles" producer of the
 * rater's top level (cycles.c says how): bidirectional cycles (X 6.5, Y
 * 6.5, both links 7.0) and forcing chains whose assumption implies its
 * own negation (X 6.6, both 7.0). The nested levels search the reduced
 * grids with their own version of it (nested_search.c), which wants every
 * hint rather than the first.
 */
#ifndef SUDOKU_SE_CYCLES_H
#define SUDOKU_SE_CYCLES_H

#include "chains.h"

/* The producer's state, kept from call to call: the implication tables of
 * the last grid (made again only where the grid changed) and the
 * reachability work area. */
typedef struct se_cycles se_cycles;

se_cycles *se_cycles_new(void); /* NULL when out of memory */
/* As se_cycles_new makes it, keeping the memory (a new puzzle). */
void se_cycles_reset(se_cycles *cy);
void se_cycles_free(se_cycles *cy);

/* 1 with the reference's first hint in h, 0 when none, -1 when cancelled
 * or out of room. ws: the chain engine's work area. */
int se_find_cycles_and_chains(const se_state *s, se_hint *h, se_chain_ws *ws, se_cycles *cy,
                              const sudoku_cancel *cancel);

#endif
