/*
 * Allocation wrappers: each either returns memory or aborts with a message.
 * Callers never check for NULL.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "common/xmalloc.h"

void *
xmalloc(size_t size)
{
	void	*p;

	if (size == 0)
		size = 1;
	if ((p = malloc(size)) == NULL)
		fatalx("xmalloc: out of memory allocating %zu bytes", size);
	return (p);
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		n = size = 1;
	if ((p = calloc(n, size)) == NULL)
		fatalx("xcalloc: out of memory allocating %zu*%zu bytes", n, size);
	return (p);
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if (n == 0 || size == 0)
		n = size = 1;
	if (size != 0 && n > SIZE_MAX / size)
		fatalx("xreallocarray: %zu*%zu overflows", n, size);
	if ((p = realloc(old, n * size)) == NULL)
		fatalx("xreallocarray: out of memory allocating %zu*%zu bytes",
		    n, size);
	return (p);
}

char *
xstrdup(const char *s)
{
	return (xstrndup(s, strlen(s)));
}

char *
xstrndup(const char *s, size_t n)
{
	size_t	 len = strnlen(s, n);
	char	*p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return (p);
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	char	*s;

	if (vasprintf(&s, fmt, ap) == -1)
		fatalx("xvasprintf: out of memory");
	return (s);
}

char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return (s);
}
