/*
 * nested_search.h - the forcing chains & cycles producer of a nested
 * level's reduced grid (nested_search.c).
 */
#ifndef SUDOKU_SE_NESTED_SEARCH_H
#define SUDOKU_SE_NESTED_SEARCH_H

#include "nested_state.h"

/* The forcing chains & cycles producer on the reduced grid cur: every
 * hint recorded; with a parent's plan (NULL: planned here). 0, or -1 when
 * cancelled or out of room. */
int se_nested_cycles_and_chains(struct se_nested *in, const se_state *cur,
                                const uint16_t *parent_plan, int parent_count,
                                const uint16_t *parent_keys, const sudoku_cancel *cancel);

#endif
