/*
 * hint.c - the helpers of hint.h.
 */
#include <string.h>
#include "hint.h"

void se_hint_clear(se_hint *h, int technique, int rating)
{
    h->technique = technique;
    h->rating = rating;
    h->cell = -1;
    h->digit = 0;
    memset(h->elim, 0, sizeof h->elim);
}

int se_hint_has_elims(const se_hint *h)
{
    for (int c = 0; c < 81; c++)
        if (h->elim[c])
            return 1;
    return 0;
}
