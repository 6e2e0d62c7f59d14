/*
 * key-bindings: named key tables ("root", "prefix", ...) mapping keys to
 * command lists. The server looks keys up here; bind-key and unbind-key
 * change them; list-keys prints them.
 */
#ifndef MUX_KEY_BINDINGS_H
#define MUX_KEY_BINDINGS_H

#include "common/queue.h"

#include "common/key.h"

struct cmd_list;

struct key_binding {
	key_code		 key;
	struct cmd_list		*cmds;
	int			 repeat;
	char			*note;		/* bind-key -N; NULL: none */
	TAILQ_ENTRY(key_binding) entry;
};
TAILQ_HEAD(key_bindings, key_binding);

struct key_table {
	char			*name;
	struct key_bindings	 bindings;	/* in list-keys' order */
	/* For lookups: the bound keys in ascending order, and their
	 * bindings (a key's lookup reads a few words, not every binding). */
	key_code		*keys;
	struct key_binding	**index;
	unsigned int		 nkeys;
	TAILQ_ENTRY(key_table)	 entry;
};

/* Install the default tables and bindings (tmux's defaults). */
void		 key_bindings_init(void);
void		 key_bindings_free_all(void);
struct key_table *key_table_find(const char *name, int create);
struct key_table *key_table_first(void);
struct key_table *key_table_next(struct key_table *);
struct key_binding *key_bindings_find(struct key_table *, key_code);
/* Bind (replacing any binding of the key); takes a reference on cmds. */
void		 key_bindings_add(const char *table, key_code key, int repeat,
		     struct cmd_list *cmds);
void		 key_bindings_remove(const char *table, key_code key);
/* Put a key back to its default binding (customize mode's d), or unbind
 * it when it has none. */
void		 key_bindings_reset(const char *table, key_code key);
/* Set (or with NULL clear) the note of a bound key; nothing if unbound. */
void		 key_bindings_set_note(const char *table, key_code key,
		     const char *note);

#endif
