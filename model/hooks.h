/*
 * hooks: commands run when something happens, as tmux 3.3a's hooks. A hook
 * is an array: members (index -> command text) run in index order. Hook
 * tables hang off the objects that own options: the global session and
 * global window tables (srv), each session, window and pane. A session
 * hook (session-created, after-*, client-*, alert-*...) is looked up in
 * the session then the global session table; a window hook (pane-*,
 * window-layout-changed, window-pane-changed, window-renamed,
 * window-resized) in the pane, its window, then the global window table.
 * The first table that has the hook at all (even empty) is the one used,
 * as tmux's options inherit. The global tables have every hook of their
 * scope, empty until set.
 *
 * Members are kept as the command text set-hook was given (already checked
 * to parse); cmd/ parses it again to show or run it. The model only holds
 * strings, so hooks are plain state, easy to serialize.
 *
 * Events: the model calls hooks_notify_* where something happens (a
 * session is created, a window renamed, a pane dies ...). That only
 * queues a record on srv->hook_events with the formats tmux gives its hooks
 * (#{hook}, #{hook_session}, #{hook_window_name} ...) and where it
 * happened; cmd/cmd-hooks.c runs the queued hooks at the end of the loop
 * turn, through the command queue. Nothing is queued while a hook's own
 * commands run (srv->hooks_blocked): hooks never set off hooks.
 */
#ifndef MUX_HOOKS_H
#define MUX_HOOKS_H

#include "common/queue.h"

struct session;
struct winlink;
struct window;
struct pane;
struct client;

enum hook_scope {
	HOOK_SESSION,	/* session and global session tables */
	HOOK_WINDOW,	/* pane, window and global window tables */
};

struct hook_def {
	const char	*name;
	enum hook_scope	 scope;
};

/* One member of a hook's array. */
struct hook_cmd {
	unsigned int	 idx;
	char		*text;
};

/* A hook present in one table: its members, sorted by index. */
struct hook {
	const struct hook_def	*def;
	struct hook_cmd		*cmds;
	unsigned int		 n;
};

/* A table: the hooks present at one level, in definition order. */
struct hooks {
	struct hook	*list;
	unsigned int	 n;
	int		 global;
};

/* Named values for the formats of a hook's commands (#{hook} ...). */
struct hook_vars {
	char		**names;
	char		**values;
	unsigned int	  n;
};

/* A queued event: which hook, the formats it gives, and where it
 * happened (ids + 1; 0: none), looked up again when it runs. */
struct hook_event {
	const struct hook_def	*def;
	struct hook_vars	 vars;
	unsigned int		 session;
	unsigned int		 window;
	unsigned int		 pane;
	unsigned int		 client;
	TAILQ_ENTRY(hook_event)	 entry;
};

/* At most this many events wait for the end of a loop turn; more are
 * dropped (and logged). */
#define HOOK_EVENTS_MAX	4096

/* Definitions, in tmux's order (show-hooks lists them so); NULL past the
 * end. */
const struct hook_def *hooks_def_at(unsigned int);
/* A hook by exact name; NULL if none. */
const struct hook_def *hooks_def_find(const char *name);
/* A hook named as set-hook takes it: "name" or "name[N]" (*idx: N, or -1),
 * by exact name then unique prefix among tmux's hooks and options (hooks
 * are options in tmux). Returns NULL with *cause (heap string: "invalid
 * option: ..." or "ambiguous option: ...", tmux's words), or NULL with
 * *cause NULL when the name is an option's or a user option's: set-hook
 * and show-hooks then act as set-option and show-options, as tmux's do. */
const struct hook_def *hooks_match(const char *arg, int *idx, char **cause);

/* The global table of a scope (created on first use). */
struct hooks	*hooks_global(enum hook_scope);
/* The table at *where (created on first use). */
struct hooks	*hooks_table(struct hooks **where);
void		 hooks_free(struct hooks *);
/* Forget the global tables and queued events (server exit). */
void		 hooks_free_all(void);
/* The hook as set at this level; NULL when it is not (table may be
 * NULL). */
struct hook	*hooks_get_only(struct hooks *, const struct hook_def *);
/* The hook at this level, added empty when absent. */
struct hook	*hooks_add(struct hooks *, const struct hook_def *);
/* Take the hook out of the level (it inherits again). */
void		 hooks_remove(struct hooks *, const struct hook_def *);
/* The hook that applies to a place (any of s, w, p may be NULL): see
 * the top of this file. Never NULL. */
const struct hook *hooks_lookup(const struct hook_def *, struct session *,
		     struct window *, struct pane *);

/* Members: set idx to a copy of text, remove idx, remove all; the first
 * free index (where an appended member goes); a member's text or NULL. */
void		 hook_set(struct hook *, unsigned int idx, const char *text);
void		 hook_unset(struct hook *, unsigned int idx);
void		 hook_clear(struct hook *);
unsigned int	 hook_next_index(const struct hook *);
const char	*hook_get(const struct hook *, unsigned int idx);

/* Format values (copies). hook_vars_get returns NULL when unset. */
void		 hook_vars_add(struct hook_vars *, const char *name,
		     const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char	*hook_vars_get(const struct hook_vars *, const char *name);
void		 hook_vars_copy(struct hook_vars *, const struct hook_vars *);
void		 hook_vars_free(struct hook_vars *);
/* A variable of the hook whose commands are running now (for format.c);
 * heap string, or NULL when no hook gives it. */
char		*hooks_format_variable(const char *name);

/* Events, as tmux's notifications give them: a session (#{hook_session},
 * #{hook_session_name}), a winlink (the session and the window), a
 * session and a window, a window (#{hook_window}, #{hook_window_name}),
 * a pane (#{hook_pane}), a client (#{hook_client}). */
void		 hooks_notify_session(const char *name, struct session *);
void		 hooks_notify_winlink(const char *name, struct winlink *);
void		 hooks_notify_session_window(const char *name,
		     struct session *, struct window *);
void		 hooks_notify_window(const char *name, struct window *);
void		 hooks_notify_pane(const char *name, struct pane *);
void		 hooks_notify_client(const char *name, struct client *);
/* c had input or a resize: client-active when it was not already the
 * latest client of its current window. */
void		 hooks_client_active(struct client *);
/* A window's alert (alert-bell, alert-activity, alert-silence): one event
 * for each session linking it where bell-action, activity-action or
 * silence-action lets it through. */
void		 hooks_notify_alert(const char *name, struct window *);
/* The focus moves from pane old to new (either may be NULL): the active
 * pane of a window changed, or (s not NULL) session s changed its current
 * window. pane-focus-out and pane-focus-in, when focus-events is on and
 * a client sees it: one shows the window, or s is attached. */
void		 hooks_focus_moved(struct pane *old, struct pane *new,
		     struct session *s);
/* Take the oldest queued event (the caller frees it with
 * hooks_event_free); NULL when none. */
struct hook_event *hooks_next_event(void);
void		 hooks_event_free(struct hook_event *);

#endif
