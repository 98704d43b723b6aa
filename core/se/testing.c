/*
 * testing.c - the test-only entry points of testing.h.
 */
#include "testing.h"
#include "nested.h"
#include "nested_state.h"

void se_dry_memo_plain(se_dry_memo *m)
{
    m->plain = 1;
}

int se_nested_plain(se_producers *p)
{
    struct se_nested *in = se_nested_get(p);
    if (!in)
        return -1;
    in->plain = 1;
    return 0;
}

int se_nested_verify_narrowing(se_producers *p)
{
    struct se_nested *in = se_nested_get(p);
    if (!in)
        return -1;
    in->verify = 1;
    return 0;
}

long se_nested_narrowing_violations(se_producers *p, long *verified)
{
    struct se_nested *in = se_nested_get(p);
    if (!in)
        return -1;
    *verified = in->verified;
    return in->violations;
}

long se_nested_narrowed(se_producers *p, int kind)
{
    struct se_nested *in = se_nested_get(p);
    return in && kind >= 0 && kind <= 3 ? in->narrowed[kind] : -1;
}

int se_nested_digest(se_producers *p, const se_state *cur, const se_state *src, int rule,
                     uint64_t *digest, int *hints)
{
    struct se_nested *in;
    if ((rule != 0 && rule != 1) || se_nested_result(p, cur, src, rule ? 6 : 2, -1, -1, &in) < 0)
        return -1;
    uint64_t h = 1;
    *hints = in->nuse;
    for (int i = 0; i < in->nuse; i++) {
        const used_hint *k = &in->use[i];
        h = se_mix(h, k->signature);
        h = se_mix(h, (uint64_t)k->complexity);
        for (int j = 0; j < k->parent_count; j++)
            h = se_mix(h, in->use_key[k->parent_first + j]);
        h = se_mix(h, 0xe1);
        for (int j = 0; j < k->elim_count; j++)
            h = se_mix(h, k->elim[j]);
    }
    *digest = h;
    return 0;
}
