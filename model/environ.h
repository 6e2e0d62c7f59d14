/*
 * environ: environment tables, as tmux keeps them. The global table starts
 * as the server's own environment (that of the client that started it); a
 * session's table holds what set-environment put there and the
 * update-environment variables of the client that made it. A process
 * started in a session gets the global table overlaid with the session's.
 * An entry may be marked removed (set-environment -r): it is then left out
 * of processes even if the global table has it.
 */
#ifndef MUX_ENVIRON_H
#define MUX_ENVIRON_H

struct environ;

struct environ	*environ_create(void);
void		 environ_free(struct environ *);
/* Load NAME=VALUE strings (a NULL-terminated vector). */
void		 environ_load(struct environ *, char *const *vars);
void		 environ_set(struct environ *, const char *name,
		     const char *value);
/* Set a hidden variable (set-environment -h): shown only by
 * show-environment -h, and left out of processes. Setting it again
 * without this makes it an ordinary one. */
void		 environ_set_hidden(struct environ *, const char *name,
		     const char *value);
int		 environ_is_hidden(const struct environ *, const char *name);
/* Is the entry at this index (see environ_at) hidden? */
int		 environ_hidden_at(const struct environ *, unsigned int);
/* Mark removed: the variable is left out of processes. */
void		 environ_remove(struct environ *, const char *name);
/* Forget the entry (fall back to the global table). */
void		 environ_unset(struct environ *, const char *name);
/* Value, or NULL when unset or removed; *removed says which. */
const char	*environ_get(const struct environ *, const char *name,
		     int *removed);
/* Entries in name order: returns the count; name/value by index (value
 * NULL when removed). */
unsigned int	 environ_count(const struct environ *);
void		 environ_at(const struct environ *, unsigned int,
		     const char **name, const char **value);
/* A NULL-terminated "NAME=VALUE" vector of global overlaid by session
 * (either may be NULL). Free with environ_free_vector. */
char		**environ_vector(const struct environ *global,
		     const struct environ *session);
void		 environ_free_vector(char **);
/* Value of a set variable, hidden or not; NULL when unset or removed. */
const char	*environ_get_any(const struct environ *, const char *name);

#endif
