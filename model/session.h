/*
 * session: a named set of windows, each linked at an index (a winlink).
 * Sessions are found by name, by "$id", or by unique name prefix.
 */
#ifndef MUX_SESSION_H
#define MUX_SESSION_H

#include "common/queue.h"

#include <stdint.h>
#include <time.h>

struct event;

struct window;
struct options;
struct hooks;
struct environ;

struct winlink {
	int			 idx;
	struct window		*window;
	struct session		*session;
	int			 flags;		/* WINLINK_* alerts */
	TAILQ_ENTRY(winlink)	 entry;
	int			 stacked;	/* in session->lastw */
	TAILQ_ENTRY(winlink)	 sentry;
};
TAILQ_HEAD(winlink_stack, winlink);

/* A window's alerts as one session sees them (as tmux keeps them): set on
 * each winlink of the window but one its attached session shows, cleared
 * from all of them when the window is selected anywhere. */
#define WINLINK_BELL		0x1	/* '!' */
#define WINLINK_ACTIVITY	0x2	/* '#' */
#define WINLINK_SILENCE		0x4	/* '~' */
#define WINLINK_ALERTS		(WINLINK_BELL|WINLINK_ACTIVITY|WINLINK_SILENCE)
TAILQ_HEAD(winlinks, winlink);

/* A session group (new-session -t): sessions that show the same windows
 * at the same indexes, each with its own current and last window. The
 * group keeps the name it was made with (the first session's, or the -t
 * name when no session had it) and goes when its last session does. */
TAILQ_HEAD(session_group_members, session);
struct session_group {
	char				*name;
	struct session_group_members	 sessions;	/* in joining order */
	TAILQ_ENTRY(session_group)	 entry;
};

struct session {
	unsigned int		 id;
	char			*name;
	char			*cwd;
	struct environ		*environ;	/* overlays the global one */
	time_t			 created;
	time_t			 activity;
	uint64_t		 activity_ns;	/* the same, finer (monotonic) */
	/* assume-paste-time: when its last two keys came, and whether keys
	 * are coming as a paste (server_input.c). */
	uint64_t		 key_ns;
	uint64_t		 last_key_ns;
	int			 pasting;
	struct event		*lock_timer;	/* lock-after-time (client.c) */
	time_t			 last_attached;	/* 0: never */
	struct winlinks		 windows;	/* sorted by index */
	struct winlink		*curw;
	/* The windows shown before curw, most recent first (never curw):
	 * last-window and {last} go to the first, #{session_stack} lists
	 * them all, as tmux keeps them. */
	struct winlink_stack	 lastw;
	struct options		*options;
	struct hooks		*hooks;		/* set here (hooks.h) */
	unsigned int		 attached;	/* clients attached */
	struct session_group	*group;		/* NULL: none */
	TAILQ_ENTRY(session)	 gentry;	/* in group->sessions */
	TAILQ_ENTRY(session)	 entry;
};

/* Create a session with one window running argv (argc 0: the default
 * command) in cwd, sized sx x sy. The session's environment takes the
 * update-environment variables of env (a client's; NULL: none), then the
 * nvars NAME=VALUE strings of vars (new-session -e). Returns NULL with
 * *cause (heap string) on failure. */
struct session	*session_create(const char *name, int argc, char **argv,
		     const char *cwd, char **env, char *const *vars, int nvars,
		     unsigned int sx, unsigned int sy, char **cause);
/* Create a window running argv (argc 0: default-command, else a shell)
 * in cwd (NULL: the session's), with the nvars NAME=VALUE strings of vars
 * added to its environment, sized sx x sy, linked at idx (-1: the first
 * free index from base-index). Returns NULL with *cause. */
struct winlink	*session_new_window(struct session *, int idx, int argc,
		     char **argv, const char *cwd, char *const *vars,
		     int nvars, unsigned int sx, unsigned int sy,
		     char **cause);
/* Fill sp to start argv (argc 0: default-command, else a shell) in cwd
 * (NULL: the session's) with the session's environment, shell and
 * history-limit. sp->env is a heap vector: environ_free_vector it. */
struct pane_spawn;
void		 session_spawn(struct session *, struct pane_spawn *, int argc,
		     char **argv, const char *cwd);
