/* libFuzzer target: ext_text_integer (ext/args.c), which lets TEXT holding
 * an integer through wherever an INTEGER argument is expected. Oracle: a
 * plain reference (trim SQLite's white space, optional sign, digits only,
 * strtoll without overflow) accepts exactly the same texts with the same
 * values. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../ext/ext.h"

static int space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

static int reference(const unsigned char *s, size_t n, long long *out)
{
    char buf[64];
    size_t a = 0, b = n, i;
    while (a < b && space(s[a]))
        a++;
    while (b > a && space(s[b - 1]))
        b--;
    i = a + (a < b && (s[a] == '+' || s[a] == '-'));
    if (i == b || b - a >= sizeof buf)
        return 0;
    for (size_t k = i; k < b; k++)
        if (s[k] < '0' || s[k] > '9')
            return 0;
    memcpy(buf, s + a, b - a);
    buf[b - a] = '\0';
    errno = 0;
    *out = strtoll(buf, NULL, 10);
    return errno != ERANGE;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sqlite3_int64 got = 0;
    long long want = 0;
    if (size > 200)
        return 0;
    /* long digit strings past 63 chars: the reference gives up, the real
     * one must refuse them too unless leading zeros or spaces pad them */
    int a = ext_text_integer(data, (int)size, &got);
    int b = reference(data, size, &want);
    if (b && (!a || got != want))
        abort();
    if (a && !b) {
        /* only a text too long for the reference's buffer may differ */
        if (size < 63)
            abort();
    }
    return 0;
}
