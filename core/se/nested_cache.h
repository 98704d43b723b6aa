/*
 * nested_cache.h - the inner results a nested level keeps per reduced grid
 * (nested_cache.c).
 */
#ifndef SUDOKU_SE_NESTED_CACHE_H
#define SUDOKU_SE_NESTED_CACHE_H

#include "nested_state.h"

struct se_nested_cache *se_nested_cache_new(void);
void se_nested_generation_clear(kept_generation *g);
/* The entry of producer `kind` for grid cur (its hash) in g, or NULL with
 * the slot where it would go in *at. */
const kept_result *se_nested_cache_find(const kept_generation *g, const se_state *cur, int kind,
                                        uint64_t hash, unsigned *at);
/* The entry of producer `kind` with this hash in g, if any (the grid is
 * not compared). */
const kept_result *se_nested_cache_find_hash(const kept_generation *g, int kind, uint64_t hash);
/* The hints recorded, sorted, kept as a new entry of g at slot `at` (NULL
 * when g is full). */
kept_result *se_nested_keep(struct se_nested *in, kept_generation *g, const se_state *cur,
                            int kind, uint64_t hash, unsigned at);
/* Entry e of the old generation copied to the young one g at `at`. */
const kept_result *se_nested_promote(kept_generation *g, const kept_generation *old,
                                     const kept_result *e, unsigned at);
/* A kept result's hints usable under outer grid src (cur reduced from it)
 * into use[], their rule parents in use_key[]. How many, -1 out of room. */
int se_nested_replay(struct se_nested *in, const kept_generation *g, const kept_result *e,
                     const se_state *src, const se_state *cur);

#endif
