/*
 * Regular expressions from users (format modifiers, copy-mode search,
 * find-window): compiled only if what regcomp would build stays small.
 */
#ifndef MUX_COMMON_RE_H
#define MUX_COMMON_RE_H

#include <regex.h>

/* regcomp(re, pattern, flags) for an extended expression, or REG_ESIZE
 * without compiling when the pattern's repetitions multiply past what
 * the server should spend on one pattern. */
int	re_compile(regex_t *re, const char *pattern, int flags);
/* Would pattern compile within the bound (1) or not (0)? */
int	re_bounded(const char *pattern);

#endif
