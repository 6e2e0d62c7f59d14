/*
 * client (server side): one connection. A command client sends a command
 * and leaves; an attached client shows a session and sends input. The
 * model only sets state and flags here; the transport (server_client.c)
 * acts on them at the end of the loop turn (send frames, exit messages).
 */
#ifndef MUX_CLIENT_SERVER_H
#define MUX_CLIENT_SERVER_H

#include <sys/types.h>

#include "common/queue.h"

#include <stdint.h>
#include <time.h>

#include "common/colour.h"
#include "common/key.h"
#include "common/proto.h"
#include "grid/cell.h"
#include "model/mouse.h"

struct peer;
struct event;
struct session;
struct cmdq_item;
struct overlay;
struct window;
struct client_tty;
struct client_out_ops;
struct style_range;

/* Standard input of a client arrived (or error is set). */
typedef void (*client_stdin_cb)(struct cmdq_item *, const char *data,
    size_t len, const char *error, void *arg);
/* Part of a client's standard input, as it comes (split-window -I). */
typedef void (*client_stdin_part_cb)(const char *data, size_t len,
    void *arg);

#define CLIENT_IDENTIFIED	0x001
#define CLIENT_TERMINAL		0x002	/* has a terminal (can attach) */
#define CLIENT_ATTACHED		0x004
#define CLIENT_EXIT		0x008	/* send exit_msg and close */
#define CLIENT_REDRAW		0x010	/* repaint everything */
#define CLIENT_DEAD		0x020	/* connection gone; free at loop end */
#define CLIENT_EXIT_SENT	0x040	/* the exit message went out */
#define CLIENT_BLOCKED		0x080	/* a frame was held (backlog, pacing):
					   one is due when it drains */
#define CLIENT_NEW_ATTACH	0x100	/* just attached: tell it */
#define CLIENT_RUNNING		0x200	/* its command has not finished */
#define CLIENT_RECOMPOSE	0x400	/* compare every row next frame */
#define CLIENT_SYNC_HELD	0x800	/* frames held for a ?2026 update */
#define CLIENT_SUSPEND_ASK	0x1000	/* give the terminal back, then send
					   MSG_LOCK (suspend_cmd) or
					   MSG_SUSPEND (suspend_cmd NULL) */
#define CLIENT_SUSPENDED	0x2000	/* locked or suspended: no frames */
#define CLIENT_READONLY		0x4000	/* attach -r, server-access -r: only
					   detach-client and switch-client
					   keys work */
#define CLIENT_IGNORESIZE	0x8000	/* attach -f ignore-size */
#define CLIENT_ACTIVEPANE	0x10000	/* attach -f active-pane: its own
					   active pane in each window */
#define CLIENT_NODETACHDESTROY	0x20000	/* attach -f no-detach-on-destroy */
#define CLIENT_REPEAT		0x40000	/* after a -r binding: the prefix
					   table for repeat-time */
#define CLIENT_FOCUSED		0x80000	/* its terminal has the focus (as
					   tmux: until it says otherwise) */
#define CLIENT_NEWER		0x100000	/* of a newer protocol: may only ask
					   for the upgrade (proto.h) */

struct cmd_list;

/* A pane a client with the active-pane flag chose in a window. */
struct client_pane {
	unsigned int		 window;	/* window id */
	unsigned int		 pane;		/* pane id */
};

struct client {
	unsigned int		 id;
	uid_t			 uid;		/* the peer's user */
	struct peer		*peer;
	int			 flags;
	struct msg_identify	 ident;
	unsigned int		 cols, rows;
	struct session		*session;
	struct session		*last_session;
	uint64_t		 activity_ns;
	time_t			 created;	/* when it connected */

	int			 exit_status;
	char			*exit_msg;
	int			 exit_kill_parent; /* detach -P */
	char			*exit_exec;	/* detach -E: command */
	char			*exit_shell;	/* ... and its shell */

