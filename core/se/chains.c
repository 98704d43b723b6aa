/*
 * chains.c - the chain engine (see chains.h): the work area, nodes and
 * their parents, the two implication rules, the propagation of a set of
 * assumptions (with the dry-point hook), the complexity of a conclusion
 * and the rating it gives.
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
    ws->nested = malloc(sizeof(se_nested_ref) * SE_MAX_NESTED);
    ws->sig_seen = malloc(sizeof(uint64_t) * SE_SIG_TABLE);
    ws->sig_mark = malloc(sizeof(uint32_t) * SE_SIG_TABLE);
    if (!ws->nested || !ws->sig_seen || !ws->sig_mark || !ws->node || !ws->extra ||
        !ws->queue_on || !ws->queue_off || !ws->bfs_a || !ws->bfs_b) {
        se_chain_ws_free(ws);
        return NULL;
    }
    se_chain_ws_reset(ws);
    return ws;
}

void se_chain_ws_reset(se_chain_ws *ws)
{
    memset(ws->sig_mark, 0, sizeof(uint32_t) * SE_SIG_TABLE);
    ws->sig_now = 0;
    ws->nnested = 0;
    ws->cancel = NULL;
    ws->cancelled = 0;
    se_pset_init(&ws->tmp_on);
    se_pset_init(&ws->tmp_off);
    memset(ws->stamp, 0, sizeof ws->stamp);
    ws->stamp_now = 0;
    ws->nnode = ws->nextra = 0;
    ws->overflow = 0;
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
    free(ws->nested);
    free(ws->sig_seen);
    free(ws->sig_mark);
    free(ws);
}

void se_node_add_parent(se_chain_ws *ws, int32_t node, int32_t parent)
{
    if (ws->nextra >= SE_MAX_EXTRA) {
        ws->overflow = 1;
        return;
    }
    if (ws->node[node].extra_count == UINT16_MAX) {
        ws->overflow = 1;
        return;
    }
    ws->extra[ws->nextra++] = parent;
    ws->node[node].extra_count++;
}

int se_cycle_eliminations(const se_chain_ws *ws, int32_t dst, const uint16_t *cand,
                          uint16_t gone[81])
{
    /* bit sets: cell c is bit c % 27 of word c / 27 */
    uint32_t in_cycle[3] = { 0, 0, 0 }, forward[9][3], back[9][3];
    unsigned digits = 0;
    for (int32_t p = dst; ws->node[p].parent >= 0; p = ws->node[p].parent) {
        int k = ws->node[p].key, cell = SE_KEY_CELL(k), d = SE_KEY_DIGIT(k);
        in_cycle[cell / 27] |= 1u << (cell % 27);
        if (!(digits >> d & 1)) {
            digits |= 1u << d;
            memset(forward[d], 0, sizeof forward[d]);
            memset(back[d], 0, sizeof back[d]);
        }
        uint32_t *side = SE_KEY_ON(k) ? forward[d] : back[d];
        for (int w = 0; w < 3; w++)
            side[w] |= se_peer_bits[cell][w];
    }
    int any = 0;
    for (unsigned m = digits; m; m &= m - 1) {
        int d = se_lowest(m);
        for (int w = 0; w < 3; w++)
            for (uint32_t both = forward[d][w] & back[d][w] & ~in_cycle[w]; both; both &= both - 1) {
                int c = w * 27 + se_lowest(both);
                if (!(cand[c] >> d & 1))
                    continue;
                if (!any)
                    memset(gone, 0, 81 * sizeof *gone);
                any = 1;
                gone[c] |= (uint16_t)(1u << d);
            }
    }
    return any;
}

/* Level by level, parents in order, a key counted (and expanded) once:
 * the reference's walk, so that when two nodes share a key the one it
 * expands is the one we expand. */
