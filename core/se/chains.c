/*
 * chains.c - the implication engine of the chaining techniques (see
 * chains.h): nodes and their parents, the two implication rules, the
 * propagation of a set of assumptions, the complexity of a conclusion and
 * the rating it gives.
 */
#include <stdlib.h>
#include <string.h>
#include "chains.h"

se_chain_ws *se_chain_ws_new(void)
{
    se_chain_ws *ws = malloc(sizeof *ws);
    if (!ws)
        return NULL;
    ws->node = malloc(sizeof(se_node) * SE_MAX_NODES);
    ws->extra = malloc(sizeof(int32_t) * SE_MAX_EXTRA);
    ws->queue_on = malloc(sizeof(int32_t) * SE_MAX_NODES);
    ws->queue_off = malloc(sizeof(int32_t) * SE_MAX_NODES);
    ws->bfs_a = malloc(sizeof(int32_t) * SE_MAX_NODES);
    ws->bfs_b = malloc(sizeof(int32_t) * SE_MAX_NODES);
    if (!ws->node || !ws->extra || !ws->queue_on || !ws->queue_off || !ws->bfs_a || !ws->bfs_b) {
        se_chain_ws_free(ws);
        return NULL;
    }
    for (int i = 0; i < 9; i++) {
        se_pset_init(&ws->value_on[i]);
        se_pset_init(&ws->value_off[i]);
        se_pset_init(&ws->pos_on[i]);
        se_pset_init(&ws->pos_off[i]);
    }
    se_pset_init(&ws->tmp_on);
    se_pset_init(&ws->tmp_off);
    memset(ws->stamp, 0, sizeof ws->stamp);
    ws->stamp_now = 0;
    ws->nnode = ws->nextra = 0;
    ws->overflow = 0;
    return ws;
}

void se_chain_ws_free(se_chain_ws *ws)
{
    if (!ws)
        return;
    free(ws->node);
    free(ws->extra);
    free(ws->queue_on);
    free(ws->queue_off);
    free(ws->bfs_a);
    free(ws->bfs_b);
    free(ws);
}

int32_t se_node_new(se_chain_ws *ws, int key, int32_t parent)
{
    if (ws->nnode >= SE_MAX_NODES) {
        ws->overflow = 1;
        return -1;
    }
    se_node *n = &ws->node[ws->nnode];
    n->key = (uint16_t)key;
    n->parent = parent;
    n->extra_count = 0;
    n->extra_first = ws->nextra;
    return ws->nnode++;
}

static void add_extra_parent(se_chain_ws *ws, int32_t node, int32_t parent)
{
    if (ws->nextra >= SE_MAX_EXTRA) {
        ws->overflow = 1;
        return;
    }
    ws->extra[ws->nextra++] = parent;
    ws->node[node].extra_count++;
}

static uint32_t next_stamp(se_chain_ws *ws)
{
    if (++ws->stamp_now == 0) {
        memset(ws->stamp, 0, sizeof ws->stamp);
        ws->stamp_now = 1;
    }
    return ws->stamp_now;
}

/* Level by level, parents in order, a key counted (and expanded) once:
 * the reference's walk, so that when two nodes share a key the one it
 * expands is the one we expand. */
int se_ancestor_count(se_chain_ws *ws, int32_t start)
{
    uint32_t st = next_stamp(ws);
    int32_t *todo = ws->bfs_a, *next = ws->bfs_b;
    int ntodo = 1, count = 0;
    todo[0] = start;
    while (ntodo) {
        int nnext = 0;
        for (int i = 0; i < ntodo; i++) {
            const se_node *n = &ws->node[todo[i]];
            if (ws->stamp[n->key] == st)
                continue;
            ws->stamp[n->key] = st;
            count++;
            if (n->parent >= 0) {
                next[nnext++] = n->parent;
                for (int e = 0; e < n->extra_count; e++)
                    next[nnext++] = ws->extra[n->extra_first + e];
            }
            if (nnext > SE_MAX_NODES - 32) { /* cannot happen: keys are few */
                ws->overflow = 1;
                return count;
            }
        }
        int32_t *t = todo;
        todo = next;
        next = t;
        ntodo = nnext;
    }
    return count;
}

double se_chain_difficulty(double base, int complexity)
{
    double added = 0.0;
    int ceiling = 4, length = complexity - 2, odd = 0;
    while (length > ceiling) {
        added += 0.1;
        ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
        odd = !odd;
    }
    return base + added;
}

int se_chain_tenths(double difficulty)
{
    return (int)((difficulty + 0.05) * 10.0);
}

void se_chain_offer(se_chain_best *best, double difficulty, int complexity,
                    int sort_key, const se_hint *h)
{
    if (best->found) {
        if (difficulty > best->difficulty)
            return;
        if (difficulty == best->difficulty) {
            if (complexity > best->complexity)
                return;
            if (complexity == best->complexity && sort_key >= best->sort_key)
                return;
        }
    }
    best->found = 1;
    best->difficulty = difficulty;
    best->complexity = complexity;
    best->sort_key = sort_key;
    best->hint = *h;
}