	const char		*key_table;	/* "root" or "prefix" */
	/* A command waits for the prompt (command-prompt, confirm-before
	 * without -b): done(arg, cl) gets the accepted commands (cl, NULL
	 * when cancelled or gone); it runs once. */
	void			(*prompt_done)(void *, struct cmd_list *);
	void			*prompt_done_arg;
	struct overlay		*overlay;	/* the overlays open, the top
						   first: a popup, a menu or
						   display-panes, the prompt
						   (overlay.h) */
	char			*message;	/* status message, if any */
	struct event		*message_timer;
	int			 message_nokeys; /* display-message -N */
	char			*suspend_cmd;	/* lock-command to send */

	/* What the client's terminal shows (what was last sent). */
	struct cell		*sent;
	uint8_t			*sent_dirty;	/* rows changed since drawn
						 * (tty_screen's dirty) */
	uint16_t		*sent_span;	/* 2 a row: the columns of a
						 * dirty row written since
						 * (tty_screen's span) */
	uint64_t		*row_gen;	/* per row: srv->line_gen when
						   last composed whole */
	uintptr_t		*row_line;	/* per row: the address of
						   the pane line it showed
						   then, as a number (0: not a
						   full-width pane's) */
	/* Scroll damage of the last frame (compose.c): rows [scroll_top,
	 * scroll_bottom) of the screen moved up (scroll_down 0) or down
	 * scroll_n rows since the frame before (scroll_n 0: none), for an
	 * output that can scroll its terminal instead of repainting them. */
	unsigned int		 scroll_top, scroll_bottom, scroll_n;
	int			 scroll_down;
	unsigned int		 sent_cols, sent_rows;
	unsigned int		 sent_cx, sent_cy;
	int			 sent_cursor_visible, sent_cursor_shape;
	uint32_t		 sent_cursor_colour;	/* COLOUR_* */
	uint64_t		 link_gen;	/* link_generation() at the last
						   compose */
	uint64_t		 last_frame_ns;
	uint64_t		 frame_credit_ns; /* pacing: see send_frame */
	uint64_t		 frame_credit_at;
	uint64_t		 status_gen;	/* status drawn at this gen */
	uint64_t		 title_gen;	/* title checked at this gen */
	char			*title;		/* host title last sent */

	/* load-buffer -: reading the client's standard input. */
	struct cmdq_item	*stdin_item;
	client_stdin_cb		 stdin_cb;
	client_stdin_part_cb	 stdin_part_cb;	/* NULL: keep it all */
	void			*stdin_arg;
	struct pbuf		 stdin_data;
	int			 stdin_asked;

	/* What the client is owed and not yet sent; it goes when the
	 * client's output is not backed up. Only the newest clipboard set
	 * matters (a newer one replaces it), and bells coalesce into one. */
	char			*clip_sel;	/* NULL: no clipboard owed */
	char			*clip_data;	/* base64 */
	size_t			 clip_len;
	int			 bell_owed;
	/* Passthrough bytes in the order the panes sent them, at most
	 * CLIENT_PASS_MAX (a sequence that would not fit is dropped). */
	struct pbuf		 pass_owed;

	/* The ranges of each status line as last drawn (status.h: what a
	 * mouse click on the status line is on). */
	struct style_range	*status_ranges[5];
	unsigned int		 nstatus_ranges[5];

