/*
 * What show-messages -T prints for a terminal: tmux 3.3a's list of the
 * capabilities it knows, in its order and with its numbers, each with the
 * value the terminal has once terminal-features and terminal-overrides
 * are applied, so the two lists compare line for line.
 *
 * A value comes from the terminal's terminfo entry (padding stripped, as
 * tmux strips it), then every feature or override item applied to the
 * terminal (tty->applied, recorded by tty-term.c) that names it changes
 * it as tmux's would: "name=value" sets a string or a number, "name" sets
 * a flag, "name@" removes it. A string is shown as vis(3) shows it and
 * cut to 79 bytes, as tmux shows it.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tty/tty-int.h"
#include "common/xmalloc.h"

enum tty_code_type { TC_S, TC_N, TC_F };

struct tty_code_entry {
	const char		*name;
	enum tty_code_type	 type;
};

/* tmux 3.3a's tty_term_codes, in its order. */
static const struct tty_code_entry tty_codes[] = {
	{ "acsc", TC_S }, { "am", TC_F }, { "AX", TC_F }, { "bce", TC_F },
	{ "bel", TC_S }, { "Bidi", TC_S }, { "blink", TC_S },
	{ "bold", TC_S }, { "civis", TC_S }, { "clear", TC_S },
	{ "Clmg", TC_S }, { "Cmg", TC_S }, { "cnorm", TC_S },
	{ "colors", TC_N }, { "Cr", TC_S }, { "Cs", TC_S }, { "csr", TC_S },
	{ "cub", TC_S }, { "cub1", TC_S }, { "cud", TC_S }, { "cud1", TC_S },
	{ "cuf", TC_S }, { "cuf1", TC_S }, { "cup", TC_S }, { "cuu", TC_S },
	{ "cuu1", TC_S }, { "cvvis", TC_S }, { "dch", TC_S },
	{ "dch1", TC_S }, { "dim", TC_S }, { "dl", TC_S }, { "dl1", TC_S },
	{ "Dsbp", TC_S }, { "Dseks", TC_S }, { "Dsfcs", TC_S },
	{ "Dsmg", TC_S }, { "E3", TC_S }, { "ech", TC_S }, { "ed", TC_S },
	{ "el", TC_S }, { "el1", TC_S }, { "enacs", TC_S }, { "Enbp", TC_S },
	{ "Eneks", TC_S }, { "Enfcs", TC_S }, { "Enmg", TC_S },
	{ "fsl", TC_S }, { "home", TC_S }, { "hpa", TC_S }, { "ich", TC_S },
	{ "ich1", TC_S }, { "il", TC_S }, { "il1", TC_S }, { "indn", TC_S },
	{ "invis", TC_S }, { "kcbt", TC_S }, { "kcub1", TC_S },
	{ "kcud1", TC_S }, { "kcuf1", TC_S }, { "kcuu1", TC_S },
	{ "kDC", TC_S }, { "kDC3", TC_S }, { "kDC4", TC_S },
	{ "kDC5", TC_S }, { "kDC6", TC_S }, { "kDC7", TC_S },
	{ "kdch1", TC_S }, { "kDN", TC_S }, { "kDN3", TC_S },
	{ "kDN4", TC_S }, { "kDN5", TC_S }, { "kDN6", TC_S },
	{ "kDN7", TC_S }, { "kend", TC_S }, { "kEND", TC_S },
	{ "kEND3", TC_S }, { "kEND4", TC_S }, { "kEND5", TC_S },
	{ "kEND6", TC_S }, { "kEND7", TC_S }, { "kf1", TC_S },
	{ "kf10", TC_S }, { "kf11", TC_S }, { "kf12", TC_S },
	{ "kf13", TC_S }, { "kf14", TC_S }, { "kf15", TC_S },
	{ "kf16", TC_S }, { "kf17", TC_S }, { "kf18", TC_S },
	{ "kf19", TC_S }, { "kf2", TC_S }, { "kf20", TC_S },
	{ "kf21", TC_S }, { "kf22", TC_S }, { "kf23", TC_S },
	{ "kf24", TC_S }, { "kf25", TC_S }, { "kf26", TC_S },
	{ "kf27", TC_S }, { "kf28", TC_S }, { "kf29", TC_S },
	{ "kf3", TC_S }, { "kf30", TC_S }, { "kf31", TC_S },
	{ "kf32", TC_S }, { "kf33", TC_S }, { "kf34", TC_S },
	{ "kf35", TC_S }, { "kf36", TC_S }, { "kf37", TC_S },
	{ "kf38", TC_S }, { "kf39", TC_S }, { "kf4", TC_S },
	{ "kf40", TC_S }, { "kf41", TC_S }, { "kf42", TC_S },
	{ "kf43", TC_S }, { "kf44", TC_S }, { "kf45", TC_S },
	{ "kf46", TC_S }, { "kf47", TC_S }, { "kf48", TC_S },
	{ "kf49", TC_S }, { "kf5", TC_S }, { "kf50", TC_S },
	{ "kf51", TC_S }, { "kf52", TC_S }, { "kf53", TC_S },
	{ "kf54", TC_S }, { "kf55", TC_S }, { "kf56", TC_S },
	{ "kf57", TC_S }, { "kf58", TC_S }, { "kf59", TC_S },
	{ "kf6", TC_S }, { "kf60", TC_S }, { "kf61", TC_S },
	{ "kf62", TC_S }, { "kf63", TC_S }, { "kf7", TC_S }, { "kf8", TC_S },
	{ "kf9", TC_S }, { "kHOM", TC_S }, { "kHOM3", TC_S },
	{ "kHOM4", TC_S }, { "kHOM5", TC_S }, { "kHOM6", TC_S },
	{ "kHOM7", TC_S }, { "khome", TC_S }, { "kIC", TC_S },
	{ "kIC3", TC_S }, { "kIC4", TC_S }, { "kIC5", TC_S },
	{ "kIC6", TC_S }, { "kIC7", TC_S }, { "kich1", TC_S },
	{ "kind", TC_S }, { "kLFT", TC_S }, { "kLFT3", TC_S },
	{ "kLFT4", TC_S }, { "kLFT5", TC_S }, { "kLFT6", TC_S },
	{ "kLFT7", TC_S }, { "kmous", TC_S }, { "knp", TC_S },
	{ "kNXT", TC_S }, { "kNXT3", TC_S }, { "kNXT4", TC_S },
	{ "kNXT5", TC_S }, { "kNXT6", TC_S }, { "kNXT7", TC_S },
	{ "kpp", TC_S }, { "kPRV", TC_S }, { "kPRV3", TC_S },
	{ "kPRV4", TC_S }, { "kPRV5", TC_S }, { "kPRV6", TC_S },
	{ "kPRV7", TC_S }, { "kri", TC_S }, { "kRIT", TC_S },
	{ "kRIT3", TC_S }, { "kRIT4", TC_S }, { "kRIT5", TC_S },
	{ "kRIT6", TC_S }, { "kRIT7", TC_S }, { "kUP", TC_S },
	{ "kUP3", TC_S }, { "kUP4", TC_S }, { "kUP5", TC_S },
	{ "kUP6", TC_S }, { "kUP7", TC_S }, { "Ms", TC_S }, { "ol", TC_S },
	{ "op", TC_S }, { "Rect", TC_S }, { "rev", TC_S }, { "RGB", TC_F },
	{ "ri", TC_S }, { "rin", TC_S }, { "rmacs", TC_S },
	{ "rmcup", TC_S }, { "rmkx", TC_S }, { "Se", TC_S },
	{ "setab", TC_S }, { "setaf", TC_S }, { "setal", TC_S },
	{ "setrgbb", TC_S }, { "setrgbf", TC_S }, { "Setulc", TC_S },
	{ "sgr0", TC_S }, { "sitm", TC_S }, { "smacs", TC_S },
	{ "smcup", TC_S }, { "smkx", TC_S }, { "Smol", TC_S },
	{ "smso", TC_S }, { "smul", TC_S }, { "Smulx", TC_S },
	{ "smxx", TC_S }, { "Ss", TC_S }, { "Swd", TC_S }, { "Sync", TC_S },
	{ "Tc", TC_F }, { "tsl", TC_S }, { "U8", TC_N }, { "vpa", TC_S },
	{ "XT", TC_F },
};
#define TTY_NCODES (sizeof tty_codes / sizeof tty_codes[0])
_Static_assert(TTY_NCODES == 228, "tmux 3.3a knows 228 capabilities");

