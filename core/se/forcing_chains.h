/*
 * forcing_chains.h - the reference's producers built on full propagation
 * (forcing_chains.c says how): Nishio forcing chains 7.5, multiple forcing
 * chains 8.0, dynamic forcing chains 8.5, and the dynamic chains whose
 * propagation asks more at its dry points: dynamic+ 9.0 and the nested
 * levels 2 to 5 (9.5 to 11.0). What a dry point asks is not this file's
 * business: the caller hands the engine's dry-point hook in (nested.h
 * makes the one each kind needs).
 *
 * Kinds: 0 Nishio, 1 multiple, 2 dynamic, 3 dynamic+, 4..7 nested levels
 * 2..5.
 */
#ifndef SUDOKU_SE_FORCING_CHAINS_H
#define SUDOKU_SE_FORCING_CHAINS_H

#include "chains.h"

/* The producer's state, kept from call to call: the propagations of the
 * call at hand (reused by every chain that assumes the same candidate),
 * the rule tables of its grid, each Nishio digit's last result, its sets. */
typedef struct se_fc se_fc;

se_fc *se_fc_new(void); /* NULL when out of memory */
/* As se_fc_new makes it, keeping the memory (a new puzzle). */
void se_fc_reset(se_fc *fc);
void se_fc_free(se_fc *fc);

/* The first hint of producer `kind` on grid s by the reference's order:
 * 1 with it in h, 0 when none, -1 when cancelled or out of room. dry: the
 * engine's dry-point hook for kinds 3 and up (NULL below). */
int se_find_forcing_chains(const se_state *s, se_hint *h, int kind, se_chain_ws *ws, se_fc *fc,
                           const se_dry_hook *dry, const sudoku_cancel *cancel);

/* For se_forcing_chains_all's chains[]: a cell's own chain. */
#define SE_CELL_CHAIN (1u << 27)

/* Every hint of producer `kind` on grid s, to sink->take, in the
 * reference's order of discovery. chains: NULL, or per cell the chains
 * that can give a hint (0: the cell is skipped): bit 3 * digit + house
 * type (0 box, 1 row, 2 column) for the region chain of that digit's
 * places in that house, met from this cell (its first place),
 * SE_CELL_CHAIN for the cell's own chain; a digit none of the wanted
 * chains uses is not propagated. 0, or -1 when a pool ran out or the
 * search was cancelled (ws->cancelled). */
int se_forcing_chains_all(const se_state *s, int kind, se_chain_ws *ws, se_fc *fc,
                          const se_dry_hook *dry, const se_chain_sink *sink,
                          const uint32_t *chains, const sudoku_cancel *cancel);

#endif
