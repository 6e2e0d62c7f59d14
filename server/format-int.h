/*
 * format-int.h: what format.c (the expander) and format-vars.c (the
 * variables) share. Not for other modules: they use format.h.
 */
#ifndef MUX_FORMAT_INT_H
#define MUX_FORMAT_INT_H

#include <time.h>

struct target;
struct client;
struct paste_buffer;
struct mouse_event;

/* One expansion: what it is for, and how deep it has gone. */
struct format_ctx {
	const struct target		*fs;	/* may be NULL */
	struct client			*c;	/* may be NULL */
	const struct paste_buffer	*pb;	/* may be NULL */
	const struct format_extra	*extra;	/* may be NULL */
	int				 depth;
	int				 flags;
#define FORMAT_CTX_TIME		0x1	/* pass text through strftime */
#define FORMAT_CTX_NOJOBS	0x2	/* #() expands to nothing */
	time_t				 time;	/* for strftime, once */
	struct tm			 tm;
};

/* The value of a named variable (heap string), or NULL when there is no
 * such variable or it does not apply to what the format is for. */
char	*format_var_find(struct format_ctx *, const char *name);

/* The text of line y of a pane's screen, trailing blanks dropped (heap
 * string). */
struct pane;
char	*format_pane_line(struct pane *, unsigned int y);

#endif
