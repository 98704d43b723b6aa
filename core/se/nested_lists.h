/*
 * nested_lists.h - the implication lists of a nested level's reduced grid
 * (nested_lists.c).
 */
#ifndef SUDOKU_SE_NESTED_LISTS_H
#define SUDOKU_SE_NESTED_LISTS_H

#include "nested_state.h"

void se_nested_make_on_off(struct se_nested *in, int k);
void se_nested_make_off_on(struct se_nested *in, int k);

/* The "on -> off" list (y: with the cell rule) and the "off -> on" list
 * (table 0 X, 1 Y, 2 XY; rules in off_on_rule) of candidate k on the grid
 * of the tables, made on first use. */
static inline const uint16_t *se_nested_on_off(struct se_nested *in, int y, int k)
{
    if (in->on_off_gen[k] != in->tables_gen)
        se_nested_make_on_off(in, k);
    return in->on_off[y][k];
}

static inline const uint16_t *se_nested_off_on(struct se_nested *in, int table, int k)
{
    if (in->off_on_gen[k] != in->tables_gen)
        se_nested_make_off_on(in, k);
    return in->off_on[table][k];
}

/* The digits of a cell whose "off" implies something (table 0 X: the
 * digit has two places in one of the cell's houses; 1 Y: the cell has two
 * candidates; 2 XY: either). */
static inline unsigned se_nested_implying(const struct se_nested *in, int table, int cell)
{
    const uint8_t *hs = se_cell_house[cell];
    unsigned x = in->pair[hs[0]] | in->pair[hs[1]] | in->pair[hs[2]];
    unsigned y = in->two[cell] ? 0x1ffu : 0;
    return table == 0 ? x : table == 1 ? y : x | y;
}

/* The implication lists of grid cur (its tables), and its graph's nodes
 * (every "off", then every "on", in key order), once per grid at hand. */
void se_nested_prepare_tables(struct se_nested *in, const se_state *cur);
void se_nested_prepare(struct se_nested *in, const se_state *cur);

#endif
