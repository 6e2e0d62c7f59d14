/*
 * Argument parsing from a getopt-like template: "dt:s:" means flags -d, and
 * -t and -s that take a value. Flags may be grouped ("-dP"), a value may be
 * attached ("-tfoo") or follow ("-t foo"), "--" ends the flags. A flag
 * given twice keeps the last value as its value (args_get) and every value
 * in order (args_values), for flags that repeat such as -e.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/proto.h"
#include "common/xmalloc.h"
#include "model/layout.h"

/* Slot of a flag letter, or -1. */
static int
args_slot(char flag)
{
	if (flag >= 'a' && flag <= 'z')
		return (flag - 'a');
	if (flag >= 'A' && flag <= 'Z')
		return (26 + flag - 'A');
	if (flag >= '0' && flag <= '9')
		return (52 + flag - '0');	/* -1, send-prefix -2 */
	return (-1);
}

struct args *
args_parse(const struct cmd_entry *entry, int argc, char **argv, char **cause)
{
	struct args	*a = xcalloc(1, sizeof *a);
	const char	*tmpl = entry->args.template, *p, *s;
	int		 i, slot, j;

	for (i = 0; i < argc; i++) {
		s = argv[i];
		if (s[0] != '-' || s[1] == '\0')
			break;
		if (strcmp(s, "--") == 0) {
			i++;
			break;
		}
		for (s++; *s != '\0'; s++) {
			if ((slot = args_slot(*s)) == -1 ||
			    (p = strchr(tmpl, *s)) == NULL) {
				*cause = xasprintf("unknown flag -%c", *s);
				goto fail;
			}
			a->present |= 1ULL << slot;
			a->count[slot]++;
			if (p[1] != ':')
				continue;
			if (s[1] != '\0')
				a->values[slot] = xstrdup(s + 1);
			else if (i + 1 < argc)
				a->values[slot] = xstrdup(argv[++i]);
			else {
				*cause = xasprintf("-%c expects an argument",
				    *s);
				goto fail;
			}
			a->all[slot] = xreallocarray(a->all[slot],
			    a->nall[slot] + 1, sizeof *a->all[slot]);
			a->all[slot][a->nall[slot]++] = a->values[slot];
			break;
		}
	}
	a->argc = argc - i;
	a->argv = xcalloc(a->argc + 1, sizeof *a->argv);
	for (j = 0; j < a->argc; j++)
		a->argv[j] = xstrdup(argv[i + j]);
	/* tmux 3.3a's words. */
	if (a->argc < entry->args.lower) {
		*cause = xasprintf("too few arguments (need at least %d)",
		    entry->args.lower);
		goto fail;
	}
	if (entry->args.upper >= 0 && a->argc > entry->args.upper) {
		*cause = xasprintf("too many arguments (need at most %d)",
		    entry->args.upper);
		goto fail;
	}
	return (a);
fail:
	args_free(a);
	return (NULL);
}

void
args_free(struct args *a)
{
	int	i, j;

	if (a == NULL)
		return;
	for (i = 0; i < ARGS_SLOTS; i++) {
		for (j = 0; j < a->nall[i]; j++)
			free(a->all[i][j]);
		free(a->all[i]);
	}
	for (i = 0; i < a->argc; i++)
		free(a->argv[i]);
	free(a->argv);
	free(a->block);
	free(a);
}

void
args_set_blocks(struct args *a, int argc, const unsigned char *blocks)
{
	int	i, first = argc - a->argc;

	if (blocks == NULL || first < 0)
		return;
	for (i = 0; i < a->argc; i++) {
		if (!blocks[first + i])
			continue;
		if (a->block == NULL)
			a->block = xcalloc(a->argc, 1);
		a->block[i] = 1;
	}
}

int
args_is_block(const struct args *a, int i)
{
	return (a->block != NULL && i >= 0 && i < a->argc && a->block[i]);
}

int
args_has(const struct args *a, char flag)
{
	int	slot = args_slot(flag);

	return (slot != -1 && (a->present & (1ULL << slot)) != 0);
}

int
args_count(const struct args *a, char flag)
{
	int	slot = args_slot(flag);

	return (slot == -1 ? 0 : a->count[slot]);
}

const char *
args_get(const struct args *a, char flag)
{
	int	slot = args_slot(flag);

	return (slot == -1 ? NULL : a->values[slot]);
}

char *const *
args_values(const struct args *a, char flag, int *n)
{
	int	slot = args_slot(flag);

	if (slot == -1 || a->nall[slot] == 0) {
		*n = 0;
		return (NULL);
	}
	*n = a->nall[slot];
	return (a->all[slot]);
}

long long
args_strtonum(const struct args *a, char flag, long long min, long long max,
    char **cause)
{
	const char	*s = args_get(a, flag);
	char		*end;
	long long	 n;

	if (s == NULL) {
		*cause = xasprintf("-%c expects an argument", flag);
		return (-1);
	}
	errno = 0;
	n = strtoll(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0) {
		*cause = xasprintf("-%c: not a number: %s", flag, s);
		return (-1);
	}
	if (n < min || n > max) {
		*cause = xasprintf("-%c: %s is out of range (%lld to %lld)",
		    flag, s, min, max);
		return (-1);
	}
	return (n);
}

/* Append s to pb, quoted if it needs to be, so that the parser reads it
 * back unchanged (command-alias builds text with it). */