int se_ancestor_count(se_chain_ws *ws, int32_t start)
{
    uint32_t st = se_next_stamp(ws);
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

int se_chain_complexity(se_chain_ws *ws, const int32_t *ends, int n)
{
    int total = 0, nseen = 0;
    if (++ws->sig_now == 0) {
        memset(ws->sig_mark, 0, sizeof(uint32_t) * SE_SIG_TABLE);
        ws->sig_now = 1;
    }
    for (int e = 0; e < n; e++) {
        uint32_t st = se_next_stamp(ws);
        int32_t *todo = ws->bfs_a, *next = ws->bfs_b;
        int ntodo = 1;
        todo[0] = ends[e];
        while (ntodo) {
            int nnext = 0;
            for (int i = 0; i < ntodo; i++) {
                const se_node *nd = &ws->node[todo[i]];
                if (ws->stamp[nd->key] == st)
                    continue;
                ws->stamp[nd->key] = st;
                total++;
                if (nd->nested >= 0) {
                    /* each distinct nested chain counts once */
                    const se_nested_ref *r = &ws->nested[nd->nested];
                    unsigned slot = (unsigned)(r->signature >> 33) & (SE_SIG_TABLE - 1);
                    int known = 0;
                    while (ws->sig_mark[slot] == ws->sig_now) {
                        if (ws->sig_seen[slot] == r->signature) {
                            known = 1;
                            break;
                        }
                        slot = (slot + 1) & (SE_SIG_TABLE - 1);
                    }
                    if (!known) {
                        if (++nseen > SE_SIG_TABLE / 2) {
                            ws->overflow = 1;
                            return total;
                        }
                        ws->sig_mark[slot] = ws->sig_now;
                        ws->sig_seen[slot] = r->signature;
                        total += r->complexity;
                    }
                }
                if (nd->parent >= 0) {
                    next[nnext++] = nd->parent;
                    for (int x = 0; x < nd->extra_count; x++)
                        next[nnext++] = ws->extra[nd->extra_first + x];
                }
                if (nnext > SE_MAX_NODES - 64) {
                    ws->overflow = 1;
                    return total;
                }
            }
            int32_t *t = todo;
            todo = next;
            next = t;
            ntodo = nnext;
        }
    }
    return total;
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

/* Exactly two bits (of nine). */
static inline int two_bits(unsigned x)
{
    return se_bit_count[x & 511] == 2;
}

/* The rules' bodies, inlined into the propagation loop below (the
 * exported functions are the same code, called by cycles.c once per
 * potential and round). */
static inline __attribute__((always_inline)) int on_to_off(const se_state *g, int key, int y,
                                                           uint16_t out[32])
{
    int cell = SE_KEY_CELL(key), d = SE_KEY_DIGIT(key), n = 0;
    if (y)
        for (unsigned m = g->cand[cell] & ~(1u << d); m; m &= m - 1)
            out[n++] = (uint16_t)SE_KEY(0, cell, se_lowest(m));
    /* box, row, column; the box's cells are not repeated by the lines,
     * and the cell itself is left out by its own place bit */
    const uint8_t *h = se_cell_house[cell], *at = se_cell_place[cell];
    for (int k = 0; k < 3; k++) {
        unsigned places = g->pos[h[k]][d + 1] & ~(1u << at[k]);
        if (k)
            places &= ~(unsigned)se_house_in[h[k]][h[0]];
        const uint8_t *hc = se_house_cell[h[k]];
        for (; places; places &= places - 1)
            out[n++] = (uint16_t)SE_KEY(0, hc[se_lowest(places)], d);
    }
    return n;
}

static inline __attribute__((always_inline)) int off_to_on_keys(const se_state *cur, int key,
                                                                int y, int x, uint16_t keys[4],
                                                                int8_t rule[4])
{
    int cell = SE_KEY_CELL(key), d = SE_KEY_DIGIT(key), n = 0;
    unsigned cand = cur->cand[cell];
    if (y && two_bits(cand)) {
        keys[n] = (uint16_t)SE_KEY(1, cell, se_lowest(cand & ~(1u << d)));
        rule[n++] = -1;
    }
    if (!x)
        return n;
    /* The cell rule's key is in this cell with another digit, a house
     * rule's in another cell with this digit: only house keys can repeat. */
    int first_house_key = n;
    const uint8_t *hs = se_cell_house[cell], *at = se_cell_place[cell];
    for (int k = 0; k < 3; k++) {
        unsigned places = cur->pos[hs[k]][d + 1];
        if (!two_bits(places))
            continue;
        /* the other place; the first one when the cell is not among them */
        unsigned other = places & ~(1u << at[k]);
        int oc = se_house_cell[hs[k]][se_lowest(other)];
        int nk = SE_KEY(1, oc, d), dup = 0;
        for (int i = first_house_key; i < n; i++)
            dup |= keys[i] == nk;
        if (!dup) {
            keys[n] = (uint16_t)nk;
            rule[n++] = (int8_t)hs[k];
        }
    }
    return n;
}

/* off_to_on_keys with both rules, for an "off" key (below 729), as the
 * propagation loop asks it: the same keys and rules in the same order,
 * with the bit tests spelled out (exactly two bits: one left after
 * clearing the lowest) and the two earlier house keys compared directly. */
static inline __attribute__((always_inline)) int off_to_on_both(const se_state *cur,
                                                                unsigned key, int y,
                                                                uint16_t keys[4],
                                                                int8_t rule[4])
{
    unsigned cell = key / 9, d = key - cell * 9;
    int n = 0;
    unsigned cand = cur->cand[cell], rest = cand & (cand - 1);
    if (y && rest && !(rest & (rest - 1))) {
        keys[0] = (uint16_t)SE_KEY(1, cell, se_lowest(cand & ~(1u << d)));
        rule[0] = -1;
        n = 1;
    }
    const uint8_t *hs = se_cell_house[cell], *at = se_cell_place[cell];
    const uint16_t *places_of = &cur->pos[0][d + 1]; /* house h at [h * 10] */
    /* Without branches: whether a house has two places is a coin toss the
     * predictor loses often, so each house's key is written at keys[n]
     * and n moves on only when it is taken (keys has room: n <= 3 at the
     * third house). Other is empty only when the house does not count;
     * the 0x100 keeps its index in the house. */
    int first = -1, second = -1;
    for (int k = 0; k < 3; k++) {
        unsigned places = places_of[hs[k] * 10], more = places & (places - 1);
        unsigned other = places & ~(1u << at[k]);
        int nk = SE_KEY(1, se_house_cell[hs[k]][se_lowest(other | 0x100)], d);
        int take = (more != 0) & ((more & (more - 1)) == 0) & (nk != first) & (nk != second);
        keys[n] = (uint16_t)nk;
        rule[n] = (int8_t)hs[k];
        second = take && first >= 0 ? nk : second;
        first = take && first < 0 ? nk : first;
        n += take;
    }
    return n;
}

int se_on_to_off(const se_state *g, int key, int y, uint16_t out[32])
{
    return on_to_off(g, key, y, out);
}

int se_off_to_on_keys(const se_state *cur, int key, int y, int x, uint16_t keys[4],
                      int8_t rule[4])
{
    return off_to_on_keys(cur, key, y, x, keys, rule);
}

static inline __attribute__((always_inline)) int32_t on_node(se_chain_ws *ws,
                                                               const se_state *cur,
                                                               const se_state *src, int key,
                                                               int rule, int32_t parent,
                                                               const se_pset *to_off,
                                                               int dynamic)
{
    int32_t nn = se_node_new(ws, key, parent);
    if (nn < 0)
        return nn;
    ws->node[nn].cause = (int8_t)rule;
    if (!dynamic)
        return nn;
    int cell = SE_KEY_CELL(key), d = SE_KEY_DIGIT(key);
    if (rule < 0) {
        for (unsigned m = src->cand[cell] & ~cur->cand[cell]; m; m &= m - 1) {
            int32_t hp = to_off->at[SE_KEY(0, cell, se_lowest(m))];
            if (hp >= 0)
                se_node_add_parent(ws, nn, hp);
        }
    } else {
        const uint8_t *hc = se_house_cell[rule];
        for (unsigned m = src->pos[rule][d + 1] & ~cur->pos[rule][d + 1]; m; m &= m - 1) {
            int32_t hp = to_off->at[SE_KEY(0, hc[se_lowest(m)], d)];
            if (hp >= 0)
                se_node_add_parent(ws, nn, hp);
        }
    }
    return nn;
}

int32_t se_on_node(se_chain_ws *ws, const se_state *cur, const se_state *src, int key,
                   int rule, int32_t parent, const se_pset *to_off, int dynamic)
{
    return on_node(ws, cur, src, key, rule, parent, to_off, dynamic);
}

/* Removes a candidate from a working grid (cand and pos together). */
static inline __attribute__((always_inline)) void drop(se_state *g, int cell, int d)
{
    g->cand[cell] &= (uint16_t)~(1u << d);
    const uint8_t *h = se_cell_house[cell], *at = se_cell_place[cell];
    g->pos[h[0]][d + 1] &= (uint16_t)~(1u << at[0]);
    g->pos[h[1]][d + 1] &= (uint16_t)~(1u << at[1]);
    g->pos[h[2]][d + 1] &= (uint16_t)~(1u << at[2]);
}

/* The rules of one potential on the unchanged grid, worked out on first
 * use in a producer call (se_rule_tables). */
static inline const uint16_t *table_offs(se_rule_tables *t, const se_state *grid, int key)
{
    int k = key - 729;
    if (t->off_gen[k] != t->now) {
        t->off_gen[k] = t->now;
        t->off[k][28] = (uint16_t)on_to_off(grid, key, t->y, t->off[k]);
    }
    return t->off[k];
}

static inline int table_ons(se_rule_tables *t, const se_state *grid, int key,
                            const uint16_t **keys, const int8_t **rule)
{
    if (t->on_gen[key] != t->now) {
        t->on_gen[key] = t->now;
        t->on_n[key] = (uint8_t)off_to_on_keys(grid, key, t->y, 1, t->on[key], t->on_rule[key]);
    }
    *keys = t->on[key];
    *rule = t->on_rule[key];
    return t->on_n[key];
}

void se_rule_tables_reset(se_rule_tables *t, int y)
{
    t->y = y;
    if (++t->now == 0) {
        memset(t->off_gen, 0, sizeof t->off_gen);
        memset(t->on_gen, 0, sizeof t->on_gen);
        t->now = 1;
    }
}

/*
 * The propagation. With tables (t), the rules are read from them where
 * that gives the same lists:
 * - "on" -> "off" when nothing but the chain's own processed "off"s has
 *   left the working grid (static, or dynamic without a hook): the list on
 *   the unchanged grid then holds, in the same order, what the working
 *   grid's list holds and those removed candidates, each of which is in
 *   to_off and whose "on" is not in to_on (it would have been a
 *   contradiction when the second of the two came), so the loop below
 *   passes over them as it would not have met them. Not at level 1 and
 *   up (a dry-point hook): the advanced rules add "off"s without that
 *   check.
 * - "off" -> "on" when the grid does not change (static); when it does,
 *   from off_to_on_both.
 */
static inline __attribute__((always_inline)) int chaining(se_chain_ws *ws, const se_state *grid,
                                                          se_pset *to_on, se_pset *to_off, int y,
                                                          int dynamic, const se_dry_hook *dry,
                                                          int32_t contra[2], se_rule_tables *t)
{
    se_state work;
    const se_state *cur = grid;
    if (dynamic) {
        work = *grid;
        cur = &work;
    }
    int32_t *qon = ws->queue_on, *qoff = ws->queue_off;
    int hon = 0, ton = 0, hoff = 0, toff = 0;
    se_dry_point point = { -1, 0, { -1, -1, -1, -1 } };
    if (dry && to_on->n + to_off->n == 1)
        point.assumption = to_on->n ? to_on->order[0] : to_off->order[0];
    for (int i = 0; i < to_on->n; i++)
        qon[ton++] = to_on->at[to_on->order[i]];
    for (int i = 0; i < to_off->n; i++)
        qoff[toff++] = to_off->at[to_off->order[i]];
    while (hon < ton || hoff < toff) {
        /* without a hook nothing else is done once a pool is out: new
         * nodes fail, the callers check ws->overflow and drop the result */
        if (dry && ws->overflow)
            return 0;
        if (hon < ton) {
            int32_t p = qon[hon++];
            uint16_t buf[32];
            const uint16_t *offs = buf;
            int n;
            if (t && !dry) {
                offs = table_offs(t, grid, ws->node[p].key);
                n = offs[28];
            } else {
                n = on_to_off(cur, ws->node[p].key, y, buf);
            }
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
            uint16_t ons_buf[4];
            int8_t rule_buf[4];
            const uint16_t *ons = ons_buf;
            const int8_t *rule = rule_buf;
            int n;
            if (t && !dynamic)
                n = table_ons(t, grid, ws->node[p].key, &ons, &rule);
            else if (t)
                n = off_to_on_both(cur, ws->node[p].key, y, ons_buf, rule_buf);
            else /* the plain engine (the tests' twin): the plain rule */
                n = off_to_on_keys(cur, ws->node[p].key, y, 1, ons_buf, rule_buf);
            /* the new nodes' hidden parents are read before p goes */
            for (int i = 0; i < n; i++) {
                int k = ons[i];
                if (to_off->at[k - 729] >= 0) {
                    contra[0] = on_node(ws, cur, grid, k, rule[i], p, to_off, dynamic);
                    contra[1] = to_off->at[k - 729];
                    return contra[0] >= 0;
                }
                if (to_on->at[k] < 0) {
                    int32_t nn = on_node(ws, cur, grid, k, rule[i], p, to_off, dynamic);
                    if (nn < 0)
                        return 0;
                    se_pset_add(to_on, k, nn);
                    qon[ton++] = nn;
                }
            }
            if (dynamic) {
                unsigned k = ws->node[p].key; /* an "off": below 729 */
                drop(&work, (int)(k / 9), (int)(k % 9));
            }
        }
        /* dry: the hook asks more rules of the reduced grid */
        if (dry && hon == ton && hoff == toff &&
            dry->run(dry->ctx, ws, &work, grid, to_off, qoff, &toff, &point) < 0)
            return 0;
    }
    return 0;
}

int se_do_chaining(se_chain_ws *ws, const se_state *grid, se_pset *to_on, se_pset *to_off,
                   int y, int dynamic, const se_dry_hook *dry, int32_t contra[2])
{
    return chaining(ws, grid, to_on, to_off, y, dynamic, dry, contra, NULL);
}

int se_do_chaining_tables(se_chain_ws *ws, const se_state *grid, se_pset *to_on,
                          se_pset *to_off, int y, int dynamic, const se_dry_hook *dry,
                          int32_t contra[2], se_rule_tables *t)
{
    /* the common cases with their branches folded away */
    if (!dry)
        return dynamic ? chaining(ws, grid, to_on, to_off, y, 1, NULL, contra, t)
                       : chaining(ws, grid, to_on, to_off, y, 0, NULL, contra, t);
    return chaining(ws, grid, to_on, to_off, y, dynamic, dry, contra, t);
}

int se_chain_conclude(se_hint *h, const se_state *s, int key)
{
    int cell = SE_KEY_CELL(key), d = SE_KEY_DIGIT(key);
    if (SE_KEY_ON(key)) {
        h->elim[cell] = (uint16_t)(s->cand[cell] & ~(1u << d));
        if (!h->elim[cell])
            return 0;
        h->cell = cell;
        h->digit = d + 1;
    } else {
        h->elim[cell] = (uint16_t)(1u << d);
    }
    return 1;
}
