/*
 * The text work of formats, with no model in sight: the scanner that
 * finds where an item or argument ends, quoting, times, widths and
 * trimming that step over styles, padding, substitution and colours.
 *
 * Widths and trimming follow tmux's reading of expanded text: "#[...]" is
 * a style (it draws nothing), and a run of n '#'s draws n/2 of them
 * (rounded up), "##" being the escape for one '#' -- except just before
 * a '[', where an odd run ends with the '#' of a style.
 */
#include <sys/types.h>

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/colour.h"
#include "common/proto.h"
#include "common/re.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/cell.h"
#include "model/format-int.h"
#include "model/style.h"

/* Longest strftime result. */
#define FORMAT_TIME_MAX	8192

/*
 * The first character of s that is in stop and outside any #{...}, where
 * "#," "##" "#{" "#}" and "#:" are escapes that never stop; NULL if none.
 * Started on the "#{" of an item, it finds that item's closing '}'.
 */
const char *
format_skip(const char *s, const char *stop)
{
	int	depth = 0;

	for (; *s != '\0'; s++) {
		if (s[0] == '#' && s[1] == '{')
			depth++;
		if (s[0] == '#' && s[1] != '\0' && strchr(",#{}:", s[1]) != NULL) {
			s++;
			continue;
		}
		if (*s == '}')
			depth--;
		if (depth == 0 && strchr(stop, *s) != NULL)
			return (s);
	}
	return (NULL);
}

