/*
 * options: typed option values in scoped tables with inheritance, as tmux
 * 3.3a has them. Each option is defined once (options.c), with tmux's
 * name, scope, type and default. A table (struct options) holds the values
 * set at its level and falls back to its parent: a pane's table to its
 * window's, a window's to the global window table, a session's to the
 * global session table. The global tables (no parent) hold every option,
 * starting from its default.
 *
 * Besides the defined options a table holds user options ("@name", always
 * strings, at any level) and array options hold members by index
 * ("status-format[1]"): an array is in force as a whole, from the nearest
 * table that sets it.
 */
#ifndef MUX_OPTIONS_H
#define MUX_OPTIONS_H

#include "common/key.h"

enum option_type {
	OPTION_STRING,
	OPTION_NUMBER,
	OPTION_FLAG,
	OPTION_KEY,
	OPTION_CHOICE,
	OPTION_COLOUR,
	OPTION_COMMAND,		/* command text (hooks) */
};

/* The table kind; a definition's scope is where it lives (a pane-capable
 * window option has OPTION_F_PANE). */
enum option_scope {
	OPTION_SERVER,
	OPTION_SESSION,
	OPTION_WINDOW,
	OPTION_PANE,
};

#define OPTION_F_ARRAY	0x1	/* members by index */
#define OPTION_F_STYLE	0x2	/* a style, checked when set */
#define OPTION_F_PANE	0x4	/* a window option panes may set too */
#define OPTION_F_HOOK	0x8	/* a hook (show-options -H) */
#define OPTION_F_SHELL	0x10	/* an executable path */
#define OPTION_F_SIZE	0x20	/* WIDTHxHEIGHT */

struct option_def {
	const char		*name;
	enum option_type	 type;
	enum option_scope	 scope;
	const char		*default_str;	/* all but number and flag */
	long long		 default_num;	/* number and flag */
	long long		 min, max;
	const char *const	*choices;	/* NULL-terminated, for choice */
	const char		*text;		/* one line for the manual */
	int			 flags;
	const char		*separator;	/* splits array text, joins -a */
};

/* A member of an array option. */
struct option_item {
	unsigned int	 idx;
	char		*str;
};

struct options;

struct options	*options_create(struct options *parent, enum option_scope);
void		 options_free(struct options *);
enum option_scope options_scope(const struct options *);
struct options	*options_parent(const struct options *);
/* A pane that moves to another window inherits from that window. */
void		 options_set_parent(struct options *, struct options *parent);
/* A number that changes whenever any option is set or unset anywhere, for
 * caching what is worked out from options. */
unsigned long	 options_generation(void);

/* Look an option up by exact name, then unique prefix; NULL if none or
 * ambiguous (and for user options, which have no definition). */
const struct option_def *options_find(const char *name);
/* Iterate definitions in tmux's order: returns NULL past the end. */
const struct option_def *options_def_at(unsigned int);

/*
 * What a name given to set-option or show-options means: a definition
 * (found by unique prefix) or a user option, and an array index if it had
 * "[N]" (idx -1 if not). Returns 0, or -1 with *cause (heap string, tmux's
 * wording: "invalid option: x", "ambiguous option: x", "not an array: x").
 */
struct option_name {
	const struct option_def	*od;		/* NULL: user option */
	char			*name;		/* full name, without [N] */
	int			 idx;
};
int		 options_resolve(const char *text, struct option_name *,
		     char **cause);
void		 options_name_clear(struct option_name *);

/* set-option's flags for options_set_flags. */
#define OPTIONS_SET_APPEND	0x1
/* Set from text (the form set-option takes); value NULL toggles a flag or
 * a two-way choice. append: add to a string (with the style separator)
 * or add members to an array. name may carry an index ("user-keys[2]").
 * Returns 0, or -1 with *cause (heap string). */
int		 options_set(struct options *, const char *name,
		     const char *value, int append, char **cause);
