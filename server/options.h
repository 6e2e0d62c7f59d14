/*
 * options: typed option values in scoped tables with inheritance. Each
 * option is defined once (options.c), with tmux's name, scope and default.
 * A table (struct options) holds the values set at its level and falls back
 * to its parent: session tables to the global session table, window tables
 * to the global window table.
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
};

enum option_scope {
	OPTION_SERVER,
	OPTION_SESSION,
	OPTION_WINDOW,
};

struct option_def {
	const char		*name;
	enum option_type	 type;
	enum option_scope	 scope;
	const char		*default_str;	/* string, key and choice */
	long long		 default_num;	/* number and flag */
	long long		 min, max;
	const char *const	*choices;	/* NULL-terminated, for choice */
	const char		*text;		/* one line for show-options */
};

struct options;

struct options	*options_create(struct options *parent, enum option_scope);
void		 options_free(struct options *);
enum option_scope options_scope(const struct options *);
/* A number that changes whenever any option is set or unset anywhere, for
 * caching what is worked out from options. */
unsigned long	 options_generation(void);
/* Look an option up by exact name, then unique prefix; NULL if none. */
const struct option_def *options_find(const char *name);
/* Iterate definitions: returns NULL past the end. */
const struct option_def *options_def_at(unsigned int);
/* Set from text (the form set-option takes). append: add to a string.
 * Returns 0, or -1 with *cause (heap string). */
int		 options_set(struct options *, const char *name,
		     const char *value, int append, char **cause);
/* Remove the value set at this level (falls back to the parent). */
void		 options_unset(struct options *, const char *name);
/* Is the option set at this level (not inherited)? */
int		 options_is_set(const struct options *, const char *name);
/* Value as text, for show-options and formats (heap string). */
char		*options_to_string(const struct options *, const char *name);
const char	*options_get_string(const struct options *, const char *name);
long long	 options_get_number(const struct options *, const char *name);
/* A key option's key, parsed when it was set (KEYC_NONE for None). */
key_code	 options_get_key(const struct options *, const char *name);

#endif
