/*
 * wings.c - XY-Wing (4.2) and XYZ-Wing (4.4).
 *
 * XY-Wing: a pivot with candidates {x,y} sees a cell {x,z} and a cell
 * {y,z}; z goes from every cell seeing both wings. XYZ-Wing: the pivot is
 * {x,y,z}, the wings {x,z} and {y,z} (subsets of it); z goes from every
 * cell seeing all three. The reference takes pivots row-major, then the
 * first wing and the second wing each in the pivot's peer order (box,
 * rest of the row, rest of the column), and z is the lower digit the two
 * wings share.
 */
#include "finders.h"

int se_find_xy_wing(const se_state *s, se_hint *h, int xyz)
{
    int pivot_size = xyz ? 3 : 2;
    for (int p = 0; p < 81; p++) {
        uint16_t xy = s->cand[p];
        if (se_popcount(xy) != pivot_size)
            continue;
        for (int i = 0; i < 20; i++) {
            int w1 = se_peer[p][i];
            uint16_t xz = s->cand[w1];
            if (se_popcount(xz) != 2 || se_popcount(xy & ~xz) != 1)
                continue;
            for (int j = 0; j < 20; j++) {
                int w2 = se_peer[p][j];
                uint16_t yz = s->cand[w2];
                if (se_popcount(yz) != 2)
                    continue;
                if (se_popcount(xy | xz | yz) != 3 ||
                    se_popcount(xy & xz & yz) != (xyz ? 1 : 0))
                    continue;
                int z = se_lowest(xz & yz);
                se_hint_clear(h, xyz ? SE_XYZ_WING : SE_XY_WING, xyz ? 44 : 42);
                for (int k = 0; k < 20; k++) {
                    int v = se_peer[w1][k];
                    if (v == p || v == w2)
                        continue;
                    int sees_w2 = se_cell_house[v][0] == se_cell_house[w2][0] ||
                                  se_cell_house[v][1] == se_cell_house[w2][1] ||
                                  se_cell_house[v][2] == se_cell_house[w2][2];
                    int sees_p = se_cell_house[v][0] == se_cell_house[p][0] ||
                                 se_cell_house[v][1] == se_cell_house[p][1] ||
                                 se_cell_house[v][2] == se_cell_house[p][2];
                    if (sees_w2 && (!xyz || sees_p) && (s->cand[v] >> z & 1))
                        h->elim[v] |= 1u << z;
                }
                if (se_hint_has_elims(h))
                    return 1;
            }
        }
    }
    return 0;
}
