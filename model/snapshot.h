/*
 * snapshot: the server's sessions written to a file so they can come back
 * after the server (or the machine) is gone (mux resurrect). snapshot.c
 * writes them (the format is described at its top), snapshot-read.c reads
 * that format and tmux-resurrect's save files into the plain structures
 * below, which cmd-resurrect.c turns back into sessions.
 */
#ifndef MUX_SNAPSHOT_H
#define MUX_SNAPSHOT_H

#include <sys/types.h>

/* The version snapshot.c writes; snapshot-read.c reads it and older. */
#define SNAPSHOT_VERSION	1

/* An option set at a session's or window's own level. */
struct snap_option {
	char		*name;		/* maybe "name[N]" for an array member */
	char		*value;
};

struct snap_pane {
	unsigned int	 idx;
	int		 active;
	char		*cwd;
	char		*title;		/* NULL: not saved */
	char		**start;	/* what the pane was started with
					   (NULL-terminated); NULL: a shell */
	char		*fg;		/* the command line of a job the shell
					   ran in the foreground, or NULL */
	char		**lines;	/* history and screen, oldest first:
					   text with SGR sequences */
	int		*wrapped;	/* per line: it continues on the next */
	unsigned int	 nlines;
};

struct snap_window {
	int			 idx;
	char			*name;
	int			 fixed_name;	/* automatic-rename was off */
	char			*layout;	/* tmux's layout description */
	int			 active;	/* the session's current window */
	int			 last;		/* the session's last window */
	int			 zoomed;
	struct snap_option	*options;
	unsigned int		 noptions;
	struct snap_pane	*panes;		/* in index order */
	unsigned int		 npanes;
};

struct snap_session {
	char			*name;
	char			*cwd;
	char			*group;		/* its group's name, or NULL */
	char			*group_with;	/* the session of the group whose
						   windows it shows (it has
						   none saved), or NULL */
	int			 group_current;	/* with group_with: the index of
						   its current window, -1 */
	int			 group_last;	/* and of its last, -1: none */
	struct snap_option	*options;
	unsigned int		 noptions;
	struct snap_window	*windows;	/* in index order */
	unsigned int		 nwindows;
};

struct snap {
	int			 tmux;		/* read from tmux-resurrect */
	char			*current;	/* the client's session, or NULL */
	struct snap_session	*sessions;
	unsigned int		 nsessions;
};

/* The snapshot file of this server: $XDG_STATE_HOME/mux/LABEL.snapshot
 * (~/.local/state/mux/... without it), LABEL the socket's name. Heap
 * string; NULL with *cause when there is no home to put it in. */
char		*snapshot_path(char **cause);
/* Write the server's sessions to path now, atomically (a temporary file
 * in the same directory, fsync, rename). A server with no session writes
 * nothing (the last snapshot stays). Returns 0, or -1 with *cause. */
int		 snapshot_write(const char *path, char **cause);
/* kill-server and SIGTERM: write this server's snapshot now (nothing
 * when it has no session). Returns 0, or -1 with *cause (cause may be
 * NULL: the failure is only logged). */
int		 snapshot_save_now(char **cause);
/* Write a snapshot to file (NULL: this server's) from a forked child,
 * returning at once; one at a time. Returns 0, or -1 with *cause. */
int		 snapshot_save_background(const char *file, char **cause);
/* save-interval: start, restart (its value changed) or stop the timer. */
void		 snapshot_update_timer(void);
/* A child exited: is it the snapshot writer? (Collects it if so.) */
int		 snapshot_reaped(pid_t pid, int status);
/* The server ends: stop the timer. */
void		 snapshot_free(void);

/* snapshot-read.c: read a mux snapshot or a tmux-resurrect save file
 * (told apart by their first line). Returns NULL with *cause naming the
 * file, the line and what was wrong. */
struct snap	*snap_read(const char *path, char **cause);
/* The same from len bytes of text (name is used in errors). */
struct snap	*snap_parse(const char *name, const char *text, size_t len,
		     char **cause);
void		 snap_free(struct snap *);

/* Field escaping shared by the writer and the reader: backslash, tab,
 * newline, carriage return and other controls become \\, \t, \n, \r and
 * \ooo. snap_escape returns a heap string; snap_unescape works in place
 * and returns -1 for a bad escape. */
char		*snap_escape(const char *s);
int		 snap_unescape(char *s);

#endif
