/*
 * reach.h - which potentials a breadth-first chain search can reach, for
 * skipping the searches that cannot find anything (cycles.c, nested.c).
 *
 * A chain search only ever follows the implication graph of its pass (on
 * -> off, off -> on), so it can meet a potential only if the graph has a
 * path to it. The graph's strongly connected components (Tarjan's
 * algorithm, without recursion) give, per component, the set of nodes it
 * reaches: Tarjan closes a component only after every component it has
 * an edge to, so each set is the union of its successors' sets, built in
 * one pass.
 */
#ifndef SUDOKU_SE_REACH_H
#define SUDOKU_SE_REACH_H

#include <stdint.h>

#define SE_REACH_MAX_NODES 1458
#define SE_REACH_WORDS ((SE_REACH_MAX_NODES + 63) / 64)
#define SE_REACH_MAX_EDGES (729 * 32)

typedef struct se_reach {
    /* the graph, filled by the caller: node v's successors are
     * edge[first_edge[v] .. first_edge[v + 1]) */
    int n;
    int32_t first_edge[SE_REACH_MAX_NODES + 1];
    int16_t edge[SE_REACH_MAX_EDGES];
    /* and the nodes some edge enters: entered[v] == entered_gen (after
     * se_reach_enter_begin) */
    uint32_t entered[SE_REACH_MAX_NODES], entered_gen;
    /* se_reach_components: the components of the nodes met from those
     * that both some edge enters and some edge leaves (a node no edge
     * enters or leaves is on no cycle, and no path passes through it),
     * numbered in the order Tarjan closes them, so that a path between
     * two components always goes to a smaller number; their members in
     * that order */
    int ncomp;
    uint32_t seen[SE_REACH_MAX_NODES], gen; /* seen[v] == gen: v has a component */
    int16_t comp[SE_REACH_MAX_NODES];   /* component of a seen node */
    uint8_t cyclic[SE_REACH_MAX_NODES]; /* per component: a path from a member to itself */
    int16_t member[SE_REACH_MAX_NODES];
    int16_t comp_first[SE_REACH_MAX_NODES + 1];
    /* and the nodes with a component numbered 0..nseen in the order
     * Tarjan met them: order[v] (se_reach_number) */
    int nseen;
    int16_t order[SE_REACH_MAX_NODES];
    /* se_reach_sets: per component, which nodes with a component it
     * reaches (bit order[v] for node v) */
    int words;
    uint64_t reached[SE_REACH_MAX_NODES][SE_REACH_WORDS];
    /* scratch */
    int16_t low[SE_REACH_MAX_NODES];
    int16_t stack[SE_REACH_MAX_NODES], call[SE_REACH_MAX_NODES];
    int32_t next_edge[SE_REACH_MAX_NODES];
    int16_t merged[SE_REACH_MAX_NODES];
} se_reach;

/* A fresh mark for entered[]. */
static inline void se_reach_enter_begin(se_reach *r)
{
    if (++r->entered_gen == 0) {
        for (int i = 0; i < SE_REACH_MAX_NODES; i++)
            r->entered[i] = 0;
        r->entered_gen = 1;
    }
}

/* The components of the graph in r. A node no edge enters (a "source")
 * gets none: what it reaches is what the nodes it leads to reach, and
 * they. */
void se_reach_components(se_reach *r);

/* The same components, walking only from the nodes roots[0..nroots)
 * (those of them some edge enters and some edge leaves): enough when
 * the roots hold every node that some edge both enters and leaves. The
 * numbering may differ; the components, their members, their order's
 * property and the nodes with a component do not. */
void se_reach_components_from(se_reach *r, const int16_t *roots, int nroots);

static inline int se_reach_out(const se_reach *r, int v)
{
    return r->first_edge[v] != r->first_edge[v + 1];
}

/* A node's number among those with a component (after
 * se_reach_components), -1 for a node without one. */
static inline int se_reach_number(const se_reach *r, int v)
{
    return r->seen[v] == r->gen ? r->order[v] : -1;
}

/* After se_reach_components: what each component with an edge out
 * reaches (one link or more) among the nodes with a component, as bits
 * of their numbers. */
void se_reach_sets(se_reach *r);

#endif