/* One capability's value: missing, or a string, number or flag. */
struct tty_code_value {
	int	 present;
	char	*string;
	int	 number;
};

/* tmux's terminal flags (TERM_*), as show-messages -T prints them: those
 * of the features in use, no automatic margins, and a terminal whose
 * clear is a CSI. (tmux 3.3a as Debian builds it has no sixel.) */
#define TTY_TERM_256COLOURS	0x1
#define TTY_TERM_NOAM		0x2
#define TTY_TERM_DECSLRM	0x4
#define TTY_TERM_DECFRA		0x8
#define TTY_TERM_RGBCOLOURS	0x10
#define TTY_TERM_VT100LIKE	0x20

unsigned int
tty_describe_count(void)
{
	return (TTY_NCODES);
}

unsigned int
tty_describe_flags(const struct tty *tty)
{
	unsigned int	flags = 0;

	if (tty_has_feature(tty, "256") || tty_has_feature(tty, "RGB"))
		flags |= TTY_TERM_256COLOURS;
	if (!tty->am)
		flags |= TTY_TERM_NOAM;
	if (tty_has_feature(tty, "margins"))
		flags |= TTY_TERM_DECSLRM;
	if (tty_has_feature(tty, "rectfill"))
		flags |= TTY_TERM_DECFRA;
	if (tty_has_feature(tty, "RGB"))
		flags |= TTY_TERM_RGBCOLOURS;
	if (tty->vt100like)
		flags |= TTY_TERM_VT100LIKE;
	return (flags);
}

