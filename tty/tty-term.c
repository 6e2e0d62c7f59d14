/*
 * terminal-features and terminal-overrides: changes to what terminfo says
 * a terminal has, applied to each terminal whose name matches, as tmux
 * 3.3a applies them (features first, then overrides, in order, so a later
 * entry wins).
 *
 * Each entry is "pattern:item:item...", the pattern matched against the
 * terminal's name with fnmatch(3); a ':' inside an item is written "::"
 * (as tmux has it) or "\:".
 *
 *   overrides:  name=value   a string (escapes decoded as strunvis(3)
 *                            does: \e \E \n \r \t \a \b \f \v \s \\ \NNN)
 *                            or, for a number, its value
 *               name@        the capability is removed
 *               name         a flag is set
 *   features:   each sets the capabilities tmux 3.3a's feature of that
 *               name sets (and hyperlinks tmux 3.4's)
 *
 * The features applied are, in order: those of a terminal with the XT
 * flag (bpaste, focus, title, as tmux), terminal-features', those the
 * terminal proved when asked who it is (tty-detect.c), then the
 * overrides.
 *
 * Only the capabilities tty/ draws with are kept (the strings of enum
 * tty_capname, the flags am, xenl, hs, RGB and Tc, the number colors);
 * an override of any other capability changes nothing mux sends, but
 * every item applied is recorded for show-messages -T (tty-describe.c).
 * The modes some features name (bpaste, extkeys, focus, sync) mux turns
 * on by itself.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tty/tty-int.h"
#include "common/log.h"
#include "common/xmalloc.h"

/* One feature: its name and the overrides it stands for. */
struct tty_feature {
	const char	*name;
	const char	*caps[6];
};

/*
 * Every feature, in the order client_termfeatures lists them (tmux's,
 * with hyperlinks where tmux 3.4 puts it and mux's own kittykeys); the
 * index is the feature's bit in tty->features. Those with no capabilities
 * here name modes mux turns on by itself or does not use.
 */
static const struct tty_feature tty_features[] = {
	{ "256", { "AX",
	    "setaf=\\E[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e"
	    "38;5;%p1%d%;m",
	    "setab=\\E[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e"
	    "48;5;%p1%d%;m", NULL } },
	{ "bpaste", { "Enbp=\\E[?2004h", "Dsbp=\\E[?2004l", NULL } },
	{ "ccolour", { "Cs=\\E]12;%p1%s\\a", "Cr=\\E]112\\a", NULL } },
	{ "clipboard", { "Ms=\\E]52;%p1%s;%p2%s\\a", NULL } },
	{ "hyperlinks", { "Hls=\\E]8;%?%p1%l%tid=%p1%s%;;%p2%s\\E\\\\",
	    NULL } },
	{ "cstyle", { "Ss=\\E[%p1%d q", "Se=\\E[2 q", NULL } },
	{ "extkeys", { "Eneks=\\E[>4;1m", "Dseks=\\E[>4m", NULL } },
	{ "focus", { "Enfcs=\\E[?1004h", "Dsfcs=\\E[?1004l", NULL } },
	{ "ignorefkeys", { NULL } },
	{ "kittykeys", { NULL } },
	{ "margins", { "Enmg=\\E[?69h", "Dsmg=\\E[?69l", "Clmg=\\E[s",
	    "Cmg=\\E[%i%p1%d;%p2%ds", NULL } },
	{ "mouse", { "kmous=\\E[M", NULL } },
	{ "osc7", { "Swd=\\E]7;", "fsl=\\a", NULL } },
	{ "overline", { "Smol=\\E[53m", NULL } },
	{ "rectfill", { "Rect", NULL } },
	{ "RGB", { "AX", "setrgbf=\\E[38;2;%p1%d;%p2%d;%p3%dm",
	    "setrgbb=\\E[48;2;%p1%d;%p2%d;%p3%dm",
	    "setab=\\E[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e"
	    "48;5;%p1%d%;m",
	    "setaf=\\E[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e"
	    "38;5;%p1%d%;m", NULL } },
	{ "sixel", { NULL } },
	{ "strikethrough", { "smxx=\\E[9m", NULL } },
	/* tmux 3.4's (and what kitty, foot, WezTerm, alacritty, iTerm2 and
	 * contour take); tmux 3.3a sent iTerm2's older "DCS = 1 s". */
	{ "sync", { "Sync=\\E[?2026%?%p1%{1}%-%tl%eh%;", NULL } },
	{ "title", { "tsl=\\E]0;", "fsl=\\a", NULL } },
	{ "usstyle", { "Smulx=\\E[4:%p1%dm",
	    "Setulc=\\E[58:2:%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:"
	    "%p1%{255}%&%d%;m", "ol=\\E[59m", NULL } },
};
#define TTY_NFEATURES (sizeof tty_features / sizeof tty_features[0])
_Static_assert(TTY_NFEATURES <= 32, "features are bits of a uint32_t");

