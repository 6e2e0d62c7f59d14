/*
 * window and pane: a window is a rectangle of panes (one or more, laid out
 * by window.c), each pane a pty with a child process and the vt that holds
 * its terminal state. Pane output is read here (at most PANE_READ_SIZE a
 * loop turn, so one flooding pane cannot starve the others, and less often
 * while the user types elsewhere) and parsed at once; input for the pane
 * is queued (bounded) and written as the pty takes it.
 */
#ifndef MUX_WINDOW_H
#define MUX_WINDOW_H

#include "common/queue.h"
#include "common/key.h"
#include "grid/cell.h"
#include <sys/types.h>

#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct event;
struct evbuffer;
struct vt;
struct options;
struct hooks;
struct layout_cell;
struct copy_mode;
struct pane_mode;
struct pane_mode_ops;
struct paste_blob;
struct pane_feed;
TAILQ_HEAD(pane_feeds, pane_feed);

#define PANE_READ_SIZE		16384
/* The largest window (and so pane) and client terminal, in cells either
 * way, as tmux: sizes from outside (a client's terminal, new-session -x
 * and -y) are clamped to it. */
#define WINDOW_SIZE_MAX		10000
/* And a client terminal has at most this many cells: the server keeps
 * copies of its whole screen (what it was sent, what the terminal shows),
 * so a terminal that claims 10000x10000 would cost gigabytes. Past it the
 * rows are cut (4,000,000 is 64 MB a copy; no real terminal comes near:
 * an 8K display in a 6x12 font is 1280x360). */
#define CLIENT_CELLS_MAX	4000000
/* A pane's input queue (pane-input.c) is full at this: a small write (a
 * key, a reply the vt owes) that would take it past is dropped (and
 * logged); a paste is taken whole while the queue is below it, and
 * refused once it is full (pane_paste). A paste is fed from its bytes, not
 * copied, so a program that never reads costs at most this, a chunk and a
 * reference to one paste. */
#define PANE_INPUT_MAX		(1024 * 1024)

/* While the user types into one pane (input within PANE_TYPING_NS), a
 * pane nobody types into reads at most once every PANE_THROTTLE_US: a
 * neighbour's flood then takes a bounded share of the machine and the
 * echo of the typing is not queued behind it. */
#define PANE_TYPING_NS		(500ULL * 1000000ULL)
#define PANE_THROTTLE_US	2000

/* Event priorities (server.c initialises the base with them). */
#define PANE_PRIORITIES		3
#define PANE_PRIORITY_URGENT	0	/* output answering input */
#define PANE_PRIORITY_OUTPUT	2	/* output nobody waits for */

#define PANE_EXITED	0x1	/* the pty closed (the program is gone) */
#define PANE_REAPED	0x2	/* waitpid collected the status */
#define PANE_DEAD	0x4	/* kept with remain-on-exit */
#define PANE_STATUSREADY 0x8	/* status holds the child's wait status */
#define PANE_NOWAIT	0x10	/* dead without waiting for the status */
#define PANE_INPUTOFF	0x20	/* select-pane -d: keys are not sent */
#define PANE_EMPTY	0x40	/* no program (split-window -I): what it
				   shows comes from a client's input */

/* A pane kept by remain-on-exit is dead once its program's status is known;
 * a program that closed its terminal but runs on is dead after this. */
#define PANE_DEAD_GRACE_MS	1000

struct window;
struct pane_pipe;

/* What pipe-pane holds for a command that does not read, at most. */
#define PANE_PIPE_MAX		(1024 * 1024)

