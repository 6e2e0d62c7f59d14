/*
 * cmd-customize: inside customize-mode (cmd-customize-mode.c: the command
 * and what its keys do; cmd-customize-tree.c: what the tree holds and the
 * preview of an item). An item's id says what it is: "o", the section
 * ('S' server, 's' session, 'w' window and pane), the option name and an
 * array index; or "k", the key table, the key and its part ("Command",
 * "Note", "Repeat"); parts are separated by CZ_SEP.
 */
#ifndef MUX_CMD_CUSTOMIZE_H
#define MUX_CMD_CUSTOMIZE_H

#include "common/key.h"

struct customize;
struct key_binding;
struct option_def;
struct options;
struct pane;
struct target;

/* Separates the parts of an item's id (key names may hold anything
 * printable). */
#define CZ_SEP	"\037"

/* Where an option's value comes from, as tmux names the scopes. */
enum cz_scope {
	CZ_SERVER,
	CZ_GLOBAL_SESSION,
	CZ_SESSION,
	CZ_GLOBAL_WINDOW,
	CZ_WINDOW,
	CZ_PANE,
};

struct cmd_customize {
	unsigned int	 pane;		/* the target pane (id) */
	unsigned int	 session;	/* and its session (id) */
	char		*format;	/* -F, or NULL */
	int		 hide_global;	/* H */
	int		 zoomed;	/* -Z zoomed the window */
};

/* What an item's id says. */
struct cz_item {
	char		 kind;		/* 'o' option, 'k' key, 0 other */
	char		 section;	/* 'S' server, 's' session, 'w' */
	char		*name;		/* option name, or key table */
	int		 idx;		/* array member, or -1 */
	key_code	 key;
	char		*part;		/* a key's "Command", "Note", ... */
};

/* The units tmux shows after some numbers (NULL: none). */
const char	*cz_unit(const char *name);
/* The mode's pane, window and session; -1 when they are gone. */
int		 cz_target(struct cmd_customize *, struct target *);
/* The table a section's option has its value from, and its scope. */
struct options	*cz_owner(const struct target *, char section,
		     const char *name, enum cz_scope *);
/* The table a section's values are read at (inheriting). */
struct options	*cz_reader(const struct target *, char section);
int		 cz_is_global(enum cz_scope);
/* "session a", "window 1", "pane 0"; "" for the global scopes (heap). */
char		*cz_scope_text(enum cz_scope, const struct target *);
/* Read an id back (cz_item_clear after); -1 for a section's id. */
int		 cz_parse(const char *id, struct cz_item *);
void		 cz_item_clear(struct cz_item *);
/* The binding an item names, or NULL. */
struct key_binding *cz_binding(const struct cz_item *);
/* An option's default value as text (heap string). */
char		*cz_default(const struct option_def *);
/* customize_ops.build and .preview. */
void		 cz_build(struct customize *, struct pane *, void *data,
		     const char *filter);
void		 cz_preview(struct customize *, struct pane *, void *data,
		     const char *id);

#endif
