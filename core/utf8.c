#include "utf8.h"

#include <stdint.h>
#include <string.h>

size_t sudoku_utf8_char(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    /* the second byte's range depends on the first (table 3-7): that is
     * what excludes overlong forms, surrogates and code points above
     * U+10FFFF; later bytes are plain continuation bytes */
    unsigned lo = 0x80, hi = 0xBF;
    if (c < 0x80)
        return 1;
    if (c < 0xC2)
        return 0; /* a continuation byte, or an overlong 2-byte form */
    if (c < 0xE0)
        len = 2;
    else if (c < 0xF0) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c < 0xF5) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if ((s[k] & 0xC0) != 0x80)
            return 0;
    return len;
}

int sudoku_utf8_valid(const void *text, size_t n)
{
    const unsigned char *s = text;
    size_t i = 0;
    while (i < n) {
        /* ASCII eight bytes at a time: comments are mostly ASCII */
        if (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (!(w & 0x8080808080808080ull)) {
                i += 8;
                continue;
            }
        }
        size_t len = sudoku_utf8_char(s + i, n - i);
        if (!len)
            return 0;
        i += len;
    }
    return 1;
}
