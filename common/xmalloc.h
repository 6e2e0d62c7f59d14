/*
 * xmalloc: allocation that never fails. On exhaustion the process logs and
 * aborts: running out of memory is a broken invariant, not an input error.
 */
#ifndef MUX_XMALLOC_H
#define MUX_XMALLOC_H

#include <stdarg.h>
#include <stddef.h>

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
/* Returns a heap string the caller frees. */
char	*xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
char	*xvasprintf(const char *, va_list);

#endif
