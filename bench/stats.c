/*
 * Samples and their percentiles, a seeded generator and a byte buffer.
 *
 * Percentiles are nearest-rank: sort ascending, take the value at rank
 * ceil(p/100 * n) (1-based). No interpolation, so the same samples always
 * give the same figure, and every figure is a time that was measured.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

/* Append one sample. */
void
samples_add(struct samples *s, double v)
{
	if (s->n == s->size) {
		s->size = s->size ? s->size * 2 : 64;
		s->v = xreallocarray(s->v, s->size, sizeof *s->v);
	}
	s->v[s->n++] = v;
}

/* Free samples. */
void
samples_free(struct samples *s)
{
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* Order doubles. */
static int
cmp_double(const void *a, const void *b)
{
	double	x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

/* Nearest-rank percentile; NAN when there are no samples. */
double
samples_pct(const struct samples *s, double p)
{
	double	*sorted, v;
	size_t	 rank;

	if (s->n == 0)
		return (NAN);
	sorted = xreallocarray(NULL, s->n, sizeof *sorted);
	memcpy(sorted, s->v, s->n * sizeof *sorted);
	qsort(sorted, s->n, sizeof *sorted, cmp_double);
	rank = (size_t)ceil(p / 100.0 * (double)s->n);
	if (rank < 1)
		rank = 1;
	if (rank > s->n)
		rank = s->n;
	v = sorted[rank - 1];
	free(sorted);
	return (v);
}

/* The largest sample (NAN when none). */
double
samples_max(const struct samples *s)
{
	double	m;
	size_t	i;

	if (s->n == 0)
		return (NAN);
	m = s->v[0];
	for (i = 1; i < s->n; i++) {
		if (s->v[i] > m)
			m = s->v[i];
	}
	return (m);
}

/* Seed the generator. */
void
rng_seed(struct rng *r, uint64_t seed)
{
	r->s = seed;
}

/* splitmix64: small, fast, and the same sequence on every machine. */
uint64_t
rng_next(struct rng *r)
{
	uint64_t	z;

	z = (r->s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31));
}

/* A number in [lo, hi]. */
unsigned int
rng_range(struct rng *r, unsigned int lo, unsigned int hi)
{
	if (hi <= lo)
		return (lo);
	return (lo + (unsigned int)(rng_next(r) % ((uint64_t)hi - lo + 1)));
}

/* Append bytes (always NUL-terminated after). */
void
buf_add(struct buf *b, const void *p, size_t len)
{
	if (b->len + len + 1 > b->size) {
		while (b->len + len + 1 > b->size)
			b->size = b->size ? b->size * 2 : 4096;
		b->p = xreallocarray(b->p, b->size, 1);
	}
	memcpy(b->p + b->len, p, len);
	b->len += len;
	b->p[b->len] = '\0';
}

/* Append formatted text. */
void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	buf_add(b, s, strlen(s));
	free(s);
}

/* Free a buffer. */
void
buf_free(struct buf *b)
{
	free(b->p);
	memset(b, 0, sizeof *b);
}

/* The buffer as a string. */
const char *
buf_str(struct buf *b)
{
	if (b->p == NULL)
		buf_add(b, "", 0);
	return (b->p);
}
