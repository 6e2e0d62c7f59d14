/*
 * Argument parsing from a getopt-like template: "dt:s:" means flags -d, and
 * -t and -s that take a value. Flags may be grouped ("-dP"), a value may be
 * attached ("-tfoo") or follow ("-t foo"), "--" ends the flags. A flag
 * given twice keeps the last value.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/proto.h"
#include "common/xmalloc.h"
#include "server/layout.h"

/* Slot of a flag letter, or -1. */
static int
args_slot(char flag)
{
	if (flag >= 'a' && flag <= 'z')
		return (flag - 'a');
	if (flag >= 'A' && flag <= 'Z')
		return (26 + flag - 'A');
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
			if (p[1] != ':')
				continue;
			/* A repeated flag: the last value wins. */
			free(a->values[slot]);
			a->values[slot] = NULL;
			if (s[1] != '\0')
				a->values[slot] = xstrdup(s + 1);
			else if (i + 1 < argc)
				a->values[slot] = xstrdup(argv[++i]);
			else {
				*cause = xasprintf("-%c expects an argument",
				    *s);
				goto fail;
			}
			break;
		}
	}
	a->argc = argc - i;
	a->argv = xcalloc(a->argc + 1, sizeof *a->argv);
	for (j = 0; j < a->argc; j++)
		a->argv[j] = xstrdup(argv[i + j]);
	if (a->argc < entry->args.lower ||
	    (entry->args.upper >= 0 && a->argc > entry->args.upper)) {
		*cause = xasprintf("usage: %s %s", entry->name, entry->usage);
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
	int	i;

	if (a == NULL)
		return;
	for (i = 0; i < 52; i++)
		free(a->values[i]);
	for (i = 0; i < a->argc; i++)
		free(a->argv[i]);
	free(a->argv);
	free(a);
}

int
args_has(const struct args *a, char flag)
{
	int	slot = args_slot(flag);

	return (slot != -1 && (a->present & (1ULL << slot)) != 0);
}

const char *
args_get(const struct args *a, char flag)
{
	int	slot = args_slot(flag);

	return (slot == -1 ? NULL : a->values[slot]);
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

/* Append s to pb, quoted if it needs to be. */
static void
args_print_word(struct pbuf *pb, const char *s)
{
	const char	*p;

	if (*s != '\0' && strpbrk(s, " \t\"'\\;#$~{}") == NULL) {
		pw_bytes(pb, s, strlen(s));
		return;
	}
	pw_u8(pb, '"');
	for (p = s; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\' || *p == '$')
			pw_u8(pb, '\\');
		pw_u8(pb, *p);
	}
	pw_u8(pb, '"');
}

char *
args_print(const struct args *a)
{
	struct pbuf	pb;
	int		i;
	char		flag;

	pbuf_init(&pb);
	for (i = 0; i < 52; i++) {
		if (!(a->present & (1ULL << i)))
			continue;
		flag = i < 26 ? 'a' + i : 'A' + i - 26;
		if (pb.len != 0)
			pw_u8(&pb, ' ');
		pw_u8(&pb, '-');
		pw_u8(&pb, flag);
		if (a->values[i] != NULL) {
			pw_u8(&pb, ' ');
			args_print_word(&pb, a->values[i]);
		}
	}
	for (i = 0; i < a->argc; i++) {
		if (pb.len != 0)
			pw_u8(&pb, ' ');
		args_print_word(&pb, a->argv[i]);
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
