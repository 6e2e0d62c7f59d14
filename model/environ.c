/*
 * Environment tables (see environ.h): a sorted array of entries, each a
 * name and a value (NULL value: removed).
 */
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "model/environ.h"

struct environ_entry {
	char	*name;
	char	*value;
	int	 hidden;	/* %hidden, set-environment -h: kept from
				 * processes */
};

struct environ {
	struct environ_entry	*entries;
	unsigned int		 n;
};

struct environ *
environ_create(void)
{
	return (xcalloc(1, sizeof (struct environ)));
}

void
environ_free(struct environ *env)
{
	unsigned int	i;

	if (env == NULL)
		return;
	for (i = 0; i < env->n; i++) {
		free(env->entries[i].name);
		free(env->entries[i].value);
	}
	free(env->entries);
	free(env);
}

/* Index of name, or where it would go (*found 0). */
static unsigned int
environ_find(const struct environ *env, const char *name, int *found)
{
	unsigned int	lo = 0, hi = env->n, mid;
	int		cmp;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		cmp = strcmp(name, env->entries[mid].name);
		if (cmp == 0) {
			*found = 1;
			return (mid);
		}
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	*found = 0;
	return (lo);
}

/* Set name's value (NULL: removed). */
static void
environ_put(struct environ *env, const char *name, const char *value,
    int hidden)
{
	unsigned int	i;
	int		found;

	i = environ_find(env, name, &found);
	if (found) {
		free(env->entries[i].value);
		env->entries[i].value = value != NULL ? xstrdup(value) : NULL;
		env->entries[i].hidden = hidden;
		return;
	}
	env->entries = xreallocarray(env->entries, env->n + 1,
	    sizeof *env->entries);
	memmove(env->entries + i + 1, env->entries + i,
	    (env->n - i) * sizeof *env->entries);
	env->entries[i].name = xstrdup(name);
	env->entries[i].value = value != NULL ? xstrdup(value) : NULL;
	env->entries[i].hidden = hidden;
	env->n++;
}

void
environ_load(struct environ *env, char *const *vars)
{
	const char	*eq;
	char		*name;

	for (; vars != NULL && *vars != NULL; vars++) {
		if ((eq = strchr(*vars, '=')) == NULL || eq == *vars)
			continue;
		name = xstrndup(*vars, eq - *vars);
		environ_put(env, name, eq + 1, 0);
		free(name);
	}
}

void
environ_set(struct environ *env, const char *name, const char *value)
{
	environ_put(env, name, value, 0);
}

void
environ_set_hidden(struct environ *env, const char *name, const char *value)
{
	environ_put(env, name, value, 1);
}

int
environ_hidden_at(const struct environ *env, unsigned int i)
{
	return (env->entries[i].hidden);
}

int
environ_is_hidden(const struct environ *env, const char *name)
{
	unsigned int	i;
	int		found;

	i = environ_find(env, name, &found);
	return (found && env->entries[i].hidden);
}

void
environ_remove(struct environ *env, const char *name)
{
	environ_put(env, name, NULL, 0);
}

void
environ_unset(struct environ *env, const char *name)
{
	unsigned int	i;
	int		found;

	i = environ_find(env, name, &found);
	if (!found)
		return;
	free(env->entries[i].name);
	free(env->entries[i].value);
	memmove(env->entries + i, env->entries + i + 1,
	    (env->n - i - 1) * sizeof *env->entries);
	env->n--;
}

const char *
environ_get(const struct environ *env, const char *name, int *removed)
{
	unsigned int	i;
	int		found;

	*removed = 0;
	i = environ_find(env, name, &found);
	if (!found)
		return (NULL);
	if (env->entries[i].value == NULL)
		*removed = 1;
	return (env->entries[i].value);
}

unsigned int
environ_count(const struct environ *env)
{
	return (env->n);
}

void
environ_at(const struct environ *env, unsigned int i, const char **name,
    const char **value)
{
	*name = env->entries[i].name;
	*value = env->entries[i].value;
}

char **
environ_vector(const struct environ *global, const struct environ *session)
{
	struct environ	*merged = environ_create();
	char		**out;
	unsigned int	 i, n = 0;

	if (global != NULL) {
		for (i = 0; i < global->n; i++)
			environ_put(merged, global->entries[i].name,
			    global->entries[i].value,
			    global->entries[i].hidden);
	}
	if (session != NULL) {
		for (i = 0; i < session->n; i++)
			environ_put(merged, session->entries[i].name,
			    session->entries[i].value,
			    session->entries[i].hidden);
	}
	out = xcalloc(merged->n + 1, sizeof *out);
	for (i = 0; i < merged->n; i++) {
		if (merged->entries[i].value == NULL ||
		    merged->entries[i].hidden)
			continue;
		out[n++] = xasprintf("%s=%s", merged->entries[i].name,
		    merged->entries[i].value);
	}
	environ_free(merged);
	return (out);
}

void
environ_free_vector(char **vec)
{
	char	**p;

	if (vec == NULL)
		return;
	for (p = vec; *p != NULL; p++)
		free(*p);
	free(vec);
}

const char *
environ_get_any(const struct environ *env, const char *name)
{
	int	removed;

	return (environ_get(env, name, &removed));
}
