/*
 * reach.c - strongly connected components and reachability of a chain
 * pass's implication graph (see reach.h).
 */
#include <string.h>
#include "reach.h"

/* Tarjan's walk from one root, numbering on from the counts in *at
 * (components, visit counter, stack top, members placed). */
typedef struct walk_at {
    int comps, counter, top, placed;
} walk_at;

static void walk(se_reach *r, int root, walk_at *at)
{
    const uint32_t gen = r->gen;
    int comps = at->comps, counter = at->counter, top = at->top, placed = at->placed;
    int depth = 0;
    r->call[0] = (int16_t)root;
    r->next_edge[root] = r->first_edge[root];
    r->seen[root] = gen;
    r->comp[root] = -1;
    r->order[root] = r->low[root] = (int16_t)counter++;
    r->stack[top++] = (int16_t)root;
    while (depth >= 0) {
        int v = r->call[depth];
        if (r->next_edge[v] < r->first_edge[v + 1]) {
            int w = r->edge[r->next_edge[v]++];
            if (r->seen[w] != gen) { /* a tree edge: descend */
                r->seen[w] = gen;
                r->comp[w] = -1;
                r->order[w] = r->low[w] = (int16_t)counter++;
                r->next_edge[w] = r->first_edge[w];
                r->stack[top++] = (int16_t)w;
                r->call[++depth] = (int16_t)w;
            } else if (r->comp[w] < 0 && r->order[w] < r->low[v]) {
                r->low[v] = r->order[w]; /* w is still on the stack */
            }
            continue;
        }
        if (r->low[v] == r->order[v]) { /* v roots a component: close it */
            int c = comps++, first = top;
            while (r->stack[--first] != v)
                ;
            r->comp_first[c] = (int16_t)placed;
            for (int i = first; i < top; i++) {
                r->comp[r->stack[i]] = (int16_t)c;
                r->member[placed++] = r->stack[i];
            }
            /* two members or more lie on a cycle; one, if it leads to itself */
            r->cyclic[c] = top - first > 1;
            for (int e = r->first_edge[v]; e < r->first_edge[v + 1] && !r->cyclic[c]; e++)
                r->cyclic[c] = r->edge[e] == v;
            top = first;
        }
        if (--depth >= 0) {
            int u = r->call[depth];
            if (r->low[v] < r->low[u])
                r->low[u] = r->low[v];
        }
    }
    at->comps = comps;
    at->counter = counter;
    at->top = top;
    at->placed = placed;
}

/* a node nothing leaves is met from a node something leaves if anything
 * leads to it, else it is on no path; a node nothing enters is on no
 * path but as its start (se_reach_known) */
static inline int is_root(const se_reach *r, int v)
{
    return r->seen[v] != r->gen && r->first_edge[v] != r->first_edge[v + 1] &&
           r->entered[v] == r->entered_gen;
}

static void begin(se_reach *r)
{
    if (++r->gen == 0) {
        memset(r->seen, 0, sizeof r->seen);
        r->gen = 1;
    }
}

static void end(se_reach *r, const walk_at *at)
{
    r->ncomp = at->comps;
    r->comp_first[at->comps] = (int16_t)at->placed;
    r->nseen = at->counter;
}

void se_reach_components(se_reach *r)
{
    walk_at at = { 0, 0, 0, 0 };
    begin(r);
    for (int root = 0; root < r->n; root++)
        if (is_root(r, root))
            walk(r, root, &at);
    end(r, &at);
}

void se_reach_components_from(se_reach *r, const int16_t *roots, int nroots)
{
    walk_at at = { 0, 0, 0, 0 };
    begin(r);
    for (int i = 0; i < nroots; i++)
        if (is_root(r, roots[i]))
            walk(r, roots[i], &at);
    end(r, &at);
}

/* In closing order every component's successors come before it, so one
 * pass unions their sets. */
void se_reach_sets(se_reach *r)
{
    int words = r->words = (r->nseen + 63) / 64;
    for (int c = 0; c < r->ncomp; c++)
        r->merged[c] = -1;
    for (int c = 0; c < r->ncomp; c++) {
        int first = r->member[r->comp_first[c]];
        if (r->comp_first[c + 1] - r->comp_first[c] == 1 &&
            r->first_edge[first] == r->first_edge[first + 1]) {
            /* nothing leaves it: its set is empty (and never asked for) */
            r->merged[c] = -2;
            continue;
        }
        uint64_t *bits = r->reached[c];
        memset(bits, 0, sizeof(uint64_t) * (size_t)words);
        for (int i = r->comp_first[c]; i < r->comp_first[c + 1]; i++) {
            int u = r->member[i];
            if (r->cyclic[c]) /* (members and what they lead to have a number) */
                bits[r->order[u] >> 6] |= 1ull << (r->order[u] & 63);
            for (int e = r->first_edge[u]; e < r->first_edge[u + 1]; e++) {
                int w = r->edge[e], cw = r->comp[w];
                if (cw == c)
                    continue;
                bits[r->order[w] >> 6] |= 1ull << (r->order[w] & 63);
                if (r->merged[cw] == c || r->merged[cw] == -2)
                    continue; /* that component's set is in already, or empty */
                r->merged[cw] = (int16_t)c;
                const uint64_t *more = r->reached[cw];
                for (int x = 0; x < words; x++)
                    bits[x] |= more[x];
            }
        }
    }
}
