/*
 * nested_record.h - recording the inner hints of a nested level
 * (nested_record.c).
 */
#ifndef SUDOKU_SE_NESTED_RECORD_H
#define SUDOKU_SE_NESTED_RECORD_H

#include "nested_state.h"

/* Records a hint of the inner forcing chains & cycles: eliminations
 * elim[] (keys, cell order), the chain's path (end first, in ws); reversed:
 * also read the cycle backwards. */
void se_nested_record(struct se_nested *in, const se_chain_ws *ws, const int32_t *path, int n,
                      int reversed, double base, int sort_key, const uint16_t *elim, int nelim);
/* The sink of the inner forcing chains producers (se_forcing_chains_all),
 * ctx the state: records each hint, its rule parents read from the chains
 * that prove it, its eliminations and identity. */
void se_nested_record_found(void *ctx, se_chain_ws *ws, const se_chain_found *found);
/* The hints recorded, in the reference's order (stable by difficulty,
 * complexity, sort key), into order[]. */
void se_nested_sort_hints(struct se_nested *in);
int se_nested_same_elims(const struct se_nested *in, const inner_hint *a, const inner_hint *b);

#endif
