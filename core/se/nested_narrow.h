/*
 * nested_narrow.h - narrowing: the parent result a reduced grid's plan
 * starts from (nested_narrow.c).
 */
#ifndef SUDOKU_SE_NESTED_NARROW_H
#define SUDOKU_SE_NESTED_NARROW_H

#include "nested_state.h"

/* Notes the outer grid at hand: the candidates it lost since the last. */
void se_nested_note_src(struct se_nested *in, const se_state *src);
/* The parent of cur for producer `kind` (a kept result of a grid with a
 * few more candidates), its entries in *plan; NULL when there is none.
 * The dry point `dry` of the outer propagation from `assumption` asks
 * (-1: not known). */
const kept_result *se_nested_narrow_parent(struct se_nested *in, const se_state *cur, int kind,
                                           int assumption, int dry, const uint16_t **plan);
/* Kind 1's cells to skip under a parent whose masks are at loo. */
void se_nested_narrow_cells(struct se_nested *in, const se_state *cur,
                            const kept_result *parent, const uint16_t *loo);
/* The tests' check of a narrowed plan against the exact one. */
void se_nested_check_narrowed(struct se_nested *in, const se_state *cur, int kind);

#endif
