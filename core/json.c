/* json.c - the small JSON scanner (see json.h). */
#include "json.h"

#include <string.h>

void json_skip_ws(json_scan *j)
{
    while (j->pos < j->len && (j->s[j->pos] == ' ' || j->s[j->pos] == '\t' ||
                               j->s[j->pos] == '\n' || j->s[j->pos] == '\r'))
        j->pos++;
}

int json_eat(json_scan *j, char c)
{
    json_skip_ws(j);
    if (j->pos >= j->len || j->s[j->pos] != (unsigned char)c)
        return 0;
    j->pos++;
    return 1;
}

int json_word(json_scan *j, const char *word)
{
    size_t n = strlen(word);
    if (j->len - j->pos < n || memcmp(j->s + j->pos, word, n) != 0)
        return 0;
    j->pos += n;
    return 1;
}

/* After the closing '}': only whitespace may follow. */
static int object_end(json_scan *j)
{
    json_skip_ws(j);
    return j->pos == j->len ? JSON_DONE : JSON_TRAILING;
}

int json_next_member(json_scan *j, int *state)
{
    if (*state == 0) {
        if (!json_eat(j, '{'))
            return JSON_NO_OBJECT;
        *state = 1;
        if (json_eat(j, '}'))
            return object_end(j);
    } else if (!json_eat(j, ',')) {
        return json_eat(j, '}') ? object_end(j) : JSON_NO_NEXT;
    }
    json_skip_ws(j);
    return JSON_MEMBER;
}

const char *json_string(json_scan *j, char *buf, size_t cap)
{
    size_t n = 0;
    if (j->pos >= j->len || j->s[j->pos] != '"')
        return "expected a string";
    j->pos++;
    while (j->pos < j->len && j->s[j->pos] != '"') {
        unsigned char ch = j->s[j->pos++];
        if (ch == '\\') {
            if (j->pos >= j->len || !memchr("\"\\/", j->s[j->pos], 3))
                return "unsupported escape in a string";
            ch = j->s[j->pos++];
        }
        if (ch < 0x20)
            return "control character in a string";
        if (n + 1 >= cap)
            return "string too long";
        buf[n++] = (char)ch;
    }
    if (j->pos >= j->len)
        return "unterminated string";
    j->pos++;
    buf[n] = '\0';
    return NULL;
}

size_t json_digits(json_scan *j)
{
    size_t start = j->pos;
    while (j->pos < j->len && j->s[j->pos] >= '0' && j->s[j->pos] <= '9')
        j->pos++;
    return j->pos - start;
}

int json_uint(json_scan *j, uint64_t limit, uint64_t *v, int *digits)
{
    uint64_t x = 0;
    int n = 0;
    while (j->pos < j->len && j->s[j->pos] >= '0' && j->s[j->pos] <= '9') {
        if (x > limit)
            return 0;
        x = x * 10 + (uint64_t)(j->s[j->pos++] - '0');
        n++;
    }
    *v = x;
    *digits = n;
    return 1;
}

size_t json_number_end(const json_scan *j)
{
    size_t end = j->pos;
    while (end < j->len &&
           (j->s[end] == '.' || j->s[end] == 'e' || j->s[end] == 'E' || j->s[end] == '+' ||
            j->s[end] == '-' || (j->s[end] >= '0' && j->s[end] <= '9')))
        end++;
    return end;
}