/* The value of entry e as terminfo has it (tty's entry is current). */
static void
tty_describe_read(const struct tty_code_entry *e, struct tty_code_value *v)
{
	char	*s;
	int	 n;

	memset(v, 0, sizeof *v);
	switch (e->type) {
	case TC_S:
		s = tigetstr(e->name);
		if (s != NULL && s != (char *)-1) {
			v->present = 1;
			v->string = tty_strip_padding(s);
		}
		break;
	case TC_N:
		n = tigetnum(e->name);
		if (n != -1 && n != -2) {
			v->present = 1;
			v->number = n;
		}
		break;
	case TC_F:
		n = tigetflag(e->name);
		if (n != -1) {
			v->present = 1;
			v->number = n;
		}
		break;
	}
}

/* Apply one recorded item to entry e's value if it names it. */
static void
tty_describe_apply(const struct tty_code_entry *e, const char *item,
    struct tty_code_value *v)
{
	const char	*eq = strchr(item, '=');
	size_t		 len = eq != NULL ? (size_t)(eq - item) : strlen(item);
	int		 remove = 0;
	char		*end;
	long		 n;

	if (eq == NULL && len > 0 && item[len - 1] == '@') {
		remove = 1;
		len--;
	}
	if (len != strlen(e->name) || strncmp(item, e->name, len) != 0)
		return;
	if (remove) {
		free(v->string);
		memset(v, 0, sizeof *v);
		return;
	}
	switch (e->type) {
	case TC_S:
		free(v->string);
		v->string = eq != NULL ? tty_term_unvis(eq + 1) : xstrdup("");
		v->present = 1;
		break;
	case TC_N:
		if (eq == NULL)
			break;
		n = strtol(eq + 1, &end, 10);
		if (*end != '\0' || end == eq + 1 || n < 0 || n > INT_MAX)
			break;	/* tmux keeps the value it had */
		v->number = (int)n;
		v->present = 1;
		break;
	case TC_F:
		v->number = 1;
		v->present = 1;
		break;
	}
}

/* s as vis(3) shows it (octal for what is not printable, C escapes for
 * the common controls), at most size - 1 bytes, never cutting an escape
 * in two. */
static void
tty_describe_vis(char *out, size_t size, const char *s)
{
	char		 one[8];
	unsigned char	 c;
	size_t		 off = 0, n;

	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		switch (c) {
		case '\a': strcpy(one, "\\a"); break;
		case '\b': strcpy(one, "\\b"); break;
		case '\t': strcpy(one, "\\t"); break;
		case '\n': strcpy(one, "\\n"); break;
		case '\v': strcpy(one, "\\v"); break;
		case '\f': strcpy(one, "\\f"); break;
		case '\r': strcpy(one, "\\r"); break;
		case '\\': strcpy(one, "\\\\"); break;
		default:
			if (c < 0x20 || c >= 0x7f)
				snprintf(one, sizeof one, "\\%03o", c);
			else {
				one[0] = (char)c;
				one[1] = '\0';
			}
			break;
		}
		n = strlen(one);
		if (off + n > size - 1)
			break;
		memcpy(out + off, one, n);
		off += n;
	}
	out[off] = '\0';
}

char *
tty_describe(struct tty *tty, unsigned int i)
{
	const struct tty_code_entry	*e = &tty_codes[i];
	struct tty_code_value		 v;
	unsigned int			 j;
	char				 out[80], *line;

	tty_use(tty);
	tty_describe_read(e, &v);
	for (j = 0; j < tty->napplied; j++)
		tty_describe_apply(e, tty->applied[j], &v);
	if (!v.present)
		return (xasprintf("%4u: %s: [missing]", i, e->name));
	switch (e->type) {
	case TC_S:
		tty_describe_vis(out, sizeof out, v.string);
		line = xasprintf("%4u: %s: (string) %s", i, e->name, out);
		free(v.string);
		return (line);
	case TC_N:
		return (xasprintf("%4u: %s: (number) %d", i, e->name,
		    v.number));
	case TC_F:
		break;
	}
	return (xasprintf("%4u: %s: (flag) %s", i, e->name,
	    v.number ? "true" : "false"));
}
