/* test_utf8: the UTF-8 check (core/utf8.c) against a slow twin that
 * decodes the code point by the definition (lead byte pattern,
 * continuation bytes, shortest form, no surrogates, at most U+10FFFF):
 * every sequence of one to three bytes, every 4-byte lead and second byte
 * with the boundary values of the other two, and random texts. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rng.h"
#include "utf8.h"

/* The twin: the length of the character that starts s, or 0. */
static size_t twin_char(const unsigned char *s, size_t n)
{
    size_t len;
    uint32_t cp;
    if ((s[0] & 0x80) == 0)
        return 1;
    if ((s[0] & 0xE0) == 0xC0)
        len = 2, cp = s[0] & 0x1F;
    else if ((s[0] & 0xF0) == 0xE0)
        len = 3, cp = s[0] & 0x0F;
    else if ((s[0] & 0xF8) == 0xF0)
        len = 4, cp = s[0] & 0x07;
    else
        return 0;
    if (n < len)
        return 0;
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[k] & 0x3F);
    }
    static const uint32_t shortest[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < shortest[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

static int twin_valid(const unsigned char *s, size_t n)
{
    for (size_t i = 0, len; i < n; i += len)
        if (!(len = twin_char(s + i, n - i)))
            return 0;
    return 1;
}

static void test_characters(void)
{
    unsigned char s[4];
    long wrong = 0, valid = 0;
    /* every 1-, 2- and 3-byte sequence, also cut short */
    for (uint32_t v = 0; v < 1u << 24; v++) {
        s[0] = (unsigned char)(v >> 16);
        s[1] = (unsigned char)(v >> 8);
        s[2] = (unsigned char)v;
        for (size_t n = 1; n <= 3; n++) {
            if (n < 3 && (v & ((1u << (8 * (3 - n))) - 1)))
                continue; /* each shorter sequence once */
            size_t a = sudoku_utf8_char(s, n), b = twin_char(s, n);
            wrong += a != b;
            valid += a == n;
            wrong += sudoku_utf8_valid(s, n) != twin_valid(s, n);
        }
    }
    /* 4 bytes: every first and second byte, the edges of the others */
    static const unsigned char edge[] = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0, 0xFF};
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++)
            for (size_t c = 0; c < sizeof edge; c++)
                for (size_t d = 0; d < sizeof edge; d++) {
                    s[0] = (unsigned char)a, s[1] = (unsigned char)b;
                    s[2] = edge[c], s[3] = edge[d];
                    wrong += sudoku_utf8_char(s, 4) != twin_char(s, 4);
                    wrong += sudoku_utf8_valid(s, 4) != twin_valid(s, 4);
                }
    CHECK_MSG(wrong == 0, "%ld disagreements", wrong);
    /* 128 + 1,920 + 61,440 well-formed sequences of 1, 2, 3 bytes */
    CHECK_MSG(valid == 128 + 1920 + 61440, "%ld well-formed", valid);
    /* known cases */
    CHECK(sudoku_utf8_valid("caf\xC3\xA9", 5));
    CHECK(!sudoku_utf8_valid("\xC3\x28 note", 7));     /* the bytes */
    CHECK(!sudoku_utf8_valid("\xC0\xAF", 2));          /* overlong '/' */
    CHECK(!sudoku_utf8_valid("\xED\xA0\x80", 3));      /* a surrogate */
    CHECK(sudoku_utf8_valid("\xF4\x8F\xBF\xBF", 4));   /* U+10FFFF */
    CHECK(!sudoku_utf8_valid("\xF4\x90\x80\x80", 4));  /* above it */
    CHECK(sudoku_utf8_valid("", 0) && sudoku_utf8_valid("a\0b", 3));
}

/* Random texts of ASCII runs and pieces, valid and not, so that the
 * 8-byte ASCII steps meet every alignment. */
static void test_texts(void)
{
    static const char *const pieces[] = {
        "abcdefgh", "x", " ", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xC3",
        "\xA9", "\xE2\x82", "\xED\xA0\x80", "\xFF", "\xF4\x90\x80\x80", "\0",
    };
    sudoku_rng rng;
    unsigned char text[256];
    long wrong = 0, valid = 0;
    sudoku_rng_seed(&rng, 8);
    for (int round = 0; round < 200000; round++) {
        size_t n = 0;
        for (uint32_t k = sudoku_rng_below(&rng, 12); k > 0; k--) {
            /* mostly valid pieces, so that many texts are valid */
            const char *p = pieces[sudoku_rng_below(&rng, sudoku_rng_below(&rng, 4) ? 6 : 13)];
            size_t m = p[0] ? strlen(p) : 1;
            memcpy(text + n, p, m);
            n += m;
        }
        int v = twin_valid(text, n);
        valid += v;
        wrong += sudoku_utf8_valid(text, n) != v;
    }
    CHECK_MSG(wrong == 0 && valid > 20000 && valid < 180000, "%ld wrong, %ld valid", wrong,
              valid);
}

int main(void)
{
    test_characters();
    test_texts();
    return check_done();
}
