/*
 * model/state.h: the model's state, the one server context. Everything the
 * server knows hangs off `srv`: the event base, the sessions, windows and
 * clients, the global option tables. It is plain data reachable from here,
 * which is what live upgrade (server/upgrade.c) and snapshots serialize.
 *
 * The folders around it: model/ holds sessions, windows, panes, layout,
 * options, hooks, environment, buffers, jobs, formats, targets and this
 * state; copy/ copy mode; draw/ composing a client's screen, the status
 * line, styles, overlays and the pane modes' drawing; cmd/ the command
 * language (parser, queue, one file per command); server/ the transport.
 * Each may include only those before it:
 *   common <- grid <- model <- copy <- draw <- cmd <- server <- mux.c
 * and each builds as a library linked in that order (regress/layers.rules
 * has the rules in full, regress/layers.sh checks the includes and the
 * libraries' symbols in make check). This differs from DESIGN.md's first
 * plan (cmd below copy and draw, with formats in cmd/): commands are what
 * open copy mode, popups, menus and the choose trees, and formats are how
 * the drawing reads the model, so formats sit in the model and commands
 * above the drawing.
 *
 * So the model never calls up. It marks what changed and leaves the rest
 * to the flush in server/: windows and clients carry dirty flags and line
 * generations (window_recompose, srv->dirty, line_gen) that the flush
 * composes from; what a control client is owed is queued on its record
 * (model/control.h) for server_control.c to write; a pane's modes are
 * reached only through the callbacks they give (model/pane-mode.h), so
 * the model frees copy mode, names it and reads its format variables
 * without naming it; and what a client's terminal shows of a larger
 * window is the model's (client_window_offset), for the drawing to read.
 */
#ifndef MUX_STATE_H
#define MUX_STATE_H

#include "common/queue.h"
#include <sys/types.h>

#include <stdint.h>
#include <time.h>

struct event_base;
struct event;
struct options;
struct environ;
struct session;
struct window;
struct client;
struct key_table;
struct cmdq_item;
struct job;
struct wait_channel;
struct format_job;
struct paste_buffer;
struct hooks;
struct hook_event;
struct hook_vars;

TAILQ_HEAD(sessions, session);
TAILQ_HEAD(session_groups, session_group);
TAILQ_HEAD(key_tables, key_table);
TAILQ_HEAD(cmdq_items, cmdq_item);
TAILQ_HEAD(jobs, job);
TAILQ_HEAD(wait_channels, wait_channel);
TAILQ_HEAD(format_jobs, format_job);
TAILQ_HEAD(paste_buffers, paste_buffer);
TAILQ_HEAD(windows, window);
TAILQ_HEAD(clients, client);
TAILQ_HEAD(hook_event_list, hook_event);

/* The server's message log (show-messages): what clients were shown,
 * oldest first, at most message-limit entries. */
struct message_entry {
	time_t			 time;
	char			*msg;
	TAILQ_ENTRY(message_entry) entry;
};
TAILQ_HEAD(message_log, message_entry);

/* Lines accepted at command prompts, oldest first. */
struct prompt_history {
	char		**lines;
	unsigned int	  n;
};

struct server {
	struct event_base	*base;
	char			*socket_path;
	char			*config_file;	/* NULL: the default files */
	pid_t			 pid;
	time_t			 start_time;

	struct sessions		 sessions;
	struct session_groups	 session_groups;	/* new-session -t */
	struct windows		 windows;
	struct clients		 clients;

	struct options		*options;		/* server */
	struct options		*session_options;	/* global session */
	struct options		*window_options;	/* global window */
	struct environ		*environ;		/* global */
	struct key_tables	 key_tables;
	struct cmdq_items	 items;		/* commands running */
	struct jobs		 jobs;		/* background shell commands */
	struct wait_channels	 wait_channels;	/* wait-for */
	struct prompt_history	 prompt_history[4]; /* by prompt type:
						   command, search, target,
						   window-target */
	struct message_log	 messages;	/* show-messages */
	unsigned int		 nmessages;
	struct format_jobs	 format_jobs;	/* #() output cache */
	struct paste_buffers	 buffers;	/* newest first */
	unsigned int		 next_buffer;

