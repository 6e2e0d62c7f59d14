/*
 * window and pane: a window is a rectangle of panes (one or more, laid out
 * by window.c), each pane a pty with a child process and the vt that holds
 * its terminal state. Pane output is read here (at most PANE_READ_SIZE a
 * loop turn, so one flooding pane cannot starve the others) and parsed at
 * once; input for the pane is queued (bounded) and written as the pty
 * takes it.
 */
#ifndef MUX_WINDOW_H
#define MUX_WINDOW_H

#include "common/queue.h"
#include <sys/types.h>

#include <stddef.h>
#include <stdint.h>

struct event;
struct evbuffer;
struct vt;
struct options;

#define PANE_READ_SIZE		65536
/* Input queued for a pane that does not read it is capped here; more is
 * dropped (and logged) rather than held without bound. */
#define PANE_INPUT_MAX		(1024 * 1024)

#define PANE_EXITED	0x1	/* the pty closed (the program is gone) */
#define PANE_REAPED	0x2	/* waitpid collected the status */
#define PANE_DEAD	0x4	/* kept with remain-on-exit */

struct window;

struct pane {
	unsigned int		 id;
	struct window		*window;
	int			 fd;
	pid_t			 pid;
	int			 status;	/* wait status once reaped */
	int			 flags;
	struct event		*rev;
	struct event		*wev;
	struct evbuffer		*input;		/* queued for the pty */
	struct vt		*vt;
	unsigned int		 xoff, yoff;	/* position in the window */
	unsigned int		 sx, sy;
	char			*cwd;
	char			*title;
	uint64_t		 input_ns;	/* when input was last sent */
	uint64_t		 echo_ns;	/* first output after input */
	TAILQ_ENTRY(pane)	 entry;
};
TAILQ_HEAD(panes, pane);

struct window {
	unsigned int		 id;
	char			*name;
	struct panes		 panes;
	struct pane		*active;
	unsigned int		 sx, sy;
	struct options		*options;
	unsigned int		 references;	/* winlinks */
	int			 flags;
	TAILQ_ENTRY(window)	 entry;
};

#define WINDOW_BELL	0x1

struct window	*window_create(unsigned int sx, unsigned int sy);
/* Destroy the window and all its panes (killing their processes). */
void		 window_destroy(struct window *);
struct window	*window_find_by_id(unsigned int id);
void		 window_set_name(struct window *, const char *);
/* Resize the window and lay its panes out again. */
void		 window_resize(struct window *, unsigned int sx, unsigned int sy);
unsigned int	 window_count_panes(const struct window *);
/* Index of a pane (from pane-base-index). */
unsigned int	 window_pane_index(const struct window *, const struct pane *);
struct pane	*window_pane_at_index(struct window *, unsigned int idx);

/* Create a pane in w running argv (argc 0: the default shell) and spawn
 * it. env is the NULL-terminated environment to start from; TERM, MUX and
 * MUX_PANE are set over it. Returns NULL with *cause on failure. */
struct pane	*pane_create(struct window *, int argc, char **argv,
		     const char *cwd, char **env, const char *shell,
		     char **cause);
/* Kill the process group, close the pty, free. */
void		 pane_destroy(struct pane *);
/* Destroy a pane of a window that keeps other panes, and lay the rest
 * out again. */
void		 window_remove_pane(struct window *, struct pane *);
struct pane	*pane_find_by_id(unsigned int id);
void		 pane_resize(struct pane *, unsigned int sx, unsigned int sy);
/* Queue bytes for the pane's program. */
void		 pane_write(struct pane *, const char *buf, size_t len);
/* A child exited: record its status if it belongs to a pane. */
void		 pane_reaped(pid_t pid, int status);
/* Name of the program running in the pane (for automatic-rename and
 * #{pane_current_command}); heap string. */
char		*pane_current_command(const struct pane *);

#endif
