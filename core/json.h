/*
 * json.h - internal (not installed): the one small JSON scanner of the
 * library, for the two JSON texts it reads: the transform value
 * (transform.c) and the options of sudoku_generate (generate_options.c).
 *
 * It reads bytes, never past len, and knows only what those two need: the
 * members of one flat object, strings (escapes \" \\ \/ only: keys and
 * names never need others), runs of digits, the words true and false.
 * Each parser keeps its own rules for values and its own wording; what the
 * scanner says went wrong is a short phrase, with the place in `pos`.
 * Whitespace is JSON's: space, tab, CR, LF.
 */
#ifndef SUDOKU_JSON_H
#define SUDOKU_JSON_H

#include <stddef.h>
#include <stdint.h>

typedef struct json_scan {
    const unsigned char *s;
    size_t len, pos;
} json_scan;

static inline void json_init(json_scan *j, const void *text, size_t len)
{
    j->s = (const unsigned char *)text;
    j->len = len;
    j->pos = 0;
}

/* The byte at pos, or -1 at the end. */
static inline int json_byte(const json_scan *j)
{
    return j->pos < j->len ? j->s[j->pos] : -1;
}

void json_skip_ws(json_scan *j);

/* After whitespace: 1 and the byte consumed when it is c, else 0 (pos on
 * the byte that is not c). */
int json_eat(json_scan *j, char c);

/* 1 and the word consumed when the text at pos starts with it. */
int json_word(json_scan *j, const char *word);

/* The members of the one object the text is, in order: start with
 * *state = 0 and call until it returns something other than JSON_MEMBER.
 *   JSON_MEMBER     a member follows: pos is on its key (after whitespace)
 *   JSON_DONE       the object closed, and only whitespace follows it
 *   JSON_NO_OBJECT  no '{' where the object starts
 *   JSON_NO_NEXT    after a member neither ',' nor '}'
 *   JSON_TRAILING   text after the object
 * (pos on the fault). After ',' a member must follow: "{"a":1,}" gives
 * JSON_MEMBER with pos on the '}', where reading the key fails. */
enum { JSON_TRAILING = -3, JSON_NO_NEXT = -2, JSON_NO_OBJECT = -1, JSON_DONE = 0, JSON_MEMBER = 1 };
int json_next_member(json_scan *j, int *state);

/* Reads a string at pos into buf (cap bytes with its NUL). NULL when it
 * was read, else what is wrong ("expected a string", "unterminated
 * string", "string too long", "control character in a string",
 * "unsupported escape in a string") with pos on the fault. */
const char *json_string(json_scan *j, char *buf, size_t cap);

/* Consumes the decimal digits at pos; returns how many. */
size_t json_digits(json_scan *j);

/* Reads the decimal digits at pos as a number: 1 with *v and *digits set,
 * or 0 with pos on the digit that would take it past `limit` (a number
 * above limit * 10 + 9 is never read whole). */
int json_uint(json_scan *j, uint64_t limit, uint64_t *v, int *digits);

/* Where a number written at pos ends: past every byte that may belong to
 * a JSON number (digits, '.', 'e', 'E', '+', '-'), so that a parser can
 * show or refuse it whole. */
size_t json_number_end(const json_scan *j);

#endif