int se_on_to_off(const uint16_t *cand, int key, int y, uint16_t out[32])
{
    int cell = SE_KEY_CELL(key), d = SE_KEY_DIGIT(key), n = 0;
    if (y)
        for (unsigned m = cand[cell] & ~(1u << d); m; m &= m - 1)
            out[n++] = (uint16_t)SE_KEY(0, cell, se_lowest(m));
    /* box, row, column; a cell met twice (box and line) counts once */
    uint8_t seen[81] = { 0 };
    for (int k = 0; k < 3; k++) {
        const uint8_t *hc = se_house_cell[se_cell_house[cell][k]];
        for (int i = 0; i < 9; i++) {
            int c = hc[i];
            if (c != cell && (cand[c] >> d & 1) && !seen[c]) {
                seen[c] = 1;
                out[n++] = (uint16_t)SE_KEY(0, c, d);
            }
        }
    }
    return n;
}

int se_off_to_on(se_chain_ws *ws, const uint16_t *cur, const uint16_t *src,
                 int32_t pnode, const se_pset *to_off, int y, int x, int dynamic,
                 int32_t out[4])
{
    int key = ws->node[pnode].key;
    int cell = SE_KEY_CELL(key), d = SE_KEY_DIGIT(key), n = 0;
    int keys[4];
    if (y && se_popcount(cur[cell]) == 2) {
        int other = se_lowest(cur[cell] & ~(1u << d));
        int32_t nn = se_node_new(ws, SE_KEY(1, cell, other), pnode);
        if (nn < 0)
            return 0;
        if (dynamic)
            for (unsigned m = src[cell] & ~cur[cell]; m; m &= m - 1) {
                int32_t hp = to_off->at[SE_KEY(0, cell, se_lowest(m))];
                if (hp >= 0)
                    add_extra_parent(ws, nn, hp);
            }
        keys[n] = SE_KEY(1, cell, other);
        out[n++] = nn;
    }
    for (int k = 0; x && k < 3; k++) {
        const uint8_t *hc = se_house_cell[se_cell_house[cell][k]];
        unsigned cur_pos = 0, src_pos = 0;
        for (int i = 0; i < 9; i++) {
            cur_pos |= (unsigned)(cur[hc[i]] >> d & 1) << i;
            src_pos |= (unsigned)(src[hc[i]] >> d & 1) << i;
        }
        if (se_popcount(cur_pos) != 2)
            continue;
        int oc = -1;
        for (unsigned m = cur_pos; m; m &= m - 1)
            if (hc[se_lowest(m)] != cell)
                oc = hc[se_lowest(m)];
        if (oc < 0)
            continue; /* the cell itself lacks d: cannot happen */
        int nk = SE_KEY(1, oc, d), dup = 0;
        for (int i = 0; i < n; i++)
            dup |= keys[i] == nk;
        if (dup)
            continue;
        int32_t nn = se_node_new(ws, nk, pnode);
        if (nn < 0)
            return n;
        if (dynamic)
            for (unsigned m = src_pos & ~cur_pos; m; m &= m - 1) {
                int32_t hp = to_off->at[SE_KEY(0, hc[se_lowest(m)], d)];
                if (hp >= 0)
                    add_extra_parent(ws, nn, hp);
            }
        keys[n] = nk;
        out[n++] = nn;
    }
    return n;
}

int se_do_chaining(se_chain_ws *ws, const uint16_t *cand, se_pset *to_on,
                   se_pset *to_off, int y, int dynamic, int32_t contra[2])
{
    uint16_t cur[81];
    memcpy(cur, cand, sizeof cur);
    int32_t *qon = ws->queue_on, *qoff = ws->queue_off;
    int hon = 0, ton = 0, hoff = 0, toff = 0;
    for (int i = 0; i < to_on->n; i++)
        qon[ton++] = to_on->at[to_on->order[i]];
    for (int i = 0; i < to_off->n; i++)
        qoff[toff++] = to_off->at[to_off->order[i]];
    while (hon < ton || hoff < toff) {
        if (ws->overflow)
            return 0;
        if (hon < ton) {
            int32_t p = qon[hon++];
            uint16_t offs[32];
            int n = se_on_to_off(cur, ws->node[p].key, y, offs);
            for (int i = 0; i < n; i++) {
                int k = offs[i];
                if (to_on->at[k + 729] >= 0) {
                    contra[0] = to_on->at[k + 729];
                    contra[1] = se_node_new(ws, k, p);
                    return contra[1] >= 0;
                }
                if (to_off->at[k] < 0) {
                    int32_t nn = se_node_new(ws, k, p);
                    if (nn < 0)
                        return 0;
                    se_pset_add(to_off, k, nn);
                    qoff[toff++] = nn;
                }
            }
        } else {
            int32_t p = qoff[hoff++];
            int32_t ons[4];
            int n = se_off_to_on(ws, cur, cand, p, to_off, y, 1, dynamic, ons);
            if (dynamic) {
                int k = ws->node[p].key;
                cur[SE_KEY_CELL(k)] &= (uint16_t)~(1u << SE_KEY_DIGIT(k));
            }
            for (int i = 0; i < n; i++) {
                int k = ws->node[ons[i]].key;
                if (to_off->at[k - 729] >= 0) {
                    contra[0] = ons[i];
                    contra[1] = to_off->at[k - 729];
                    return 1;
                }
                if (to_on->at[k] < 0) {
                    se_pset_add(to_on, k, ons[i]);
                    qon[ton++] = ons[i];
                }
            }
        }
    }
    return 0;
}