static void
args_print_word(struct pbuf *pb, const char *s)
{
	const char	*p;
	char		 esc[8];
	int		 quote;

	/* Controls go as the parser's escapes (\t, \n, \r, \e, or octal)
	 * and do not need quotes; the other special characters do. */
	quote = *s == '\0' || strpbrk(s, " \"'\\;#$~{}") != NULL;
	if (quote)
		pw_u8(pb, '"');
	for (p = s; *p != '\0'; p++) {
		switch (*p) {
		case '\t':
			pw_bytes(pb, "\\t", 2);
			continue;
		case '\n':
			pw_bytes(pb, "\\n", 2);
			continue;
		case '\r':
			pw_bytes(pb, "\\r", 2);
			continue;
		case '\033':
			pw_bytes(pb, "\\e", 2);
			continue;
		}
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			snprintf(esc, sizeof esc, "\\%03o", (unsigned char)*p);
			pw_bytes(pb, esc, 4);
			continue;
		}
		if (*p == '"' || *p == '\\' || *p == '$')
			pw_u8(pb, '\\');
		pw_u8(pb, *p);
	}
	if (quote)
		pw_u8(pb, '"');
}

void
args_print_quoted(struct pbuf *pb, const char *s)
{
	args_print_word(pb, s);
}

/*
 * A word as tmux 3.3a's list-keys shows it. Empty is ''. A word with a
 * blank or one of # ' ; $ { } % goes in double quotes (with " and $
 * escaped), else one with a " in single quotes, else bare. A single
 * character that would need quotes, or a lone ~, is escaped instead (\;),
 * and a leading ~ outside single quotes too. Tab, newline, carriage
 * return, bell, backspace, vertical tab and form feed print as C escapes,
 * a backslash doubled, other controls in octal (\033).
 */
static void
args_print_shown(struct pbuf *pb, const char *s)
{
	const char	*p;
	char		 esc[8];
	int		 quote = 0;

	if (*s == '\0') {
		pw_bytes(pb, "''", 2);
		return;
	}
	if (strpbrk(s, " #';${}%") != NULL)
		quote = '"';
	else if (strchr(s, '"') != NULL)
		quote = '\'';
	if (s[1] == '\0' && s[0] != ' ' && (quote != 0 || s[0] == '~')) {
		pw_u8(pb, '\\');
		pw_u8(pb, s[0]);
		return;
	}
	if (quote != 0)
		pw_u8(pb, quote);
	if (quote != '\'' && s[0] == '~')
		pw_u8(pb, '\\');
	for (p = s; *p != '\0'; p++) {
		switch (*p) {
		case '\t': pw_bytes(pb, "\\t", 2); continue;
		case '\n': pw_bytes(pb, "\\n", 2); continue;
		case '\r': pw_bytes(pb, "\\r", 2); continue;
		case '\a': pw_bytes(pb, "\\a", 2); continue;
		case '\b': pw_bytes(pb, "\\b", 2); continue;
		case '\v': pw_bytes(pb, "\\v", 2); continue;
		case '\f': pw_bytes(pb, "\\f", 2); continue;
		case '\\': pw_bytes(pb, "\\\\", 2); continue;
		}
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			snprintf(esc, sizeof esc, "\\%03o", (unsigned char)*p);
			pw_bytes(pb, esc, 4);
			continue;
		}
		if (quote == '"' && (*p == '"' || *p == '$'))
			pw_u8(pb, '\\');
		pw_u8(pb, *p);
	}
	if (quote != 0)
		pw_u8(pb, quote);
}

char *
args_escape(const char *s)
{
	struct pbuf	pb;

	pbuf_init(&pb);
	args_print_shown(&pb, s);
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* A { } block's text, shown as its commands (as the parser would build
 * them again); the text itself if it does not parse. */
static void
args_print_block(struct pbuf *pb, const char *text)
{
	struct cmd_list	*cl;
	char		*cause = NULL, *s;

	pw_bytes(pb, "{ ", 2);
	if ((cl = cmd_parse_string(text, NULL, &cause)) != NULL) {
		s = cmd_list_print_block(cl);
		pw_bytes(pb, s, strlen(s));
		free(s);
		cmd_list_free(cl);
	} else {
		free(cause);
		pw_bytes(pb, text, strlen(text));
	}
	pw_bytes(pb, " }", 2);
}

/* Flags in the order tmux keeps them (ASCII). */
static const char args_order[] =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

char *
args_print(const struct args *a)
{
	struct pbuf	 pb;
	const char	*f;
	int		 slot, j;

	pbuf_init(&pb);
	/* Flags without a value, together: "-aZ". */
	for (f = args_order; *f != '\0'; f++) {
		slot = args_slot(*f);
		if (!(a->present & (1ULL << slot)) || a->nall[slot] != 0)
			continue;
		if (pb.len == 0)
			pw_u8(&pb, '-');
		for (j = 0; j < (a->count[slot] > 0 ? a->count[slot] : 1); j++)
			pw_u8(&pb, *f);
	}
	/* Then each flag with a value, once per value. */
	for (f = args_order; *f != '\0'; f++) {
		slot = args_slot(*f);
		for (j = 0; j < a->nall[slot]; j++) {
			if (pb.len != 0)
				pw_u8(&pb, ' ');
			pw_u8(&pb, '-');
			pw_u8(&pb, *f);
			pw_u8(&pb, ' ');
			args_print_shown(&pb, a->all[slot][j]);
		}
	}
	for (j = 0; j < a->argc; j++) {
		if (pb.len != 0)
			pw_u8(&pb, ' ');
		if (args_is_block(a, j))
			args_print_block(&pb, a->argv[j]);
		else
			args_print_shown(&pb, a->argv[j]);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

int
args_direction(const struct args *a)
{
	if (args_has(a, 'L'))
		return (LAYOUT_DIR_LEFT);
	if (args_has(a, 'R'))
		return (LAYOUT_DIR_RIGHT);
	if (args_has(a, 'U'))
		return (LAYOUT_DIR_UP);
	if (args_has(a, 'D'))
		return (LAYOUT_DIR_DOWN);
	return (-1);
}