/* Backslash-escape what sh(1) would take specially. */
char *
format_quote_shell(const char *s)
{
	struct pbuf	pb;

	pbuf_init(&pb);
	for (; *s != '\0'; s++) {
		if (strchr("|&;<>()$`\\\"'*?[# =%", *s) != NULL)
			pw_u8(&pb, '\\');
		pw_u8(&pb, *s);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* Double every '#', so a value reads as itself in a format. */
char *
format_quote_style(const char *s)
{
	struct pbuf	pb;

	pbuf_init(&pb);
	for (; *s != '\0'; s++) {
		if (*s == '#')
			pw_u8(&pb, '#');
		pw_u8(&pb, *s);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* A time as t/p shows it: shorter the older it is. */
char *
format_pretty_time(time_t t)
{
	struct tm	now_tm, tm;
	time_t		now = time(NULL), age;
	char		s[16];

	if (now < t)
		now = t;
	age = now - t;
	localtime_r(&now, &now_tm);
	localtime_r(&t, &tm);
	if (age < 24 * 3600)
		strftime(s, sizeof s, "%H:%M", &tm);
	else if ((tm.tm_year == now_tm.tm_year &&
	    tm.tm_mon == now_tm.tm_mon) || age < 28 * 24 * 3600)
		strftime(s, sizeof s, "%a%d", &tm);
	else if ((tm.tm_year == now_tm.tm_year && tm.tm_mon < now_tm.tm_mon) ||
	    (tm.tm_year == now_tm.tm_year - 1 && tm.tm_mon > now_tm.tm_mon))
		strftime(s, sizeof s, "%d%b", &tm);
	else
		strftime(s, sizeof s, "%h%y", &tm);
	return (xstrdup(s));
}

/* Take the escapes out of a t/f time format ("#:" is ':'). */
char *
format_strip(const char *s)
{
	struct pbuf	pb;
	int		depth = 0;

	pbuf_init(&pb);
	for (; *s != '\0'; s++) {
		if (s[0] == '#' && s[1] == '{')
			depth++;
		if (s[0] == '#' && s[1] != '\0' && strchr(",#{}:", s[1]) != NULL) {
			if (depth != 0)
				pw_u8(&pb, '#');
			continue;
		}
		if (*s == '}')
			depth--;
		pw_u8(&pb, *s);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* Ask strftime for fmt at t; heap string ("" when too long). */
char *
format_strftime(const char *fmt, const struct tm *tm)
{
	char	*out = xmalloc(FORMAT_TIME_MAX);

	if (strftime(out, FORMAT_TIME_MAX, fmt, tm) == 0)
		*out = '\0';
	return (out);
}

/* Count the '#'s at cp: *n of them, *width the columns they draw as. Returns
 * where the text after them starts, or the '#' of a "#[" style they end
 * with. */
static const char *
format_leading_hashes(const char *cp, unsigned int *n, unsigned int *width)
{
	for (*n = 0; cp[*n] == '#'; (*n)++)
		;
	if (*n == 0) {
		*width = 0;
		return (cp);
	}
	if (cp[*n] != '[') {
		*width = (*n + 1) / 2;
		return (cp + *n);
	}
	*width = *n / 2;
	if (*n % 2 == 0)
		return (cp + *n);	/* all escaped: "[" is text */
	return (cp + *n - 1);		/* a style follows */
}

/* One UTF-8 character at cp: its length (1 for a bad byte) and width
 * (-1 for a control or bad byte, which draws nothing). */
static int
format_char(const char *cp, int *width)
{
	uint32_t	ch;
	int		len;

	if ((unsigned char)*cp < 0x80) {
		*width = (*cp > 0x1f && *cp < 0x7f) ? 1 : -1;
		return (1);
	}
	if ((len = utf8_decode(cp, strlen(cp), &ch)) <= 0) {
		*width = -1;
		return (1);
	}
	*width = utf8_cp_width(ch);
	return (len);
}

/* The display width of expanded text, styles not counted. */
unsigned int
format_width(const char *cp)
{
	const char	*end;
	unsigned int	 n, lead, width = 0;
	int		 w;

	while (*cp != '\0') {
		if (*cp == '#') {
			cp = format_leading_hashes(cp, &n, &lead);
			width += lead;
			if (*cp == '#') {
				if ((end = format_skip(cp + 2, "]")) == NULL)
					return (0);
				cp = end + 1;
			}
			continue;
		}
		cp += format_char(cp, &w);
		if (w > 0)
			width += w;
	}
	return (width);
}

/* Copy the '#'s that draw as width columns (n was their count). */
static void
format_put_hashes(struct pbuf *pb, unsigned int n, unsigned int width)
{
	unsigned int	i;

	if (width == 0)
		return;
	if (n == 1) {
		pw_u8(pb, '#');
		return;
	}
	for (i = 0; i < 2 * width; i++)
		pw_u8(pb, '#');
}

/* Keep the first limit columns of s (styles kept). */
char *
format_trim_left(const char *cp, unsigned int limit)
{
	struct pbuf	 pb;
	const char	*end;
	unsigned int	 n, lead, width = 0;
	int		 w, len;

	pbuf_init(&pb);
	while (*cp != '\0' && width < limit) {
		if (*cp == '#') {
			end = format_leading_hashes(cp, &n, &lead);
			if (lead > limit - width)
				lead = limit - width;
			format_put_hashes(&pb, n, lead);
			width += lead;
			cp = end;
			if (*cp == '#') {
				if ((end = format_skip(cp + 2, "]")) == NULL)
					break;
				pw_bytes(&pb, cp, end + 1 - cp);
				cp = end + 1;
			}
			continue;
		}
		len = format_char(cp, &w);
		if (w >= 0 && width + w <= limit)
			pw_bytes(&pb, cp, len);
		if (w > 0)
			width += w;
		cp += len;
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* Keep the last limit columns of s (styles kept). */
char *
format_trim_right(const char *cp, unsigned int limit)
{
	struct pbuf	 pb;
	const char	*end;
	unsigned int	 n, lead, width = 0, total = format_width(cp), skip;
	unsigned int	 copy;
	int		 w, len;

	if (total <= limit)
		return (xstrdup(cp));
	skip = total - limit;
	pbuf_init(&pb);
	while (*cp != '\0') {
		if (*cp == '#') {
			end = format_leading_hashes(cp, &n, &lead);
			copy = lead;
			if (width <= skip)
				copy = skip - width >= copy ? 0 :
				    copy - (skip - width);
			format_put_hashes(&pb, n, copy);
			width += lead;
			cp = end;
			if (*cp == '#') {
				if ((end = format_skip(cp + 2, "]")) == NULL)
					break;
				pw_bytes(&pb, cp, end + 1 - cp);
				cp = end + 1;
			}
			continue;
		}
		len = format_char(cp, &w);
		if (w >= 0 && width >= skip)
			pw_bytes(&pb, cp, len);
		if (w > 0)
			width += w;
		cp += len;
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* Pad s with spaces to width columns: after it (right > 0) or before. */
char *
format_pad(const char *s, unsigned int width, int after)
{
	unsigned int	have = utf8_str_width(s), i;
	struct pbuf	pb;

	if (have >= width)
		return (xstrdup(s));
	pbuf_init(&pb);
	if (after)
		pw_bytes(&pb, s, strlen(s));
	for (i = have; i < width; i++)
		pw_u8(&pb, ' ');
	if (!after)
		pw_bytes(&pb, s, strlen(s));
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

int
format_append(struct pbuf *pb, const char *v)
{
	size_t	n = strlen(v);

	if (pb->len >= FORMAT_MAX_LENGTH)
		return (0);
	if (n > FORMAT_MAX_LENGTH - pb->len) {
		n = FORMAT_MAX_LENGTH - pb->len;
		while (n > 0 && ((unsigned char)v[n] & 0xc0) == 0x80)
			n--;
	}
	pw_bytes(pb, v, n);
	return (pb->len < FORMAT_MAX_LENGTH);
}

void
format_cap(char *v)
{
	size_t	n = FORMAT_MAX_LENGTH;

	if (strlen(v) <= n)
		return;
	while (n > 0 && ((unsigned char)v[n] & 0xc0) == 0x80)
		n--;
	v[n] = '\0';
}

/* The replacement text for one match (m's offsets are from at). */
static void
format_regsub_with(struct pbuf *pb, const char *with, const char *at,
    const regmatch_t *m)
{
	const char	*cp;
	int		 i;

	for (cp = with; *cp != '\0'; cp++) {
		if (cp[0] == '\\' && cp[1] >= '0' && cp[1] <= '9') {
			i = cp[1] - '0';
			if (m[i].rm_so != -1 && m[i].rm_so != m[i].rm_eo) {
				pw_bytes(pb, at + m[i].rm_so,
				    m[i].rm_eo - m[i].rm_so);
				cp++;
				continue;
			}
			cp++;
		} else if (cp[0] == '\\' && cp[1] != '\0')
			cp++;
		pw_u8(pb, *cp);
	}
}

/* s/pattern/with/flags: replace every match of an extended regular
 * expression; \0 to \9 in with are the match and its groups. NULL when
 * the pattern does not compile. As in tmux, each search starts where the
 * last match ended (so a pattern anchored with ^ matches once), and an
 * empty match right after the previous match is passed over, with the
 * character after it. The result
 * stops at FORMAT_MAX_LENGTH. */
char *
format_regsub(const char *pattern, const char *with, const char *text,
    int flags)
{
	regex_t		 re;
	regmatch_t	 m[10];
	struct pbuf	 pb;
	size_t		 start = 0, last = 0, end = strlen(text);
	int		 empty = 0;

	if (*text == '\0')
		return (xstrdup(""));
	if (re_compile(&re, pattern, flags) != 0)
		return (NULL);
	pbuf_init(&pb);
	while (start <= end && pb.len < FORMAT_MAX_LENGTH) {
		if (regexec(&re, text + start, 10, m, 0) != 0)
			break;
		pw_bytes(&pb, text + last, start + m[0].rm_so - last);
		if (empty || start + m[0].rm_so != last ||
		    m[0].rm_so != m[0].rm_eo) {
			format_regsub_with(&pb, with, text + start, m);
			last = start + m[0].rm_eo;
			start += m[0].rm_eo;
			empty = 0;
		} else {
			last = start + m[0].rm_eo;
			start += m[0].rm_eo + 1;
			empty = 1;
		}
		if (*pattern == '^')
			break;
	}
	/* The rest from where the search stopped: after an empty match
	 * that is one past it (tmux's: s/^/>/ on "ab" is "b"). */
	if (start < end && pb.len < FORMAT_MAX_LENGTH)
		pw_bytes(&pb, text + start, end - start);
	regfree(&re);
	pw_u8(&pb, '\0');
	format_cap((char *)pb.data);
	return ((char *)pb.data);
}

/* The RGB tmux gives the first sixteen colours (the rest are xterm's). */
static const uint32_t format_colour16[16] = {
	0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080,
	0xc0c0c0, 0x808080, 0xff0000, 0x00ff00, 0xffff00, 0x0000ff, 0xff00ff,
	0x00ffff, 0xffffff
};

/* c: a colour as six hex digits of RGB ("" for default or no colour). */
char *
format_colour(const char *name)
{
	uint32_t	colour;
	uint8_t		r, g, b;

	if (style_parse_colour(name, &colour) != 0)
		return (xstrdup(""));
	switch (COLOUR_TYPE(colour)) {
	case COLOUR_TYPE_INDEX:
		if ((colour & 0xff) < 16)
			return (xasprintf("%06x", format_colour16[colour & 0xff]));
		colour_xterm_palette(colour & 0xff, &r, &g, &b);
		return (xasprintf("%02x%02x%02x", r, g, b));
	case COLOUR_TYPE_RGB:
		return (xasprintf("%02x%02x%02x", COLOUR_R(colour),
		    COLOUR_G(colour), COLOUR_B(colour)));
	}
	return (xstrdup(""));
}