	/* The mouse (mouse.h): a drag, the last event's place, and clicks
	 * that may turn out double or triple. */
	int			 mouse_drag;	/* button + 1 dragging, or 0 */
	int			 drag_what;	/* MOUSE_DRAG_* */
	int			 drag_pane;	/* its pane (id), or -1; a border:
						   the pane left of or above */
	int			 drag_type;	/* a border: LAYOUT_LEFTRIGHT, ... */
	unsigned int		 drag_last;	/* a border: last x (or y) */
	unsigned int		 mouse_lx;	/* the last event's place */
	int			 mouse_lwy;
	int			 click_state;	/* 1: one click, 2: two, waiting */
	int			 click_button;
	struct event		*click_timer;
	struct event		*repeat_timer;	/* repeat-time after a -r key */
	struct mouse_event	 click_event;	/* the last click's */
	struct event		*frame_timer;
	struct event		*identify_timer; /* deadline to identify */
	/* Input is not read while a pane's input is full (a paste): the
	 * pane's id + 1 (0: not held), and a limit to how long. */
	unsigned int		 hold_pane;
	uint64_t		 hold_taken;	/* its input_taken when seen */
	struct event		*hold_timer;
	uint32_t		 host_modes;
	/* host_modes was worked out at this options generation, for the
	 * session with this id + 1 (0: never). */
	unsigned long		 modes_gen;
	unsigned int		 modes_session;

	/* Who draws what c is owed (client-out.h): the client itself, or
	 * the server on c's terminal (server_tty.h: the fd the client
	 * passed until it attaches, then the open terminal; only
	 * server_tty.c looks at tty). */
	const struct client_out_ops *out;
	int			 tty_fd;
	struct client_tty	*tty;
	/* What the server's terminal driver found (server_tty.c): the
	 * XTVERSION answer and the features in use, as client_termtype and
	 * client_termfeatures show them; NULL when not known. */
	char			*term_type;
	char			*term_features;
	/* What show-messages -T prints for that terminal: its header line
	 * and a line for each capability tmux knows (NULL: the server has
	 * no terminal for c). */
	char			*term_info;
	/* Kept by the output (client-out.h), for the formats
	 * client_written, client_discarded and client_cell_width and
	 * _height: bytes that went out, bytes made for c and dropped, and
	 * the terminal's cell size in pixels (0: not known). */
	uint64_t		 out_written;
	uint64_t		 out_discarded;
	unsigned int		 cell_width;
	unsigned int		 cell_height;
	/* refresh-client -l: ask c's terminal for its clipboard at the end
	 * of the turn (the answer becomes a buffer). */
	int			 clipboard_query_owed;

	/* The terminal's default colours, as it answered OSC 10 and 11. */
	int			 host_colours;	/* bits: 1 fg, 2 bg known */
	struct colour_rgb16	 host_fg;
	struct colour_rgb16	 host_bg;

	/* A window larger than the terminal shows the part around the
	 * cursor of its active pane, or, once refresh-client -U, -D, -L or
	 * -R panned it, the part at pan_ox, pan_oy: pan_window is that
	 * window's id + 1 (0: not panned). sent_ox, sent_oy: the part the
	 * last frame showed. */
	unsigned int		 pan_window;
	unsigned int		 pan_ox, pan_oy;
	unsigned int		 sent_ox, sent_oy;

	/* attach -f active-pane: the pane this client chose in each window
	 * it chose one in (ids), apart from the window's own active pane. */
	struct client_pane	*panes;
	unsigned int		 npanes;

	/* A control-mode client (-C): what it is owed (control.h). */
	struct control_state	*control;

	TAILQ_ENTRY(client)	 entry;
};

/* Mark the client to be sent status and message (may be NULL) and closed
 * at the end of the loop turn. */
void		 client_set_exit(struct client *, int status, const char *msg);
/* Attach the client to s (detaching from any other session). */
void		 client_attach(struct client *, struct session *);
/* Lock the client's terminal with cmd (lock-*: the terminal is given
 * back and the client runs cmd in it), or with cmd NULL suspend the client
 * (suspend-client); it shows its session again when that is over. Does
 * nothing for a client not attached or already locked. */
void		 client_lock(struct client *, const char *cmd);
/* (Re)start s's lock-after-time: that many seconds with no key from
 * its clients locks them all with lock-command, as lock-session would
 * (tmux's rule: the time runs from a key or an attach). */
