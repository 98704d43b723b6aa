/*
 * rng.h - the seeded generator behind every random function.
 *
 * Random results in this library are reproducible: the caller passes a
 * seed, and the state lives in a caller-owned struct (no global state).
 * splitmix64 spreads the seed over the state; xoshiro256** draws numbers.
 */
#ifndef SUDOKU_RNG_H
#define SUDOKU_RNG_H

#include <stdint.h>

typedef struct sudoku_rng {
    uint64_t s[4];
} sudoku_rng;

static inline uint64_t sudoku_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void sudoku_rng_seed(sudoku_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = sudoku_splitmix64(&seed);
}

static inline uint64_t sudoku_rng_next(sudoku_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform in [0, n) for 0 < n, without modulo bias (multiply-shift with
 * rejection of the short first interval). */
static inline uint32_t sudoku_rng_below(sudoku_rng *rng, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(sudoku_rng_next(rng) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(sudoku_rng_next(rng) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
