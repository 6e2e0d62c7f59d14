/*
 * glibc's regcomp copies the operand of each + and {n,m} (m copies of
 * it, n+1 for {n,}), so repetitions that nest or stack multiply: "#+"
 * followed by 94 more "+" took the server to 10 GB and the kernel killed
 * it, with every session. POSIX leaves stacked repetitions undefined;
 * tmux hands them to regcomp as they are. Here the size of the tree
 * regcomp would build is estimated first (an atom is one node, a
 * repetition multiplies its operand, a group is the sum of what it
 * holds) and a pattern past RE_MAX_NODES is refused with REG_ESIZE
 * ("regular expression too big"). A * or ? on a repetition counts as a
 * copy too: alone it adds a node, stacked on a + it adds loops whose
 * closures regcomp works out for every copy ("a+*++++*++++++++" took 9 s,
 * at 16,000 nodes). An operand with such a loop in it (after a * or ?,
 * or a group holding one) costs four times as much for each + or {n,m}
 * stacked on it, not twice: regcomp's time went 0.2, 0.7, 2.8, 11.4 ms
 * for "#*" and 5 to 8 "+" (and ten took the fuzzer 46 s), where "#" and
 * nine "+" took 0.1 ms. Extended expressions only.
 */
#include <stdlib.h>

#include "common/re.h"

/* The largest tree estimate allowed, and the deepest group nesting. */
#define RE_MAX_NODES	20000.0
#define RE_MAX_DEPTH	64

/* Skip a bracket expression starting at p ('['); returns its last
 * character (']', or the end of the string). */
static const char *
re_skip_bracket(const char *p)
{
	char	t;

	p++;
	if (*p == '^')
		p++;
	if (*p == ']')
		p++;
	while (*p != '\0' && *p != ']') {
		if (*p == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=')) {
			t = p[1];
			p += 2;
			while (*p != '\0' && !(p[0] == t && p[1] == ']'))
				p++;
			if (*p != '\0')
				p++;
		}
		if (*p != '\0')
			p++;
	}
	return (*p == '\0' ? p - 1 : p);
}

/* A {n}, {n,} or {n,m} at p: the copies it makes (0 if it is not one);
 * *end is its '}'. */
static double
re_braces(const char *p, const char **end)
{
	char	*ep;
	long	 n, m;

	n = strtol(p + 1, &ep, 10);
	if (ep == p + 1 || n < 0)
		return (0);
	m = n;
	if (*ep == ',') {
		if (ep[1] == '}')
			m = n + 1;
		else {
			m = strtol(ep + 1, &ep, 10);
			if (m < n)
				return (0);
		}
	}
	if (*ep != '}')
		return (0);
	*end = ep;
	return (m < 1 ? 1 : (double)m);
}

int
re_bounded(const char *pattern)
{
	double		 total[RE_MAX_DEPTH + 1], last[RE_MAX_DEPTH + 1], k, g;
	const char	*p, *end;
	int		 loop[RE_MAX_DEPTH + 1], inner[RE_MAX_DEPTH + 1];
	int		 d = 0, stacked, brace = 0, l;

	total[0] = last[0] = 0;
	loop[0] = inner[0] = 0;
	for (p = pattern; *p != '\0'; p++) {
		stacked = (p > pattern && (p[-1] == '*' || p[-1] == '+' ||
		    p[-1] == '?' || (p[-1] == '}' && brace)));
		brace = 0;
		switch (*p) {
		case '\\':
			if (p[1] != '\0')
				p++;
			goto atom;
		case '[':
			p = re_skip_bracket(p);
			goto atom;
		case '(':
			if (d == RE_MAX_DEPTH)
				return (0);
			d++;
			total[d] = last[d] = 0;
			loop[d] = inner[d] = 0;
			break;
		case ')':
			if (d == 0)
				goto atom;
			g = total[d] + 1;
			l = inner[d];
			d--;
			total[d] += g;
			last[d] = g;
			loop[d] = l;
			inner[d] |= l;
			break;
		case '|':
			last[d] = 0;
			loop[d] = 0;
			break;
		case '{':
			if ((k = re_braces(p, &end)) == 0)
				goto atom;
			p = end;
			brace = 1;
			goto repeat;
		case '*':
		case '?':
			if (!stacked) {
				total[d] += 1;
				loop[d] = inner[d] = 1;
				break;
			}
			/* On a repetition: its copies get loops of their own,
			 * and regcomp's closure work grows as a copy would. */
			/* FALLTHROUGH */
		case '+':
			k = 2;
		repeat:
			if (loop[d])
				k *= 2;	/* an operand with a loop in it */
			total[d] += last[d] * (k - 1) + 1;
			last[d] = last[d] * k + 1;
			if (*p == '*' || *p == '?')
				loop[d] = inner[d] = 1;
			break;
		default:
		atom:
			total[d] += 1;
			last[d] = 1;
			loop[d] = 0;
			break;
		}
		if (total[d] > RE_MAX_NODES || last[d] > RE_MAX_NODES)
			return (0);
	}
	while (d > 0) {
		g = total[d];
		d--;
		total[d] += g;
	}
	return (total[0] <= RE_MAX_NODES);
}

int
re_compile(regex_t *re, const char *pattern, int flags)
{
	if (!re_bounded(pattern))
		return (REG_ESIZE);
	return (regcomp(re, pattern, flags));
}