/* Decode the escapes of a value, as strunvis(3) does. Returns a heap
 * string. */
char *
tty_term_unvis(const char *s)
{
	char	*out = xmalloc(strlen(s) + 1), *o = out;
	int	 n, i;

	while (*s != '\0') {
		if (*s != '\\' || s[1] == '\0') {
			*o++ = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case 'e': case 'E': *o++ = '\033'; s++; continue;
		case 'n': *o++ = '\n'; s++; continue;
		case 'r': *o++ = '\r'; s++; continue;
		case 't': *o++ = '\t'; s++; continue;
		case 'a': *o++ = '\a'; s++; continue;
		case 'b': *o++ = '\b'; s++; continue;
		case 'f': *o++ = '\f'; s++; continue;
		case 'v': *o++ = '\v'; s++; continue;
		case 's': *o++ = ' '; s++; continue;
		}
		if (*s >= '0' && *s <= '7') {
			for (n = 0, i = 0; i < 3 && *s >= '0' && *s <= '7';
			    i++)
				n = n * 8 + (*s++ - '0');
			if (n != 0)
				*o++ = (char)n;
			continue;
		}
		*o++ = *s++;
	}
	*o = '\0';
	return (out);
}

/* Apply one capability item ("name=value", "name@", "name"), and keep
 * it for tty_describe. */
static void
tty_term_item(struct tty *tty, const char *item)
{
	const char	*eq = strchr(item, '=');
	char		*name, *value = NULL;
	size_t		 len;
	unsigned int	 i;
	int		 remove = 0;

	len = eq != NULL ? (size_t)(eq - item) : strlen(item);
	if (eq == NULL && len > 0 && item[len - 1] == '@') {
		remove = 1;
		len--;
	}
	if (len == 0)
		return;
	name = xstrndup(item, len);
	if (eq != NULL)
		value = tty_term_unvis(eq + 1);

	if (strcmp(name, "am") == 0)
		tty->am = !remove;
	else if (strcmp(name, "xenl") == 0)
		tty->xenl = !remove;
	else if (strcmp(name, "hs") == 0)
		tty->hs = !remove;
	else if (strcmp(name, "RGB") == 0 || strcmp(name, "Tc") == 0)
		tty->rgb_cap = !remove;
	else if (strcmp(name, "colors") == 0)
		tty->colours = remove || value == NULL ? 0 : atoi(value);
	else {
		for (i = 0; i < TTYC_COUNT; i++) {
			if (strcmp(tty_capnames[i], name) == 0)
				break;
		}
		/* A string needs a value; a bare name sets nothing. */
		if (i != TTYC_COUNT && (remove || value != NULL))
			tty_cap_set(tty, i, remove ? NULL : value);
	}
	log_debug("tty: %s: override %s", tty->termname, item);
	tty->applied = xreallocarray(tty->applied, tty->napplied + 1,
	    sizeof *tty->applied);
	tty->applied[tty->napplied++] = xstrdup(item);
	free(value);
	free(name);
}

void
tty_applied_free(struct tty *tty)
{
	unsigned int	i;

	for (i = 0; i < tty->napplied; i++)
		free(tty->applied[i]);
	free(tty->applied);
	tty->applied = NULL;
	tty->napplied = 0;
}

/* A feature's index, or -1 for a name that is not one. */
static int
tty_feature_find(const char *name, size_t len)
{
	size_t	i;

	for (i = 0; i < TTY_NFEATURES; i++) {
		if (strlen(tty_features[i].name) == len &&
		    strncasecmp(tty_features[i].name, name, len) == 0)
			return ((int)i);
	}
	return (-1);
}

uint32_t
tty_feature_bits(const char *list)
{
	const char	*p = list, *end;
	uint32_t	 bits = 0;
	int		 i;

	while (*p != '\0') {
		end = p + strcspn(p, ",");
		if ((i = tty_feature_find(p, end - p)) != -1)
			bits |= 1u << i;
		p = *end == ',' ? end + 1 : end;
	}
	return (bits);
}

/* Turn on feature i: its capabilities, and what else it stands for. */
static void
tty_term_feature_on(struct tty *tty, int i)
{
	const struct tty_feature	*tf = &tty_features[i];
	size_t				 j;

	for (j = 0; tf->caps[j] != NULL; j++)
		tty_term_item(tty, tf->caps[j]);
	if (strcmp(tf->name, "title") == 0)
		tty->title_osc = 1;
	if ((strcmp(tf->name, "256") == 0 || strcmp(tf->name, "RGB") == 0) &&
	    tty->colours < 256)
		tty->colours = 256;
	tty->features |= 1u << i;
}