struct pane {
	unsigned int		 id;
	unsigned long		 active_point;	/* when it last became its
						   window's active pane
						   (srv->active_point), 0
						   never */
	struct window		*window;
	int			 fd;
	pid_t			 pid;
	int			 status;	/* wait status (PANE_STATUSREADY) */
	time_t			 dead_time;	/* when it died with a status */
	struct event		*dead_ev;	/* PANE_DEAD_GRACE_MS timer */
	int			 flags;
	struct event		*rev;
	struct event		*wev;
	struct event		*throttle;	/* reads paused until it fires */
	struct evbuffer		*input;		/* queued for the pty */
	uint64_t		 input_taken;	/* bytes the pty took */
	struct hooks		*hooks;		/* set here (hooks.h) */
	struct pane_feeds	 feeds;		/* pastes behind it */
	struct vt		*vt;
	unsigned int		 xoff, yoff;	/* position in the window */
	unsigned int		 sx, sy;
	char			*cwd;
	char			*title;
	char			**start_argv;	/* the command it was started with
						   (NULL-terminated; NULL: the
						   default shell) */
	uint64_t		 input_ns;	/* when input was last sent */
	uint64_t		 echo_ns;	/* first output after input */
	struct copy_mode	*mode;		/* copy or view mode, or NULL */
	const struct pane_mode_ops *mode_ops;	/* its callbacks (pane-mode.h) */
	struct pane_mode	*pmode;		/* another mode (pane-mode.h) */
	struct options		*options;	/* pane options */
	uint64_t		 sync_ns;	/* synchronized update open since */
	int			 urgent;	/* read event raised for input */
	struct pane_pipe	*pipe;		/* pipe-pane, or NULL */
	/* window-style and window-active-style as cells, worked out when
	 * the options last changed (as tmux caches them; compose.c). */
	struct cell		 style_cells[2];
	unsigned long		 style_gen;
	/* cursor-style (as a cursor shape, TTY_CURSOR_BLINK included) and
	 * cursor-colour, worked out when the options last changed. */
	int			 cursor_style;
	uint32_t		 cursor_colour;
	unsigned long		 cursor_gen;
	/* pane-border-style and pane-active-border-style for it: formats,
	 * so worked out once a compose pass (borders.c). */
	struct cell		 border_cells[2];
	unsigned long		 border_pass;
	TAILQ_ENTRY(pane)	 entry;
};
TAILQ_HEAD(panes, pane);

struct window {
	unsigned int		 id;
	char			*name;
	struct panes		 panes;		/* in layout order */
	struct pane		*active;
	struct pane		*last;		/* the previously active */
	struct layout_cell	*layout;
	int			 preset;	/* last select-layout, -1 */
	char			*old_layout;	/* before the last select-layout,
						   next- or previous-layout (its
						   -o), or NULL */
	unsigned int		 sx, sy;
	struct options		*options;
	struct event		*silence;	/* monitor-silence, or NULL */
	unsigned int		 references;	/* winlinks */
	time_t			 activity;	/* last output (or creation) */
	int			 flags;
	struct hooks		*hooks;		/* set here (hooks.h) */
	unsigned int		 latest;	/* id + 1 of its latest client */
	TAILQ_ENTRY(window)	 entry;
};

#define WINDOW_BELL	0x1	/* a bell (status line flag '!') */
#define WINDOW_ZOOMED	0x2	/* the active pane fills the window */
#define WINDOW_ACTIVITY	0x4	/* output while not shown ('#') */
#define WINDOW_RING	0x8	/* a bell not yet passed to clients */
#define WINDOW_ACTIVE_NEW 0x10	/* activity not yet announced */
#define WINDOW_SILENCE	0x20	/* monitor-silence went off ('~') */
#define WINDOW_SILENCE_NEW 0x40	/* silence not yet announced */

/* How to start a pane's program. */
struct pane_spawn {
	int		 argc;		/* 0: a login shell */
	char		**argv;
	const char	*cwd;
	char		**env;		/* NULL-terminated NAME=VALUE */
	const char	*shell;		/* NULL or "": $SHELL from env, else sh */
	unsigned int	 history_limit;
	char		*default_argv[1];	/* argv for default-command */
	int		 session_id;	/* for $MUX; -1: none */
	int		 empty;		/* no program: an empty pane */
};

struct window	*window_create(unsigned int sx, unsigned int sy);
/* Destroy the window and all its panes (killing their processes). */
void		 window_destroy(struct window *);
struct window	*window_find_by_id(unsigned int id);
void		 window_set_name(struct window *, const char *);
/* Name a window by hand (new-window -n, rename-window): automatic-rename
 * goes off for it. */
