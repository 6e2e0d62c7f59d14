/*
 * queue: <sys/queue.h> plus the _SAFE iterators glibc's copy lacks.
 */
#ifndef MUX_QUEUE_H
#define MUX_QUEUE_H

#include <sys/queue.h>

#ifndef TAILQ_FOREACH_SAFE
#define TAILQ_FOREACH_SAFE(var, head, field, tvar)			\
	for ((var) = TAILQ_FIRST((head));				\
	    (var) != NULL && ((tvar) = TAILQ_NEXT((var), field), 1);	\
	    (var) = (tvar))
#endif

#endif
