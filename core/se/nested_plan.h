/*
 * nested_plan.h - which inner searches of a nested level can find anything
 * (nested_plan.c).
 */
#ifndef SUDOKU_SE_NESTED_PLAN_H
#define SUDOKU_SE_NESTED_PLAN_H

#include "nested_state.h"

/* Which searches to run on cur, per candidate key, into plan[] (bit 0 the
 * cycle, 1 the chain from "on", 2 from "off"), from the XY pass's graph,
 * which holds the X and Y passes' (what cannot be found with both kinds
 * of links cannot be found with one); -1 (all wanted) when the graph
 * could not be made. */
int se_nested_plan_xy(struct se_nested *in, const se_state *cur);
/* The multiple forcing chains' cells and chains worth searching on cur
 * (chains[], loo[]; chains_valid 0 when not known). */
void se_nested_plan_multiple(struct se_nested *in, const se_state *cur);
/* The keys of the components the planned cycle searches start in
 * (cycle_keys). */
void se_nested_keep_cycle_keys(struct se_nested *in, const se_state *cur);
/* Are the lost candidates (gone[]) outside a parent's component keys? */
int se_nested_lost_outside(const struct se_nested *in, const uint16_t *keys16);
/* A parent's plan widened by the searches the new units of two open. */
void se_nested_widen_plan(struct se_nested *in, uint8_t *planned, uint64_t *keys);

#endif