/* (Re)start the window's monitor-silence timer (output, or the option
 * changed); stopped when the option is 0. */
void		 window_alerts_reset(struct window *);
void		 window_set_fixed_name(struct window *, const char *);
/* automatic-rename: name windows after their active pane's program. */
void		 window_update_names(void);
/* Resize the window and lay its panes out again. */
void		 window_resize(struct window *, unsigned int sx, unsigned int sy);
unsigned int	 window_count_panes(const struct window *);
/* Index of a pane (from pane-base-index). */
unsigned int	 window_pane_index(const struct window *, const struct pane *);
struct pane	*window_pane_at_index(struct window *, unsigned int idx);

/* Create the first pane of an empty window, filling it. env is the
 * environment to start from; TERM, MUX and MUX_PANE are set over it.
 * Returns NULL with *cause on failure. */
struct pane	*pane_create(struct window *, const struct pane_spawn *,
		     char **cause);
/* Split target (or the active pane): a new pane of size cells (-1: half)
 * beside it, LEFTRIGHT (split-window -h) or TOPBOTTOM (-v); before puts
 * it left of or above target; full splits the whole window instead. */
struct pane	*window_split(struct window *, struct pane *target, int type,
		     int size, int before, int full, const struct pane_spawn *,
		     char **cause);
/* Run a new program in an existing pane (respawn-pane): the old one is
 * killed, the screen and history start afresh. */
int		 pane_respawn(struct pane *, const struct pane_spawn *,
		     char **cause);
/* Make p the active pane (the old one becomes the last). */
void		 window_set_active(struct window *, struct pane *);
/* Take a pane out of its window (list and layout) without destroying it;
 * the window's other panes are laid out again. */
void		 window_take_pane(struct pane *);
/* Put a pane into an empty window, filling it. */
void		 window_adopt_pane(struct window *, struct pane *);
/* Move p from its window into w beside target (join-pane), or beside
 * the whole window with full; nothing moves when there is no room (-1
 * with *cause). */
int		 window_join_pane(struct window *, struct pane *,
		     struct pane *target, int type, int size, int before,
		     int full, char **cause);
/* Swap two panes' places, in one window or across two. */
void		 window_swap_panes(struct pane *, struct pane *);
/* Put the pane list in layout order (pane indexes follow it). */
void		 window_order_panes(struct window *);
/* Send an OSC 52 clipboard write to the clients showing w. */
void		 window_clipboard(struct window *, const char *sel,
		     const char *b64, size_t len);
/* Clients showing w compare every row at their next frame. */
void		 window_recompose(struct window *);
/* Set each pane's position and size from the layout (zoom aware). */
void		 window_apply_layout(struct window *);
/* Zoom the active pane in or out. */
void		 window_zoom(struct window *, int on);
/* Which pane shows window cell (x, y)? NULL for borders and outside. */
struct pane	*window_pane_at(struct window *, unsigned int x, unsigned int y);
/* The live upgrade (upgrade.c): a pane of w with id, its program pid on
 * pty master fd (-1: none, nothing is watched), its options oo (taken
 * on success), its terminal read from pr (vt_state_read). Not yet in the
 * window's list; the caller fills in the rest and starts reading. NULL
 * with *cause. */
struct preader;
struct pane	*pane_restore(struct window *, unsigned int id, int fd,
		     pid_t pid, struct options *oo, struct preader *pr,
		     uint32_t version, char **cause);
/* Kill the process group, close the pty, free. */
void		 pane_destroy(struct pane *);
/* Destroy a pane of a window that keeps other panes, and lay the rest
 * out again. */
void		 window_remove_pane(struct window *, struct pane *);
struct pane	*pane_find_by_id(unsigned int id);
/* In a child about to exec a pane's (or a popup's) program: signals back
 * to their defaults, the environment env (NAME=value entries) with TERM
 * and $MUX/$TMUX naming this server and session_id (-1 none), the other
 * name's pair unset. */
void		 pane_child_environ(char **env, const char *term,
		     int session_id);