/* Add NAME=VALUE strings to what sp starts with (-e); later ones win. */
void		 session_spawn_env(struct pane_spawn *, char *const *vars,
		     int nvars);
/* An alert (WINLINK_BELL, ...) in w: flag its winlinks, but one that an
 * attached session shows. */
void		 session_alert(struct window *, int flag);
/* The window of wl was selected: clear its alerts, in every session. */
void		 winlink_clear_alerts(struct winlink *);
/* Make wl the current window (the old one becomes the last window). */
void		 session_select(struct session *, struct winlink *);
/* The last window (the first of the stack), or NULL. */
struct winlink	*session_last_window(struct session *);
/* Put wl first on the stack of windows shown before (it leaves it
 * first if it is on it); remove it; empty the stack. */
void		 session_stack_push(struct session *, struct winlink *);
void		 session_stack_remove(struct session *, struct winlink *);
void		 session_stack_clear(struct session *);
/* Take the update-environment variables from a client's environment
 * (NAME=VALUE vector) into the session's table. */
void		 session_update_environ(struct session *, char **env);
/* Kill every window and pane of the session and forget it; attached
 * clients are told the session ended. */
void		 session_destroy(struct session *);
void		 session_rename(struct session *, const char *);
struct session	*session_find(const char *name);
struct session	*session_find_by_id(unsigned int id);
/* A name no session uses: "0", "1", ... */
char		*session_next_name(void);
/* Is this a valid session name (no ':' or '.', not empty)? */
int		 session_check_name(const char *name);
/* The most recently active session, NULL if none. */
struct session	*session_most_recent(void);

/* Make a session that joins with (and its group, made if with has none,
 * named after it) and shows its windows; no window is started. Named
 * name, else WITH-ID after the group (':' and '.' made '_'). env, vars
 * and nvars are as for session_create. */
struct session	*session_create_grouped(struct session *with,
		     const char *name, const char *cwd, char **env,
		     char *const *vars, int nvars);
/* The group named name, made (with no session) if there is none. */
struct session_group *session_group_new(const char *name);
/* Put s in sg (s has no group) and give it the group's windows. */
void		 session_group_add(struct session_group *, struct session *);
/* "PREFIX-ID" for a new session in a group named prefix (':' and '.'
 * made '_'); heap string. */
char		*session_group_next_name(const char *prefix);
/* The group named name, or NULL. */
struct session_group *session_group_find(const char *name);
unsigned int	 session_group_count(const struct session_group *);
/* Clients attached to the group's sessions. */
unsigned int	 session_group_attached_count(const struct session_group *);
/* Give every other session of s's group the windows of s, at the same
 * indexes (each keeps its current window where it can). */
void		 session_group_sync_from(struct session *);
/* Is w linked anywhere but s and the sessions of its group? */
int		 session_is_linked(struct session *, struct window *);
/* Destroy s and, if it is grouped, every session of its group (a window
 * killed from the last session's last index). */
void		 session_destroy_group(struct session *);

struct winlink	*winlink_find_by_index(struct session *, int idx);
struct winlink	*winlink_find_by_window(struct session *, struct window *);
/* Link w into s at idx (-1: the first free index from base-index). */
struct winlink	*winlink_add(struct session *, struct window *, int idx);
/* Unlink; the window is destroyed when no session links it. The session is
 * destroyed when it has no windows left. */
void		 winlink_remove(struct winlink *);
unsigned int	 session_window_count(const struct session *);
/* Unlink w from every session (destroying it, and sessions left with
 * no window). */
void		 window_kill(struct window *);
/* Swap the windows two winlinks show (swap-window). */
void		 winlink_swap(struct winlink *, struct winlink *);
/* Give the session's windows indexes from base-index up, in order. */
void		 session_renumber_windows(struct session *);
/* Give wl index idx (which must be free), keeping the list sorted. */
void		 winlink_move(struct winlink *, int idx);
/* Make index idx free by moving up the windows at idx, idx+1, ... that
 * are in an unbroken run. */
void		 session_shift_windows(struct session *, int idx);

/* Rows of a client's screen s's status lines take (the status option:
 * 0 to 5). */
unsigned int	 session_status_lines(const struct session *);

#endif
