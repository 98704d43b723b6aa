/*
 * testing.h - entry points of the rater's internals for the unit tests
 * only (tests/unit/test_se_twins.c): switches to the plain versions the
 * tests' twins need, a digest of the nested levels' inner results, and
 * counts of what the nested levels' shortcuts did. Nothing in the library
 * calls them.
 */
#ifndef SUDOKU_SE_TESTING_H
#define SUDOKU_SE_TESTING_H

#include <stdint.h>
#include "internal.h"

struct se_producers; /* nested.h */
struct se_dry_memo;  /* dynamic_plus.h */

/* The plain version of the dynamic+ rules for the tests' twin: every dry
 * point asks the rules (nothing is remembered). */
void se_dry_memo_plain(struct se_dry_memo *m);

/* These producers' nested levels run every inner search and keep nothing
 * between them (the plain version of their shortcuts). 0, or -1 out of
 * memory. */
int se_nested_plain(struct se_producers *p);

/* What an inner producer (rule 0: forcing chains & cycles, 1: multiple
 * forcing chains) gives on grid cur reduced from src (its usable hints in
 * order: identity, complexity, rule parents, eliminations), as a hash;
 * *hints: how many. 0, or -1 out of room. */
int se_nested_digest(struct se_producers *p, const se_state *cur, const se_state *src,
                     int rule, uint64_t *digest, int *hints);

/* How many results of inner producer `kind` (0 forcing chains & cycles, 1
 * multiple forcing chains) these producers' nested levels made from a
 * parent's (narrowing); kind 2: of kind 0's, those whose parent's plan
 * was widened by new units of two; kind 3: those whose parent the memo
 * named; -1 out of memory. */
long se_nested_narrowed(struct se_producers *p, int kind);

/* From now on each narrowed result's plan is checked against the exact
 * plan of its grid (made as without a parent): the narrowed one must want
 * every search, cell and leave-one-out bit the exact one wants (it may
 * want more). 0, or -1 out of memory. */
int se_nested_verify_narrowing(struct se_producers *p);
/* How many narrowed results broke that rule, and (*verified) how many
 * were checked; -1 out of memory. */
long se_nested_narrowing_violations(struct se_producers *p, long *verified);

#endif
