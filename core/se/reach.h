/*
 * reach.h - which potentials a breadth-first chain search can reach, for
 * skipping the searches that cannot find anything (nested.c).
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
     * something leaves (the others are on no path), numbered in the order
     * Tarjan closes them, so that a path between two components always
     * goes to a smaller number; their members in that order */
    int ncomp;
    uint32_t seen[SE_REACH_MAX_NODES], gen; /* seen[v] == gen: v has a component */
    int16_t comp[SE_REACH_MAX_NODES];   /* component of a seen node */
    uint8_t cyclic[SE_REACH_MAX_NODES]; /* per component: a path from a member to itself */
    int16_t member[SE_REACH_MAX_NODES];
    int16_t comp_first[SE_REACH_MAX_NODES + 1];
    /* se_reach_sets: per component, which of the targets it reaches (bit
     * target[v] for node v; -1: not a target) */
    int words;
    int16_t target[SE_REACH_MAX_NODES];
    uint64_t reached[SE_REACH_MAX_NODES][SE_REACH_WORDS];
    /* scratch */
    int16_t order[SE_REACH_MAX_NODES], low[SE_REACH_MAX_NODES];
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
 * is on no cycle and gets none: the questions about it go through the
 * nodes it leads to. */
void se_reach_components(se_reach *r);

static inline int se_reach_out(const se_reach *r, int v)
{
    return r->first_edge[v] != r->first_edge[v + 1];
}

/* Is there a path of one link or more from node `from` to node `to`? 1
 * yes, 0 no, -1 the components cannot tell (they are different and the
 * one of `from` is closed later). */
static inline int se_reach_known_seen(const se_reach *r, int from, int to)
{
    if (!se_reach_out(r, from) || r->seen[to] != r->gen)
        return 0; /* nothing leaves it, or nothing leads to it */
    int a = r->comp[from], b = r->comp[to];
    if (a == b)
        return from != to || r->cyclic[a];
    return a < b ? 0 : -1;
}

static inline int se_reach_known(const se_reach *r, int from, int to)
{
    if (!se_reach_out(r, from))
        return 0;
    if (r->seen[from] == r->gen)
        return se_reach_known_seen(r, from, to);
    int result = 0; /* a source: through the nodes it leads to */
    for (int e = r->first_edge[from]; e < r->first_edge[from + 1]; e++) {
        int w = r->edge[e];
        if (w == to)
            return 1;
        int k = se_reach_known_seen(r, w, to);
        if (k > 0)
            return 1;
        if (k < 0)
            result = -1;
    }
    return result;
}

/* After se_reach_components, with target[] set for the nodes to ask
 * about (numbered from 0, at most SE_REACH_MAX_NODES): what each
 * component reaches among them. */
void se_reach_sets(se_reach *r, int ntargets);

/* After se_reach_sets: is there a path of one link or more from node
 * `from` to node `to` (a target)? */
static inline int se_reach_path_seen(const se_reach *r, int from, int to)
{
    int t = r->target[to];
    return (int)(r->reached[r->comp[from]][t >> 6] >> (t & 63) & 1);
}

static inline int se_reach_path(const se_reach *r, int from, int to)
{
    if (r->seen[from] == r->gen)
        return se_reach_path_seen(r, from, to);
    for (int e = r->first_edge[from]; e < r->first_edge[from + 1]; e++) {
        int w = r->edge[e];
        if (w == to)
            return 1;
        int k = se_reach_known_seen(r, w, to);
        if (k > 0 || (k < 0 && se_reach_path_seen(r, w, to)))
            return 1;
    }
    return 0;
}

#endif