void		 client_lock_timer(struct session *);
/* The lock or suspension is over (MSG_UNLOCK). */
void		 client_unlock(struct client *);
/* Detach with "[detached (from session NAME)]". */
void		 client_detach(struct client *);
/* The same; kill_parent: the client then sends SIGHUP to its parent
 * (detach-client -P, attach -x); exec (not NULL): it runs shell -c exec
 * in its place (detach-client -E). */
void		 client_detach_with(struct client *, int kill_parent,
		     const char *exec, const char *shell);
/* Ask c for its standard input for item; cb runs when it has all come.
 * Returns -1 when c cannot (attached, or already reading). */
int		 client_read_stdin(struct client *, struct cmdq_item *,
		     client_stdin_cb, void *arg);
/* The same, each part going to part_cb as it comes (nothing is kept:
 * cb then gets no data). */
int		 client_read_stdin_parts(struct client *, struct cmdq_item *,
		     client_stdin_part_cb part_cb, client_stdin_cb cb,
		     void *arg);
/* The standard input is complete (data) or lost (error). */
void		 client_stdin_done(struct client *, const char *error);
/* Owe the client's terminal a clipboard write, replacing one not yet
 * sent. */
void		 client_queue_clipboard(struct client *, const char *sel,
		     const char *b64, size_t len);
/* Owe the client's terminal a pane's passthrough bytes (DCS tmux;),
 * after those not yet sent; dropped if they would pass CLIENT_PASS_MAX. */
#define CLIENT_PASS_MAX	(1024 * 1024)
void		 client_queue_passthrough(struct client *, const char *,
		     size_t len);
/* The client's name: its terminal's path, else client-N. Heap string. */
char		*client_name(const struct client *);
/* The terminal reported its default foreground (which 10) or background
 * (11). */
void		 client_set_host_colour(struct client *, int which,
		     const struct colour_rgb16 *);
/* The host default colour a program in window w should be told: from the
 * client that shows w (the most recently active one), else one attached
 * to a session with w, else any; from its terminal's answer, else its
 * COLORFGBG; else the last colour any terminal reported. Returns -1 when
 * nothing is known. */
int		 client_host_colour(struct window *w, int which,
		     struct colour_rgb16 *);
/* Does an entry of the option list (comma-separated "pattern:name[=value]
 * :...", the pattern matched against the client's TERM) name one of the
 * NULL-terminated names? For terminal-features and terminal-overrides. */
int		 client_term_has(const struct client *, const char *list,
		     const char *const *names);
/* Look up a variable in the client's environment (NULL if unset). */
const char	*client_getenv(const struct client *, const char *name);
/* The pane c works in within its current window: with the active-pane
 * flag the one it chose there (if still in that window), else the
 * window's active pane. NULL when c shows no window. */
struct pane	*client_active_pane(struct client *);
/* Choose p (in c's current window) as c's own active pane there. */
void		 client_set_active_pane(struct client *, struct pane *);
/* Rows of c's screen the window gets (less the status line). */
unsigned int	 client_window_rows(const struct client *);
/* The window c shows (its session's current one), or NULL. */
struct window	*client_shown_window(struct client *);
/* The rows of c's screen (of rows) the status lines take: returns how
 * many (0: none, or no room for them), with the first of them in *first
 * and the window's first row in *top (status-position). */
unsigned int	 client_status_rows(struct client *, unsigned int rows,
		     unsigned int *first, unsigned int *top);
/* The part of its window c's terminal shows, as tmux 3.3a works it out:
 * the offset (ox, oy) and size (sx, sy) of the visible part. All of the
 * window when it fits (returns 0, and a pan is forgotten); else, when c
 * was panned in this window (refresh-client -L ...), the panned part,
 * clamped; else the part that shows the cursor of c's active pane
 * (returns 1). */
int		 client_window_offset(struct client *, unsigned int *ox,
		     unsigned int *oy, unsigned int *sx, unsigned int *sy);
/* Resize windows shown by clients to the client sizes (window-size). */
void		 client_update_sizes(void);

#endif
