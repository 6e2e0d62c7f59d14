/*
 * Option tables (see options.h). A table has one slot per definition
 * (options-table.c), found by the definition's index, and a sorted vector
 * of user options. Global tables (no parent) start with every definition
 * of their scope set to its default, so a lookup always ends there.
 *
 * Names are looked up through an index of the definitions sorted by name
 * (binary search for the exact name and for a prefix), built on first use
 * from the constant table: it is derived data, not server state.
 *
 *   options (pane) --parent--> options (window) --> options (global window)
 *     values[def index]: { set, str, num, items[] (arrays) }, allocated
 *       when something is first set in a table below the globals
 *     user[]: { "@name", value } sorted by name
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/key.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "grid/cell.h"
#include "model/options.h"
#include "model/options-int.h"
#include "model/style.h"

#define NDEFS_MAX	256

struct option_value {
	int			 set;
	char			*str;
	long long		 num;
	struct option_item	*items;		/* arrays, by idx */
	unsigned int		 nitems;
	char			*joined;	/* arrays: get_string's text */
};

struct user_option {
	char	*name;
	char	*value;
};

struct options {
	struct options		*parent;
	enum option_scope	 scope;
	struct option_value	*values;	/* options_table_size */
	struct user_option	*user;
	unsigned int		 nuser;
};

/* Bumped by every change to any table (starts above 0, so a cache at 0 is
 * stale). */
static unsigned long	options_gen = 1;

/* The name index (see the top of the file). */
static const struct option_def	*options_sorted[NDEFS_MAX];
static unsigned int		 options_nsorted;

unsigned long
options_generation(void)
{
	return (options_gen);
}

static int
options_cmp_def(const void *a, const void *b)
{
	const struct option_def	*const *da = a, *const *db = b;

	return (strcmp((*da)->name, (*db)->name));
}

/* Build the sorted name index once. */
static void
options_index_build(void)
{
	unsigned int	i;

	if (options_nsorted != 0)
		return;
	if (options_table_size > NDEFS_MAX)
		fatalx("options: %u definitions", options_table_size);
	for (i = 0; i < options_table_size; i++)
		options_sorted[i] = &options_table[i];
	qsort(options_sorted, options_table_size, sizeof options_sorted[0],
	    options_cmp_def);
	options_nsorted = options_table_size;
}