/* The child's directory: cwd, else $HOME, else /. */
void		 pane_child_chdir(const char *cwd);
/* Give the pane's terminal what its options say: alternate-screen,
 * scroll-on-clear, pane-colours (at spawn and when they change). */
void		 pane_apply_options(struct pane *);
/* Read what the panes' programs have written and the server has not read
 * yet (before a client's command runs). */
void		 pane_read_pending(void);
void		 pane_resize(struct pane *, unsigned int sx, unsigned int sy);
/* Queue bytes for the pane's program. */
void		 pane_write(struct pane *, const char *buf, size_t len);
/* Queue a paste for the program, whole and in order with other input. It
 * is fed from blob as the program reads (line ends become sep unless sep
 * is NULL; bracketed when bracket is set and the program asked for it),
 * so the pane holds a reference, not a copy. Takes the caller's reference
 * to blob. Returns -1, queueing nothing, when the pane's input is full
 * (pane_input_full). */
int		 pane_paste(struct pane *, struct paste_blob *, const char *sep,
		     int bracket);
/* Is the pane's input queue full (PANE_INPUT_MAX or more waiting,
 * counting what pastes have still to feed)? When it drains below,
 * srv->dirty is set. */
int		 pane_input_full(const struct pane *);
/* Bytes of input waiting for the program. */
size_t		 pane_input_queued(const struct pane *);
/* pane-input.c: the queue's life, and its write event's callback. */
void		 pane_input_init(struct pane *);
void		 pane_input_clear(struct pane *);
void		 pane_input_free(struct pane *);
void		 pane_input_write_cb(int, short, void *);
/* The pty closed: stop watching it (PANE_EXITED). */
void		 pane_exited(struct pane *);
/* The user sent the pane input (a key, paste, mouse event): its answer is
 * an echo, sent at once, and other panes' floods yield to it. */
void		 pane_note_input(struct pane *);
/* Has any pane had input from the user in the last PANE_TYPING_NS? */
int		 pane_typing(uint64_t now);
/* A key for the pane's program, encoded for its modes (and with
 * extended-keys always, as modifyOtherKeys even if it did not ask). */
void		 pane_send_key(struct pane *, key_code);
/* The pane gained (in 1) or lost focus: its program hears of it when it
 * asked (?1004) and focus-events is on, as in tmux. */
void		 pane_send_focus(struct pane *, int in);
/* A child exited: record its status if it belongs to a pane. */
void		 pane_reaped(pid_t pid, int status);
/* p's program is gone (PANE_EXITED) and remain-on-exit keeps it: mark it
 * PANE_DEAD once its status is collected (or after the grace). */
void		 pane_keep_dead(struct pane *p);
/* pane-pipe.c: pipe-pane. Run cmd (sh -c, in the pane's directory, with
 * environment env) joined to the pane: out copies the pane's output to
 * the command's standard input, in sends its standard output to the pane.
 * Any pipe the pane had is closed first. Returns -1 with *cause. */
int		 pane_pipe_open(struct pane *, const char *cmd, int in,
		     int out, char **env, char **cause);
/* Output the pane's program wrote: copy it to the pipe, if one wants it. */
void		 pane_pipe_output(struct pane *, const char *buf, size_t len);
void		 pane_pipe_close(struct pane *);
/* The live upgrade (pane-pipe.c has the record): the pipe's socket (-1:
 * none), the pipe written to pb, and read back into a restored pane (dry:
 * only checked; a socket lost in the exec leaves no pipe). pane_pipe_load
 * returns -1 when the record does not hold together; pane_pipe_start
 * then starts reading and writing it, as the pane's terminal starts. */
struct pbuf;
int		 pane_pipe_fd(const struct pane *);
void		 pane_pipe_save(const struct pane *, struct pbuf *);
int		 pane_pipe_load(struct pane *, struct preader *, int dry);
void		 pane_pipe_start(struct pane *);
/* Name of the program running in the pane (for automatic-rename and
 * #{pane_current_command}); heap string. */
char		*pane_current_command(const struct pane *);

#endif
