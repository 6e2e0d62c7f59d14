/*
 * control: what a control-mode client (mux -C, -CC) asked for and is owed,
 * as tmux 3.3a's control protocol has it. This is the model's record of
 * such a client, plain data on its struct client: the model only records
 * here, and never writes. An event (a window was linked, a session
 * renamed, a buffer changed ...) is queued on every control client as kind
 * and ids, and a pane's output is appended to each control client's buffer
 * for that pane; commands (refresh-client -A -B -f) set what the client
 * asked for. The transport (server/server_control.c) reads the client's
 * input lines into the same record and writes what it is owed at the end
 * of the loop turn, formatted then from the state as it is then (tmux
 * formats its notifications when it sends them too: a window made and
 * killed in one turn is an %unlinked-window-add and an
 * %unlinked-window-close). The order of the queue is the order the lines
 * go out in.
 *
 * Bounds: a client's queued events stop at CONTROL_EVENTS_MAX, a pane's
 * held output at CONTROL_PANE_MAX bytes; past either the client is too far
 * behind (paused pane with pause-after, else the client goes).
 */
#ifndef MUX_CONTROL_H
#define MUX_CONTROL_H

#include "common/queue.h"
#include "common/proto.h"

#include <stdint.h>
#include <time.h>

struct client;
struct session;
struct window;
struct pane;

#define CONTROL_EVENTS_MAX	10000
#define CONTROL_PANE_MAX	(4u * 1024 * 1024)

/* The window events come first: up to CONTROL_LAYOUT_CHANGED. */
enum control_kind {
	CONTROL_WINDOW_LINKED,		/* %window-add / %unlinked-window-add */
	CONTROL_WINDOW_UNLINKED,	/* %window-close / %unlinked-... */
	CONTROL_WINDOW_RENAMED,
	CONTROL_WINDOW_PANE_CHANGED,
	CONTROL_LAYOUT_CHANGED,
	CONTROL_SESSION_CHANGED,	/* a client's session changed */
	CONTROL_CLIENT_DETACHED,
	CONTROL_SESSION_RENAMED,
	CONTROL_SESSIONS_CHANGED,
	CONTROL_SESSION_WINDOW_CHANGED,
	CONTROL_PANE_MODE_CHANGED,
	CONTROL_PASTE_CHANGED,
	CONTROL_PASTE_DELETED,
};

struct control_event {
	enum control_kind		 kind;
	unsigned int			 session;	/* ids + 1; 0: none */
	unsigned int			 window;
	unsigned int			 pane;
	unsigned int			 client;
	char				*name;	/* client or buffer name */
	TAILQ_ENTRY(control_event)	 entry;
};
TAILQ_HEAD(control_events, control_event);

/* Output of one pane not yet written to the client. */
struct control_pane {
	unsigned int	 id;
	struct pbuf	 data;		/* raw bytes */
	uint64_t	 since_ns;	/* when the oldest arrived */
	int		 paused;	/* %pause sent: output dropped */
	int		 off;		/* refresh-client -A %p:off */
	int		 continued;	/* %continue owed */
	int		 pause_owed;	/* %pause owed */
};

/* refresh-client -B: a format watched for one kind of item; what changed
 * goes out as %subscription-changed, at most once a second. */
#define CONTROL_SUBS_MAX	1000
enum control_sub_type {
	CONTROL_SUB_SESSION,		/* the client's session */
	CONTROL_SUB_PANE,		/* one pane */
	CONTROL_SUB_ALL_PANES,		/* every pane in the session */
	CONTROL_SUB_WINDOW,		/* one window */
	CONTROL_SUB_ALL_WINDOWS,	/* every window in the session */
};
struct control_sub_value {
	unsigned int	 key;		/* the item's id (+ index << 20 for a
					   window) */
	char		*value;
	int		 seen;		/* still there at the last check */
};
struct control_sub {
	char				*name;
	enum control_sub_type		 type;
	unsigned int			 id;	/* CONTROL_SUB_PANE, _WINDOW */
	char				*format;
	struct control_sub_value	*values;
	unsigned int			 nvalues;
};

#define CONTROL_CC		0x1	/* -CC: the DCS wrapper */
#define CONTROL_NO_OUTPUT	0x2	/* refresh-client -f no-output */
#define CONTROL_WAIT_EXIT	0x4	/* refresh-client -f wait-exit */
#define CONTROL_JSON		0x8	/* refresh-client -f json (mux):
					   notifications as JSON lines */
#define CONTROL_PAUSE_AFTER	0x10	/* -f pause-after[=seconds]: a pane
					   that far behind pauses */

struct control_state {
	int			 flags;
	uint64_t		 pause_after_ms; /* with CONTROL_PAUSE_AFTER */
	struct control_events	 events;
	unsigned int		 nevents;
	int			 behind;	/* too far behind: goes */
	struct control_pane	*panes;
	unsigned int		 npanes;
	struct control_sub	*subs;
	unsigned int		 nsubs;
	struct event		*subs_timer;	/* the once-a-second check */

	/* Input: the part line and the lines waiting for the command
	 * before them. */
	struct pbuf		 in;
	char			**lines;
	unsigned int		 nlines;
	int			 running;	/* a line's command runs */
	int			 in_done;	/* standard input ended */
	int			 in_next;	/* inside server_control_next */
	/* The block of the command that runs: its time and number. */
	time_t			 block_time;
	unsigned int		 block_number;
};

/* Queue an event on every control client (ids may be 0). */
void	control_notify(enum control_kind, struct client *, struct session *,
	    struct window *, struct pane *, const char *name);
/* The hook event name (hooks.c sees them all) as control events. */
void	control_notify_hook(const char *name, struct client *,
	    struct session *, struct window *, struct pane *);
/* A pane's program wrote len bytes. */
void	control_pane_output(struct pane *, const void *, size_t);
/* The control client's record of pane id (made when create). */
struct control_pane *control_get_pane(struct client *, unsigned int id,
	    int create);
/* refresh-client -B: add (or replace) sub name; the arguments are
 * copied. With format NULL, remove it. */
void	control_set_sub(struct client *, const char *name,
	    enum control_sub_type, unsigned int id, const char *format);
/* Free a client's control state. */
void	control_free(struct client *);

#endif
