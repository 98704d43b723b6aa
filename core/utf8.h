/*
 * utf8.h - well-formed UTF-8, for text that must reach clients as TEXT.
 *
 * A file's bytes need not be UTF-8, and SQLite stores whatever TEXT it is
 * given; but clients decode TEXT strictly (Python's sqlite3 fails the whole
 * fetch on one bad byte), so the SQL glue checks text it did not make
 * before returning it as TEXT. Well-formed means Unicode's table 3-7: no
 * stray continuation byte, no truncated sequence, no overlong form, no
 * surrogate (U+D800..U+DFFF), nothing above U+10FFFF.
 *
 * Internal (not installed, not in sudoku.h): the glue's helper, not part
 * of the library's API.
 */
#ifndef SUDOKU_UTF8_H
#define SUDOKU_UTF8_H

#include <stddef.h>

/* The length (1 to 4) of the well-formed character that starts s, of
 * which n > 0 bytes are available; 0 when s does not start one. */
size_t sudoku_utf8_char(const unsigned char *s, size_t n);

/* 1 when the n bytes at s are well-formed UTF-8 (n = 0: yes). */
int sudoku_utf8_valid(const void *s, size_t n);

#endif
