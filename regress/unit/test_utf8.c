/*
 * utf8: the interning table (ids stable and distinct through the hash's
 * growth, sequences that share their first code points told apart, the
 * code points and UTF-8 of an id as they were given) and the inline
 * encoder and width against utf8_decode and utf8proc.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <utf8proc.h>

#include "common/utf8.h"

#define NSEQ	20000

static uint32_t
rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return (*s);
}

/* Sequence i: a base and 1-7 marks from a small set, so many share their
 * first two or three code points and differ after. */
static size_t
seq(uint32_t i, uint32_t *cps)
{
	uint32_t	s = i * 2654435761u + 1;
	size_t		n = 2 + rnd(&s) % 7, k;

	cps[0] = 'a' + rnd(&s) % 3;
	for (k = 1; k < n; k++)
		cps[k] = 0x300 + rnd(&s) % 4;
	return (n);
}

static void
test_intern(void **state)
{
	static uint32_t	 ids[NSEQ];
	uint32_t	 cps[UTF8_MAX_CPS], out[UTF8_MAX_CPS], first, i, j;
	const char	*bytes;
	char		 want[UTF8_MAX_BYTES];
	size_t		 n, m, len, wlen, k;

	(void)state;
	for (i = 0; i < NSEQ; i++) {
		n = seq(i, cps);
		ids[i] = utf8_intern(cps, n);
		assert_true(ids[i] >= UTF8_INTERN_BASE);
	}
	/* The same sequence, the same id, after every growth since. */
	for (i = 0; i < NSEQ; i++) {
		n = seq(i, cps);
		assert_int_equal(utf8_intern(cps, n), ids[i]);
		m = utf8_expand(ids[i], out);
		assert_int_equal(m, n);
		assert_memory_equal(out, cps, n * sizeof *cps);
		assert_int_equal(utf8_interned(ids[i], &first, &bytes, &len),
		    n);
		assert_int_equal(first, cps[0]);
		for (k = 0, wlen = 0; k < n; k++)
			wlen += utf8_encode(cps[k], want + wlen);
		assert_int_equal(len, wlen);
		assert_memory_equal(bytes, want, len);
		assert_int_equal(utf8_char_to_utf8(ids[i], want), len);
	}
	/* Different sequences, different ids: a prefix of one is not it. */
	for (i = 0; i < 2000; i++) {
		n = seq(i, cps);
		for (j = i + 1; j < 2000; j++) {
			m = seq(j, out);
			if (m == n && memcmp(cps, out, n * sizeof *cps) == 0)
				assert_int_equal(ids[i], ids[j]);
			else
				assert_int_not_equal(ids[i], ids[j]);
		}
		if (n > 2)
			assert_int_not_equal(utf8_intern(cps, n - 1), ids[i]);
	}
	/* One code point is itself; an id never handed out is U+FFFD. */
	cps[0] = 0x4e2d;
	assert_int_equal(utf8_intern(cps, 1), 0x4e2d);
	assert_int_equal(utf8_expand(UTF8_INTERN_BASE + UTF8_INTERN_MAX, out),
	    1);
	assert_int_equal(out[0], 0xfffd);
}

static void
test_encode_width(void **state)
{
	char		buf[4];
	uint32_t	cp, back;
	size_t		n;
	int		w;

	(void)state;
	for (cp = 0; cp <= 0x10ffff; cp++) {
		n = utf8_encode(cp, buf);
		if (cp >= 0xd800 && cp <= 0xdfff) {
			assert_int_equal(n, 0);
			continue;
		}
		assert_true(n >= 1 && n <= 4);
		assert_int_equal(utf8_decode(buf, n, &back), (int)n);
		assert_int_equal(back, cp);
		w = utf8_cp_width(cp);
		if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
			assert_int_equal(w, -1);
		else if (cp >= 0xa0) {
			n = utf8proc_charwidth((utf8proc_int32_t)cp);
			assert_int_equal(w, n > 2 ? 2 : (int)n);
			/* Asked again: the learned answer. */
			assert_int_equal(utf8_cp_width(cp), w);
		}
	}
	assert_int_equal(utf8_encode(0x110000, buf), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_intern),
		cmocka_unit_test(test_encode_width),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