/* Apply a feature by name; unknown names do nothing, as in tmux. */
static void
tty_term_feature(struct tty *tty, const char *name)
{
	int	i;

	if ((i = tty_feature_find(name, strlen(name))) != -1)
		tty_term_feature_on(tty, i);
}

/* Apply one entry ("pattern:item:item") if its pattern matches: each item
 * through fn. */
static void
tty_term_entry(struct tty *tty, const char *entry,
    void (*fn)(struct tty *, const char *))
{
	char		*copy = xstrdup(entry), *item, *o;
	const char	*p;
	int		 first = 1, match = 0;

	o = item = copy;
	for (p = entry;; p++) {
		/* tmux's "::" (and mux's "\:") is a ':' in an item. */
		if ((*p == '\\' || *p == ':') && p[1] == ':') {
			*o++ = ':';
			p++;
			continue;
		}
		if (*p != ':' && *p != '\0') {
			*o++ = *p;
			continue;
		}
		*o = '\0';
		if (first) {
			match = fnmatch(item, tty->termname, 0) == 0;
			first = 0;
			if (!match)
				break;
		} else if (*item != '\0')
			fn(tty, item);
		if (*p == '\0')
			break;
		o = item = o + 1;
	}
	free(copy);
}

/* A summary of what tty_draw uses, to tell whether anything changed. */
static char *
tty_term_summary(const struct tty *tty)
{
	char		*sum;
	size_t		 len = 64, off;
	unsigned int	 i;

	for (i = 0; i < TTYC_COUNT; i++)
		len += tty->caps[i].len + 1;
	sum = xmalloc(len);
	off = (size_t)snprintf(sum, len, "%d %d %d %d %d %d %u|", tty->am,
	    tty->xenl, tty->hs, tty->colours, tty->rgb, tty->title_osc,
	    (unsigned int)tty->features);
	for (i = 0; i < TTYC_COUNT; i++) {
		if (tty->caps[i].s != NULL)
			memcpy(sum + off, tty->caps[i].s, tty->caps[i].len);
		off += tty->caps[i].len;
		sum[off++] = '|';
	}
	sum[off] = '\0';
	return (sum);
}

int
tty_apply_terminal(struct tty *tty, const char *const *features,
    unsigned int nfeatures, const char *const *overrides,
    unsigned int noverrides)
{
	char		*before, *after;
	unsigned int	 i;
	int		 changed, forced = tty->rgb != tty->rgb_found, rgb;

	before = tty_term_summary(tty);
	tty_caps_read(tty);
	tty_applied_free(tty);
	tty->features = 0;
	/* As tmux: a terminal with the XT flag has these. */
	if (tigetflag("XT") > 0)
		tty_term_entry(tty, "*:bpaste:focus:title", tty_term_feature);
	for (i = 0; i < nfeatures; i++)
		tty_term_entry(tty, features[i], tty_term_feature);
	/* Then what the terminal said it is (tty-detect.c). */
	for (i = 0; i < TTY_NFEATURES; i++) {
		if (tty->detected & (1u << i))
			tty_term_feature_on(tty, i);
	}
	for (i = 0; i < noverrides; i++)
		tty_term_entry(tty, overrides[i], tty_term_item);
	/* As tmux: a terminal with the RGB or Tc flag (its own or an
	 * override's) has the RGB feature, and the overrides still win. */
	rgb = tty_feature_find("RGB", 3);
	if (tty->rgb_cap && (~tty->features & (1u << rgb))) {
		tty_term_feature_on(tty, rgb);
		for (i = 0; i < noverrides; i++)
			tty_term_entry(tty, overrides[i], tty_term_item);
	}
	tty_caps_derive(tty);
	if (forced)
		tty->rgb = 1;	/* tty_force_rgb's, kept */
	after = tty_term_summary(tty);
	changed = strcmp(before, after) != 0;
	free(after);
	free(before);
	if (changed)
		tty_invalidate(tty);
	return (changed);
}

char *
tty_features_string(const struct tty *tty)
{
	char	*s;
	size_t	 i, len = 1, off = 0;

	for (i = 0; i < TTY_NFEATURES; i++)
		len += strlen(tty_features[i].name) + 1;
	s = xmalloc(len);
	*s = '\0';
	for (i = 0; i < TTY_NFEATURES; i++) {
		if (~tty->features & (1u << i))
			continue;
		off += (size_t)snprintf(s + off, len - off, "%s%s",
		    off == 0 ? "" : ",", tty_features[i].name);
	}
	return (s);
}

int
tty_has_feature(const struct tty *tty, const char *name)
{
	int	i = tty_feature_find(name, strlen(name));

	return (i != -1 && (tty->features & (1u << i)) != 0);
}