int		 options_set_flags(struct options *, const char *name,
		     const char *value, int flags, char **cause);
/* Remove what is set at this level (falls back to the parent); in a
 * global table a defined option goes back to its default and a user
 * option goes away. With an index, only that member of an array. */
void		 options_unset(struct options *, const char *name);
/* Is the option (or user option, or "name[N]" member) set at this level,
 * not inherited? */
int		 options_is_set(const struct options *, const char *name);
/* The table the value of name (exact) comes from (oo or a parent), NULL
 * if none sets it (an unknown option or user option). */
const struct options *options_owner(const struct options *,
		     const char *name);

/* Value as text, for show-options and formats (heap string; "" when the
 * option is unknown). Takes user options ("@name") and array members
 * ("name[N]"); a whole array is its members joined by its separator.
 * The name must be exact (no prefixes), as tmux's formats want. */
char		*options_to_string(const struct options *, const char *name);
/* Typed access. get_string: string, choice (its word), key, colour (its
 * name) and arrays (joined); valid until the option changes. get_number:
 * number, flag, choice (its index), colour (a grid colour). User options
 * work with get_string. Unknown names are a fatal bug. */
const char	*options_get_string(const struct options *, const char *name);
long long	 options_get_number(const struct options *, const char *name);
/* A key option's key, parsed when it was set (KEYC_NONE for None). */
key_code	 options_get_key(const struct options *, const char *name);

/*
 * Typed handles, for the options a hot path reads (every key, every
 * frame): the name is looked up once, at the first read, and from then on
 * a read is the value slot at the definition's index, in this table or the
 * nearest parent that sets it, with no name lookup and no parsing (a key
 * option's default is parsed once too). The handle also keeps its last
 * answer, for one table, while no table has changed since (the options
 * generation: any set, unset, new parent or freed table ends it), so the
 * same read again is the handle alone: a key or a frame reads a dozen
 * options, and each walk up the tables costs a few cold cache lines. A
 * handle belongs to the program (the option table does), so it may be a
 * static of the file that reads it:
 *
 *	static struct option_handle oh_escape = OPTION_HANDLE("escape-time");
 *	ms = options_get_number_h(srv->options, &oh_escape);
 *
 * An unknown name is a fatal bug, at the first read, as with the names.
 */
struct option_handle {
	const char		*name;
	const struct option_def	*od;		/* NULL until the first read */
	key_code		 default_key;	/* a key option's default */
	/* The last answer: for table oo, at options generation gen. */
	const struct options	*oo;
	unsigned long		 gen;		/* 0: none */
	long long		 num;		/* number and key options */
	const char		*str;		/* string options */
};
#define OPTION_HANDLE(n)	{ (n), NULL, KEYC_NONE, NULL, 0, 0, NULL }

const char	*options_get_string_h(const struct options *,
		     struct option_handle *);
long long	 options_get_number_h(const struct options *,
		     struct option_handle *);
key_code	 options_get_key_h(const struct options *,
		     struct option_handle *);

/* The members of an array option in force at oo (*items points into the
 * table, valid until the option changes). Returns the count. */
unsigned int	 options_array_items(const struct options *, const char *name,
		     const struct option_item **items);
/* One member in force, or NULL. */
const char	*options_array_get(const struct options *, const char *name,
		     unsigned int idx);

/* User options set at this level, in name order: returns the name of the
 * i-th and its value in *value, or NULL past the end. */
const char	*options_user_at(const struct options *, unsigned int i,
		     const char **value);

/* The command a command-alias entry gives for name ("split-pane" ->
 * "split-window"), or NULL. Valid until command-alias changes. */
const char	*options_alias(const struct options *, const char *name);

/* A colour's canonical name ("red", "colour100", "#ff0000", "default"),
 * or NULL if text is not a colour tmux takes. Heap string. */
char		*options_colour_name(const char *text);
/* Does tmux take text as a style? */
int		 options_style_valid(const char *text);

#endif