/* First index in the sorted list whose name is >= name. */
static unsigned int
options_lower_bound(const char *name)
{
	unsigned int	lo = 0, hi, mid;

	options_index_build();
	hi = options_nsorted;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (strcmp(options_sorted[mid]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* Find by exact name, then unique prefix. *ambiguous says why NULL. */
static const struct option_def *
options_find_why(const char *name, int *ambiguous)
{
	unsigned int	i = options_lower_bound(name);
	size_t		len = strlen(name);

	/* An empty name is a prefix of every option (tmux: ambiguous). */
	*ambiguous = (len == 0);
	if (len == 0 || i == options_nsorted)
		return (NULL);
	if (strcmp(options_sorted[i]->name, name) == 0)
		return (options_sorted[i]);
	if (strncmp(options_sorted[i]->name, name, len) != 0)
		return (NULL);
	if (i + 1 < options_nsorted &&
	    strncmp(options_sorted[i + 1]->name, name, len) == 0) {
		*ambiguous = 1;
		return (NULL);
	}
	return (options_sorted[i]);
}

const struct option_def *
options_find(const char *name)
{
	int	ambiguous;

	if (*name == '@')
		return (NULL);
	return (options_find_why(name, &ambiguous));
}

const struct option_def *
options_def_at(unsigned int i)
{
	return (i < options_table_size ? &options_table[i] : NULL);
}

static size_t
options_index(const struct option_def *od)
{
	return (od - options_table);
}

/* The definition of an exact, known name; a bug if there is none. */
static const struct option_def *
options_def_exact(const char *name, const char *who)
{
	const struct option_def	*od = options_find(name);

	if (od == NULL || strcmp(od->name, name) != 0)
		fatalx("%s: no option %s", who, name);
	return (od);
}

/* Does a table of this scope hold od? Pane tables hold pane-capable
 * window options. */
static int
options_scope_holds(enum option_scope scope, const struct option_def *od)
{
	if (scope == OPTION_PANE)
		return (od->scope == OPTION_WINDOW &&
		    (od->flags & OPTION_F_PANE));
	return (od->scope == scope);
}

/* Free what a slot holds and mark it unset. */
static void
options_value_clear(struct option_value *ov)
{
	unsigned int	i;

	free(ov->str);
	for (i = 0; i < ov->nitems; i++)
		free(ov->items[i].str);
	free(ov->items);
	free(ov->joined);
	memset(ov, 0, sizeof *ov);
}

/* The item with index idx in ov, or NULL. */
static struct option_item *
options_item(const struct option_value *ov, unsigned int idx)
{
	unsigned int	i;

	for (i = 0; i < ov->nitems; i++) {
		if (ov->items[i].idx == idx)
			return (&ov->items[i]);
	}
	return (NULL);
}

/* Set member idx of an array slot (items kept in index order). */
static void
options_item_set(struct option_value *ov, unsigned int idx, const char *s)
{
	struct option_item	*it;
	unsigned int		 i;

	free(ov->joined);
	ov->joined = NULL;
	if ((it = options_item(ov, idx)) != NULL) {
		free(it->str);
		it->str = xstrdup(s);
		return;
	}
	ov->items = xreallocarray(ov->items, ov->nitems + 1,
	    sizeof *ov->items);
	for (i = ov->nitems; i > 0 && ov->items[i - 1].idx > idx; i--)
		ov->items[i] = ov->items[i - 1];
	ov->items[i].idx = idx;
	ov->items[i].str = xstrdup(s);
	ov->nitems++;
}

static void
options_item_remove(struct option_value *ov, unsigned int idx)
{
	struct option_item	*it = options_item(ov, idx);
	unsigned int		 i;

	if (it == NULL)
		return;
	free(ov->joined);
	ov->joined = NULL;
	i = it - ov->items;
	free(it->str);
	memmove(&ov->items[i], &ov->items[i + 1],
	    (ov->nitems - i - 1) * sizeof *ov->items);
	ov->nitems--;
}

/* Split text into array members from index idx on (tmux splits on the
 * definition's separator, else on spaces and commas; empty pieces are
 * skipped). */
static void
options_item_split(struct option_value *ov, const struct option_def *od,
    const char *text, unsigned int idx)
{
	const char	*sep = od->separator != NULL ? od->separator : " ,";
	char		*copy = xstrdup(text), *p = copy, *piece;

	while ((piece = strsep(&p, sep)) != NULL) {
		if (*piece == '\0')
			continue;
		options_item_set(ov, idx++, piece);
	}
	free(copy);
}

/* Put od's default into a slot. */
static void
options_value_default(struct option_value *ov, const struct option_def *od)
{
	unsigned int	i;

	options_value_clear(ov);
	ov->set = 1;
	if (od->flags & OPTION_F_ARRAY) {
		if (strcmp(od->name, "status-format") == 0) {
			for (i = 0; options_status_format_default[i] != NULL;
			    i++)
				options_item_set(ov, i,
				    options_status_format_default[i]);
		} else if (od->default_str != NULL)
			options_item_split(ov, od, od->default_str, 0);
		return;
	}
	switch (od->type) {
	case OPTION_NUMBER:
	case OPTION_FLAG:
		ov->num = od->default_num;
		break;
	case OPTION_CHOICE:
		ov->str = xstrdup(od->default_str);
		for (i = 0; od->choices[i] != NULL; i++) {
			if (strcmp(od->choices[i], od->default_str) == 0)
				ov->num = i;
		}
		break;
	case OPTION_KEY:
		ov->str = xstrdup(od->default_str);
		ov->num = key_from_string(od->default_str);
		break;
	default:
		ov->str = xstrdup(od->default_str != NULL ?
		    od->default_str : "");
		break;
	}
}

struct options *
options_create(struct options *parent, enum option_scope scope)
{
	struct options	*oo = xcalloc(1, sizeof *oo);
	unsigned int	 i;

	oo->parent = parent;
	oo->scope = scope;
	/* A table below the globals gets its slots when something is set
	 * in it: most panes and windows never set anything. */
	if (parent == NULL) {
		oo->values = xcalloc(options_table_size, sizeof *oo->values);
		for (i = 0; i < options_table_size; i++) {
			if (options_scope_holds(scope, &options_table[i]))
				options_value_default(&oo->values[i],
				    &options_table[i]);
		}
	}
	return (oo);
}

void
options_free(struct options *oo)
{
	unsigned int	i;

	if (oo == NULL)
		return;
	options_gen++;	/* a new table may come at this address */
	for (i = 0; oo->values != NULL && i < options_table_size; i++)
		options_value_clear(&oo->values[i]);
	free(oo->values);
	for (i = 0; i < oo->nuser; i++) {
		free(oo->user[i].name);
		free(oo->user[i].value);
	}
	free(oo->user);
	free(oo);
}

enum option_scope
options_scope(const struct options *oo)
{
	return (oo->scope);
}

struct options *
options_parent(const struct options *oo)
{
	return (oo->parent);
}

void
options_set_parent(struct options *oo, struct options *parent)
{
	oo->parent = parent;
	options_gen++;
}

/* The slot in force for od: this level's, else the nearest parent's;
 * NULL only when no global table holds od (a mismatched scope). */
static const struct option_value *
options_value(const struct options *oo, const struct option_def *od)
{
	size_t	i = options_index(od);

	for (; oo != NULL; oo = oo->parent) {
		if (oo->values != NULL && oo->values[i].set)
			return (&oo->values[i]);
	}
	return (NULL);
}

/* User options: binary search in the sorted vector. */
static struct user_option *
options_user_find(const struct options *oo, const char *name,
    unsigned int *where)
{
	unsigned int	lo = 0, hi = oo->nuser, mid;
	int		c;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		c = strcmp(oo->user[mid].name, name);
		if (c == 0)
			return (&oo->user[mid]);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (where != NULL)
		*where = lo;
	return (NULL);
}

static void
options_user_set(struct options *oo, const char *name, const char *value)
{
	struct user_option	*uo;
	unsigned int		 at;

	if ((uo = options_user_find(oo, name, &at)) != NULL) {
		free(uo->value);
		uo->value = xstrdup(value);
		return;
	}
	oo->user = xreallocarray(oo->user, oo->nuser + 1, sizeof *oo->user);
	memmove(&oo->user[at + 1], &oo->user[at],
	    (oo->nuser - at) * sizeof *oo->user);
	oo->user[at].name = xstrdup(name);
	oo->user[at].value = xstrdup(value);
	oo->nuser++;
}

static void
options_user_remove(struct options *oo, const char *name)
{
	struct user_option	*uo = options_user_find(oo, name, NULL);
	unsigned int		 at;

	if (uo == NULL)
		return;
	at = uo - oo->user;
	free(uo->name);
	free(uo->value);
	memmove(&oo->user[at], &oo->user[at + 1],
	    (oo->nuser - at - 1) * sizeof *oo->user);
	oo->nuser--;
}

/* The user option in force (this level or a parent's). */
static const struct user_option *
options_user_value(const struct options *oo, const char *name)
{
	const struct user_option	*uo;

	for (; oo != NULL; oo = oo->parent) {
		if ((uo = options_user_find(oo, name, NULL)) != NULL)
			return (uo);
	}
	return (NULL);
}

static int options_resolve1(const char *, struct option_name *, char **,
		    int);

const char *
options_user_at(const struct options *oo, unsigned int i, const char **value)
{
	if (i >= oo->nuser)
		return (NULL);
	if (value != NULL)
		*value = oo->user[i].value;
	return (oo->user[i].name);
}

int
options_resolve(const char *text, struct option_name *on, char **cause)
{
	char	*why = NULL;
	int	 rc;

	rc = options_resolve1(text, on, &why, 0);
	if (cause != NULL)
		*cause = why;
	else
		free(why);
	return (rc);
}

/* options_resolve with a cause always wanted; exact: no prefixes (what
 * formats and the other lookups by a program's name want). */
static int
options_resolve1(const char *text, struct option_name *on, char **cause,
    int exact)
{
	const char	*bracket = strchr(text, '[');
	char		*base, *end;
	unsigned long	 n;
	int		 ambiguous;

	memset(on, 0, sizeof *on);
	on->idx = -1;
	if (bracket != NULL) {
		base = xstrndup(text, bracket - text);
		errno = 0;
		n = strtoul(bracket + 1, &end, 10);
		if (!isdigit((unsigned char)bracket[1]) || errno != 0 ||
		    n > INT_MAX || end[0] != ']' || end[1] != '\0') {
			free(base);
			*cause = xasprintf("ambiguous option: %s", text);
			return (-1);
		}
		on->idx = (int)n;
	} else
		base = xstrdup(text);
	if (*base == '@') {
		if (on->idx != -1) {
			*cause = xasprintf("not an array: %s", text);
			free(base);
			return (-1);
		}
		on->name = base;
		return (0);
	}
	on->od = options_find_why(base, &ambiguous);
	if (exact && on->od != NULL && strcmp(on->od->name, base) != 0)
		on->od = NULL;
	free(base);
	if (on->od == NULL) {
		*cause = xasprintf("%s option: %s", ambiguous ? "ambiguous" :
		    "invalid", text);
		return (-1);
	}
	if (on->idx != -1 && (~on->od->flags & OPTION_F_ARRAY)) {
		*cause = xasprintf("not an array: %s", text);
		return (-1);
	}
	on->name = xstrdup(on->od->name);
	return (0);
}

void
options_name_clear(struct option_name *on)
{
	free(on->name);
	on->name = NULL;
}

/* Parse text for a flag: on/off/yes/no/1/0, or toggle when NULL or
 * empty. */
static int
options_parse_flag(const char *value, long long old, long long *out)
{
	if (value == NULL || *value == '\0')
		*out = !old;
	else if (strcasecmp(value, "on") == 0 || strcmp(value, "1") == 0 ||
	    strcasecmp(value, "yes") == 0)
		*out = 1;
	else if (strcasecmp(value, "off") == 0 || strcmp(value, "0") == 0 ||
	    strcasecmp(value, "no") == 0)
		*out = 0;
	else
		return (-1);
	return (0);
}

/* Check and convert text for a scalar of od into ov (this level's slot). */
static int
options_set_scalar(struct options *oo, struct option_value *ov,
    const struct option_def *od, const char *value, int append,
    char **cause)
{
	long long	 n;
	const char	*errstr = NULL;
	char		*end, *s;
	size_t		 i;
	key_code	 key;

	if (value == NULL && od->type != OPTION_FLAG &&
	    od->type != OPTION_CHOICE) {
		*cause = xstrdup("empty value");
		return (-1);
	}
	switch (od->type) {
	case OPTION_STRING:
	case OPTION_COMMAND:
		if ((od->flags & OPTION_F_STYLE) && strstr(value, "#{") ==
		    NULL && !append && !options_style_valid(value)) {
			*cause = xasprintf("invalid style: %s", value);
			return (-1);
		}
		if ((od->flags & OPTION_F_SHELL) &&
		    !options_shell_valid(value)) {
			*cause = xasprintf("not a suitable shell: %s", value);
			return (-1);
		}
		if ((od->flags & OPTION_F_SIZE) &&
		    fnmatch("[0-9]*x[0-9]*", value, 0) != 0) {
			*cause = xasprintf("value is invalid: %s", value);
			return (-1);
		}
		/* -a adds to what this level has (tmux: with a style's
		 * separator). */
		if (append && ov->set && ov->str != NULL)
			s = xasprintf("%s%s%s", ov->str,
			    (od->flags & OPTION_F_STYLE) ? "," : "", value);
		else
			s = xstrdup(value);
		if ((od->flags & OPTION_F_STYLE) && strstr(s, "#{") == NULL &&
		    !options_style_valid(s)) {
			*cause = xasprintf("invalid style: %s", s);
			free(s);
			return (-1);
		}
		free(ov->str);
		ov->str = s;
		break;
	case OPTION_NUMBER:
		errno = 0;
		n = strtoll(value, &end, 10);
		if (*value == '\0' || *end != '\0')
			errstr = "invalid";
		else if (errno == ERANGE)
			errstr = n < 0 ? "too small" : "too large";
		else if (n < od->min)
			errstr = "too small";
		else if (n > od->max)
			errstr = "too large";
		if (errstr != NULL) {
			*cause = xasprintf("value is %s: %s", errstr, value);
			return (-1);
		}
		ov->num = n;
		break;
	case OPTION_FLAG:
		if (options_parse_flag(value, options_get_number(oo,
		    od->name), &n) != 0) {
			*cause = xasprintf("bad value: %s", value);
			return (-1);
		}
		ov->num = n;
		break;
	case OPTION_KEY:
		key = key_from_string(value);
		if (key == KEYC_NONE && strcasecmp(value, "None") != 0) {
			*cause = xasprintf("bad key: %s", value);
			return (-1);
		}
		free(ov->str);
		ov->str = xstrdup(key == KEYC_NONE ? "None" :
		    key_to_string(key));
		ov->num = key;
		break;
	case OPTION_CHOICE:
		if (value == NULL) {
			/* tmux toggles the first two choices. */
			n = options_get_number(oo, od->name);
			if (n < 2)
				n = !n;
		} else {
			for (i = 0; od->choices[i] != NULL; i++) {
				if (strcmp(od->choices[i], value) == 0)
					break;
			}
			if (od->choices[i] == NULL) {
				*cause = xasprintf("unknown value: %s", value);
				return (-1);
			}
			n = i;
		}
		free(ov->str);
		ov->str = xstrdup(od->choices[n]);
		ov->num = n;
		break;
	case OPTION_COLOUR:
		if ((s = options_colour_name(value)) == NULL) {
			*cause = xasprintf("bad colour: %s", value);
			return (-1);
		}
		free(ov->str);
		ov->str = s;
		break;
	}
	ov->set = 1;
	return (0);
}

/* Check one array member's text (colours for pane-colours). */
static int
options_item_valid(const struct option_def *od, const char *value,
    char **cause)
{
	char	*s;

	if (od->type == OPTION_COLOUR) {
		if ((s = options_colour_name(value)) == NULL) {
			*cause = xasprintf("bad colour: %s", value);
			return (-1);
		}
		free(s);
	}
	return (0);
}

/* Set an array: a member (idx >= 0), members appended, or the whole. */
static int
options_set_array(struct options *oo, struct option_value *ov,
    const struct option_def *od, int idx, const char *value, int append,
    char **cause)
{
	const struct option_value	*in;
	struct option_value		 tmp;
	const char			*sep;
	char				*copy, *p, *piece;
	unsigned int			 next, i;

	if (value == NULL) {
		*cause = xstrdup("empty value");
		return (-1);
	}
	sep = od->separator != NULL ? od->separator : " ,";
	if (idx >= 0) {
		if (options_item_valid(od, value, cause) != 0)
			return (-1);
	} else {
		copy = xstrdup(value);
		p = copy;
		while ((piece = strsep(&p, sep)) != NULL) {
			if (*piece != '\0' &&
			    options_item_valid(od, piece, cause) != 0) {
				free(copy);
				return (-1);
			}
		}
		free(copy);
	}
	/* Setting part of an inherited array starts from a copy of it. */
	if (!ov->set && (idx >= 0 || append) &&
	    (in = options_value(oo, od)) != NULL) {
		memset(&tmp, 0, sizeof tmp);
		for (i = 0; i < in->nitems; i++)
			options_item_set(&tmp, in->items[i].idx,
			    in->items[i].str);
		options_value_clear(ov);
		*ov = tmp;
	}
	ov->set = 1;
	if (idx >= 0) {
		options_item_set(ov, idx, value);
		return (0);
	}
	if (!append) {
		for (i = 0; i < ov->nitems; i++)
			free(ov->items[i].str);
		ov->nitems = 0;
	}
	next = ov->nitems == 0 ? 0 : ov->items[ov->nitems - 1].idx + 1;
	options_item_split(ov, od, value, next);
	free(ov->joined);
	ov->joined = NULL;
	return (0);
}

int
options_set_flags(struct options *oo, const char *name, const char *value,
    int flags, char **cause)
{
	struct option_name	 on;
	struct option_value	*ov, save;
	int			 rc;

	if (options_resolve(name, &on, cause) != 0)
		return (-1);
	if (on.od == NULL) {
		const struct user_option	*uo;
		char				*s;

		if (value == NULL) {
			*cause = xstrdup("empty value");
			options_name_clear(&on);
			return (-1);
		}
		uo = options_user_find(oo, on.name, NULL);
		if ((flags & OPTIONS_SET_APPEND) && uo != NULL)
			s = xasprintf("%s%s", uo->value, value);
		else
			s = xstrdup(value);
		options_user_set(oo, on.name, s);
		free(s);
		options_name_clear(&on);
		options_gen++;
		return (0);
	}
	if (!options_scope_holds(oo->scope, on.od)) {
		*cause = xasprintf("%s cannot be set in this table",
		    on.od->name);
		options_name_clear(&on);
		return (-1);
	}
	if (oo->values == NULL)
		oo->values = xcalloc(options_table_size, sizeof *oo->values);
	ov = &oo->values[options_index(on.od)];
	if (on.od->flags & OPTION_F_ARRAY)
		rc = options_set_array(oo, ov, on.od, on.idx, value,
		    flags & OPTIONS_SET_APPEND, cause);
	else {
		/* Keep the old slot if the new value is refused. */
		save = *ov;
		if (save.str != NULL)
			ov->str = xstrdup(save.str);
		rc = options_set_scalar(oo, ov, on.od, value,
		    flags & OPTIONS_SET_APPEND, cause);
		if (rc != 0) {
			free(ov->str);
			*ov = save;
		} else
			free(save.str);
	}
	options_name_clear(&on);
	if (rc == 0)
		options_gen++;
	return (rc);
}

int
options_set(struct options *oo, const char *name, const char *value,
    int append, char **cause)
{
	char	*why = NULL;
	int	 rc;

	rc = options_set_flags(oo, name, value,
	    append ? OPTIONS_SET_APPEND : 0, &why);
	if (cause != NULL)
		*cause = why;
	else
		free(why);
	return (rc);
}

void
options_unset(struct options *oo, const char *name)
{
	struct option_name	 on;
	struct option_value	*ov;
	char			*cause;

	if (options_resolve(name, &on, &cause) != 0) {
		free(cause);
		return;
	}
	if (on.od == NULL)
		options_user_remove(oo, on.name);
	else if (options_scope_holds(oo->scope, on.od) && oo->values != NULL) {
		ov = &oo->values[options_index(on.od)];
		if (on.idx >= 0)
			options_item_remove(ov, on.idx);
		else if (oo->parent == NULL)
			options_value_default(ov, on.od);
		else
			options_value_clear(ov);
	}
	options_name_clear(&on);
	options_gen++;
}

int
options_is_set(const struct options *oo, const char *name)
{
	struct option_name		 on;
	const struct option_value	*ov;
	char				*cause;
	int				 set;

	if (options_resolve(name, &on, &cause) != 0) {
		free(cause);
		return (0);
	}
	if (on.od == NULL)
		set = options_user_find(oo, on.name, NULL) != NULL;
	else if (oo->values == NULL)
		set = 0;
	else {
		ov = &oo->values[options_index(on.od)];
		set = ov->set;
		if (set && on.idx >= 0)
			set = options_item(ov, on.idx) != NULL;
	}
	options_name_clear(&on);
	return (set);
}

const struct options *
options_owner(const struct options *oo, const char *name)
{
	struct option_name	 on;
	char			*cause;

	if (options_resolve1(name, &on, &cause, 1) != 0) {
		free(cause);
		return (NULL);
	}
	for (; oo != NULL; oo = oo->parent) {
		if (on.od == NULL ?
		    options_user_find(oo, on.name, NULL) != NULL :
		    (oo->values != NULL &&
		    oo->values[options_index(on.od)].set))
			break;
	}
	options_name_clear(&on);
	return (oo);
}

/* The joined text of an array slot (cached in the slot). */
static const char *
options_joined(const struct option_value *ov, const struct option_def *od)
{
	struct option_value	*w = (struct option_value *)ov;
	const char		*sep;
	size_t			 len = 0, at = 0, n;
	unsigned int		 i;

	if (w->joined != NULL)
		return (w->joined);
	sep = od->separator != NULL ? od->separator : " ";
	for (i = 0; i < ov->nitems; i++)
		len += strlen(ov->items[i].str) + strlen(sep);
	w->joined = xmalloc(len + 1);
	for (i = 0; i < ov->nitems; i++) {
		if (i > 0) {
			memcpy(w->joined + at, sep, strlen(sep));
			at += strlen(sep);
		}
		n = strlen(ov->items[i].str);
		memcpy(w->joined + at, ov->items[i].str, n);
		at += n;
	}
	w->joined[at] = '\0';
	return (w->joined);
}

/* The string value of od in force at oo. */
static const char *
options_string_of(const struct options *oo, const struct option_def *od)
{
	const struct option_value	*ov;

	if ((ov = options_value(oo, od)) == NULL)
		return (od->default_str != NULL ? od->default_str : "");
	if (od->flags & OPTION_F_ARRAY)
		return (options_joined(ov, od));
	return (ov->str != NULL ? ov->str : "");
}

/* The number value of od in force at oo. */
static long long
options_number_of(const struct options *oo, const struct option_def *od)
{
	const struct option_value	*ov;
	uint32_t			 colour;

	if ((ov = options_value(oo, od)) == NULL)
		return (od->default_num);
	if (od->type == OPTION_COLOUR) {
		if (ov->str == NULL ||
		    style_parse_colour(ov->str, &colour) != 0)
			return (COLOUR_DEFAULT);
		return (colour);
	}
	return (ov->num);
}

/* The key option od's definition, checked. */
static const struct option_def *
options_key_def(const char *name)
{
	const struct option_def	*od = options_def_exact(name, "options_get_key");

	if (od->type != OPTION_KEY)
		fatalx("options_get_key: %s is not a key", name);
	return (od);
}

const char *
options_get_string(const struct options *oo, const char *name)
{
	const struct user_option	*uo;

	if (*name == '@') {
		uo = options_user_value(oo, name);
		return (uo != NULL ? uo->value : "");
	}
	return (options_string_of(oo, options_def_exact(name,
	    "options_get_string")));
}

long long
options_get_number(const struct options *oo, const char *name)
{
	return (options_number_of(oo, options_def_exact(name,
	    "options_get_number")));
}

key_code
options_get_key(const struct options *oo, const char *name)
{
	const struct option_def		*od = options_key_def(name);
	const struct option_value	*ov;

	if ((ov = options_value(oo, od)) != NULL)
		return ((key_code)ov->num);
	return (key_from_string(od->default_str));
}

/* The handle's definition, looked up at its first read. */
static const struct option_def *
options_handle_def(struct option_handle *h, const char *who)
{
	if (h->od == NULL)
		h->od = options_def_exact(h->name, who);
	return (h->od);
}

/* Is the handle's last answer the one for oo? */
static int
options_handle_fresh(const struct option_handle *h, const struct options *oo)
{
	return (h->gen == options_gen && h->oo == oo);
}

static void
options_handle_keep(struct option_handle *h, const struct options *oo)
{
	h->oo = oo;
	h->gen = options_gen;
}

const char *
options_get_string_h(const struct options *oo, struct option_handle *h)
{
	if (!options_handle_fresh(h, oo)) {
		h->str = options_string_of(oo, options_handle_def(h,
		    "options_get_string_h"));
		options_handle_keep(h, oo);
	}
	return (h->str);
}

long long
options_get_number_h(const struct options *oo, struct option_handle *h)
{
	if (!options_handle_fresh(h, oo)) {
		h->num = options_number_of(oo, options_handle_def(h,
		    "options_get_number_h"));
		options_handle_keep(h, oo);
	}
	return (h->num);
}

key_code
options_get_key_h(const struct options *oo, struct option_handle *h)
{
	const struct option_value	*ov;

	if (options_handle_fresh(h, oo))
		return ((key_code)h->num);
	if (h->od == NULL) {
		h->od = options_key_def(h->name);
		h->default_key = key_from_string(h->od->default_str);
	}
	if ((ov = options_value(oo, h->od)) != NULL)
		h->num = (long long)ov->num;
	else
		h->num = (long long)h->default_key;
	options_handle_keep(h, oo);
	return ((key_code)h->num);
}

unsigned int
options_array_items(const struct options *oo, const char *name,
    const struct option_item **items)
{
	const struct option_def		*od;
	const struct option_value	*ov;

	od = options_def_exact(name, "options_array_items");
	if ((ov = options_value(oo, od)) == NULL) {
		*items = NULL;
		return (0);
	}
	*items = ov->items;
	return (ov->nitems);
}

const char *
options_array_get(const struct options *oo, const char *name,
    unsigned int idx)
{
	const struct option_item	*items;
	unsigned int			 n, i;

	n = options_array_items(oo, name, &items);
	for (i = 0; i < n; i++) {
		if (items[i].idx == idx)
			return (items[i].str);
	}
	return (NULL);
}

char *
options_to_string(const struct options *oo, const char *name)
{
	struct option_name		 on;
	const struct option_value	*ov;
	const struct option_item	*it;
	const struct user_option	*uo;
	char				*cause, *s;

	if (options_resolve1(name, &on, &cause, 1) != 0) {
		free(cause);
		return (xstrdup(""));
	}
	if (on.od == NULL) {
		uo = options_user_value(oo, on.name);
		s = xstrdup(uo != NULL ? uo->value : "");
	} else if ((ov = options_value(oo, on.od)) == NULL)
		s = xstrdup("");
	else if (on.od->flags & OPTION_F_ARRAY) {
		if (on.idx >= 0) {
			it = options_item(ov, on.idx);
			s = xstrdup(it != NULL ? it->str : "");
		} else
			s = xstrdup(options_joined(ov, on.od));
	} else if (on.od->type == OPTION_NUMBER)
		s = xasprintf("%lld", ov->num);
	else if (on.od->type == OPTION_FLAG)
		s = xstrdup(ov->num ? "on" : "off");
	else
		s = xstrdup(ov->str != NULL ? ov->str : "");
	options_name_clear(&on);
	return (s);
}

const char *
options_alias(const struct options *oo, const char *name)
{
	const struct option_item	*items;
	unsigned int			 n, i;
	size_t				 len = strlen(name);

	if (oo == NULL)
		return (NULL);
	n = options_array_items(oo, "command-alias", &items);
	for (i = 0; i < n; i++) {
		if (strncmp(items[i].str, name, len) == 0 &&
		    items[i].str[len] == '=')
			return (items[i].str + len + 1);
	}
	return (NULL);
}