	int			 marked_pane;	/* select-pane -m: id, or -1 */
	unsigned long		 compose_pass;	/* counts screens composed */
	/* The generation panes' changed lines were last given
	 * (vt_commit), once a loop turn before clients are sent what
	 * changed: each client remembers, per row of its screen, the
	 * generation it last composed it at (compose.c). */
	uint64_t		 line_gen;

	/* server-access: other users let in, and whether read-only. */
	struct server_acl {
		uid_t		 uid;
		int		 readonly;
	}			*acl;
	unsigned int		 nacl;

	unsigned int		 next_session_id;
	unsigned long		 active_point;	/* panes made active so far */
	unsigned int		 next_window_id;
	unsigned int		 next_pane_id;
	unsigned int		 next_client_id;

	/* Hooks (hooks.h): the global tables, the events waiting for the
	 * end of the loop turn, the formats of the hook whose commands run
	 * now, and whether events are ignored (inside a hook). */
	struct hooks		*session_hooks;
	struct hooks		*window_hooks;
	struct hook_event_list	 hook_events;
	unsigned int		 hook_nevents;
	unsigned int		 hooks_local;	/* present below global */
	const struct hook_vars	*hook_vars;
	const char		*current_file;	/* #{current_file} while a
						   command runs */
	int			 hooks_blocked;
	struct event		*wake;		/* ends the turn: work is due */

	char			*config_errors;	/* for the first client */
	int			 cfg_done;	/* the config has run */
	pid_t			 cfg_start_pid;	/* who started us; 0: unknown */
	int			 cfg_first_seen; /* a client's command came
						    (the first one's, if held) */
	struct cmdq_item	**cfg_held;	/* waiting for the config */
	unsigned int		 ncfg_held;
	int			 exiting;
	int			 dirty;		/* something to flush this turn */
	int			 names_dirty;	/* panes ran: check window names */
	/* A client went or changed session: destroy-unattached looks at
	 * every session at the end of the turn, as tmux 3.3a does. */
	int			 check_unattached;
	uint64_t		 status_gen;	/* bumped when status lines change */
	uint64_t		 input_ns;	/* a pane last got user input */
	unsigned int		 control_number; /* %begin's number */

	/* server-upgrade (the transport's upgrade.c, which the command
	 * cannot include): replace the server; returns only on failure,
	 * -1 with *cause. */
	int			(*upgrade)(struct client *self,
				    const char *binary, char **cause);

	struct event		*snapshot_ev;	/* save-interval (snapshot.c) */
	pid_t			 snapshot_pid;	/* its writer, 0: none */
	char			*snapshot_tmp;	/* the writer's temporary file */
};

extern struct server	*srv;

/* Monotonic time in nanoseconds. */
uint64_t	server_now_ns(void);
/* Input was read (a client's message, a key or mouse event from a
 * terminal, a program's answer to a key): the loop turn ends after this
 * callback, so what it made is drawn and sent now. Without it, libevent
 * runs only the most urgent priority's callbacks in a pass and, while
 * lower ones wait, polls again instead of returning: input that kept
 * coming (a script's commands, a paste) kept the turn from ending, and
 * nothing was flushed until it stopped. */
void		server_turn_over(void);
/* Arm timer ev to fire in ns nanoseconds, never before. */
struct event;
void		server_timer_ns(struct event *, uint64_t ns);
/* Start ending the server: the socket goes now, clients are told at the
 * end of the loop turn. */
void		server_exit(void);
/* End every session (attached clients print "[server exited]") and the
 * server: kill-server, SIGTERM. */
void		server_kill(void);
/* A client's command (item, to run with done and arg) arrived: if it is
 * the client that started the server and the configuration still runs,
 * keep it until the configuration is done (returns 1). */
int		server_config_hold(struct client *, struct cmdq_item *,
		    void (*done)(struct cmdq_item *, void *), void *arg);
/* Give the configuration's errors to item (once: the first client). */
void		server_config_give_errors(struct cmdq_item *);
/* Add a line to the message log, dropping the oldest past message-limit. */
void		server_add_message(const char *fmt, ...)
		    __attribute__((format(printf, 1, 2)));
/* Trim the message log to message-limit (it changed); limit -1: free all
 * of it (server exit). */
void		server_trim_messages(int limit);
/* server-access: the entry for uid, or NULL. */
struct server_acl *server_acl_find(uid_t);
/* Something status lines show changed: redraw them this turn. */
void		server_status_changed(void);

#endif
