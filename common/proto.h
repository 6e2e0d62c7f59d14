/*
 * proto: the client-server wire protocol, version PROTO_VERSION.
 *
 * Every message is an 8-byte header, type and payload length as 32-bit
 * little-endian integers, then the payload. The header layout never changes
 * between versions, and the first field of MSG_IDENTIFY is the client's
 * protocol version, so a mismatch always gets a readable answer. Payloads
 * are built and read with the pbuf writer and preader below: integers are
 * little-endian, a string is a u32 length then its bytes (no NUL).
 *
 * Client to server:
 *   MSG_IDENTIFY  u32 version, u32 flags (IDENTIFY_*), u16 cols, u16 rows,
 *                 str term, str colorterm, str cwd, str tty (its name),
 *                 u32 n, n x str environ
 *   MSG_COMMAND   u32 argc, argc x str
 *   MSG_KEY       u32 key_code
 *   MSG_PASTE     bytes (the whole payload)
 *   MSG_MOUSE     u16 x, u16 y, u8 button, u8 pressed, u8 motion, u32 mods
 *   MSG_FOCUS     u8 in
 *   MSG_RESIZE    u16 cols, u16 rows
 *   MSG_STDIN     bytes of the client's standard input; empty: its end
 *   MSG_HOST_COLOUR u8 which (10 default foreground, 11 background),
 *                 u16 red, u16 green, u16 blue: the host terminal's answer
 *                 to an OSC 10/11 query (sent only when it answers)
 *   MSG_TTY       (empty) carries the client's terminal fd (SCM_RIGHTS),
 *                 after MSG_IDENTIFY: the server may read and draw the
 *                 terminal itself if the client attaches
 *   MSG_EXITING   (empty) the client is ending (a signal): the server
 *                 restores its terminal and answers with MSG_EXIT
 *   MSG_UNLOCK    (empty) the lock command or the suspension that
 *                 MSG_LOCK or MSG_SUSPEND asked for is over; a client whose
 *                 terminal the server had passes it again (MSG_TTY) first
 *   MSG_CONTROL   bytes of a control client's (-C) standard input: command
 *                 lines; empty: its end
 * Server to client:
 *   MSG_OUTPUT    bytes for the client's stdout
 *   MSG_ERROR     bytes for the client's stderr
 *   MSG_ATTACHED  u32 escape-time (ms), u8 flags (ATTACHED_*): the client
 *                 now shows a session. With ATTACHED_TTY the server has
 *                 taken the terminal (raw mode, input, drawing) and sends
 *                 no frames, bells, titles, clipboard or modes; without
 *                 it the client puts its terminal in terminal mode, sends
 *                 what it types and draws the frames
 *   MSG_FRAME     see below
 *   MSG_BELL      (empty)
 *   MSG_TITLE     str
 *   MSG_CLIPBOARD str selection, str base64
 *   MSG_MODES     u32 HOST_MODE_* the host terminal should have on
 *   MSG_TERMINAL  u32 n, n x str terminal-features, u32 m, m x str
 *                 terminal-overrides: a client that draws applies them to
 *                 its terminal as the server applies them to one it draws
 *   MSG_PASSTHROUGH bytes to the end of the payload, for the terminal as
 *                 they are (a pane's DCS tmux; with allow-passthrough)
 *   MSG_READ_STDIN (empty) send standard input as MSG_STDIN
 *   MSG_LOCK      str command: the server has given the terminal back
 *                 (or the client restores it, if it draws); run the
 *                 command in it (lock-command), then send MSG_UNLOCK
 *   MSG_SUSPEND   (empty) the same, stopping the client (SIGTSTP) until
 *                 it is continued
 *   MSG_CONTROL_WAIT (empty) before MSG_EXIT to a control client with
 *                 wait-exit: after %exit it waits for an empty line (or
 *                 the end of its input) before it exits
 *   MSG_UPGRADE   str target: the server is replaced by a new one (mux
 *                 server-upgrade) and this connection ends. The terminal
 *                 is not restored: the client puts back its terminal's
 *                 settings, connects again (the socket stays open through
 *                 the exec, so it waits in the backlog), identifies, passes
 *                 its terminal again and runs attach-session -t target
 *   MSG_EXIT      i32 status, str message (printed on its own line after
 *                 the terminal is restored; may be empty), u8 flags
 *                 (EXIT_KILL_PARENT: then send SIGHUP to the client's
 *                 parent, as detach-client -P; EXIT_CONTROL_JSON: a
 *                 control client writes %exit as a JSON line), str command
 *                 and str shell
 *                 (command not empty: then exec shell -c command, as
 *                 detach-client -E). A server that
 *                 took the terminal has restored it (as far as the
 *                 terminal would take it) before sending this.
 *
 * A version mismatch: a server that gets MSG_IDENTIFY from a client of a
 * newer version (of its own user) answers MSG_VERSION (u32 its version,
 * u8 1: it can be upgraded) and waits (CLIENT_ASK_SEC) for that client's
 * MSG_UPGRADE_ASK (str the path of the client's binary): the server then
 * upgrades itself to it (server-upgrade -b path) and the client, told
 * MSG_EXIT 0, runs its command again against the new server. Everything
 * else such a client sends is ignored. An older client gets the error.
 *
 * MSG_FRAME: u8 flags (FRAME_*), u16 cols, u16 rows, u16 cx, u16 cy,
 * u8 cursor visible, u8 cursor shape (0 default, 1 block, 2 underline,
 * 3 bar, | 0x80 blinking), u32 cursor colour (a cell colour; 0 the
 * terminal's), with FRAME_SCROLL u16 top, u16 bottom, u16 n
 * (rows [top, bottom) move up n rows, the n at the bottom blank, or with
 * FRAME_SCROLL_DOWN down n rows, the n at the top blank, before the runs
 * apply: scroll damage), then runs to the end of the payload:
 * u16 y, u16 x, u16 n, then n cells, each u32 fg, u32 bg, u16 attr,
 * u8 width, u8 len, len bytes of UTF-8 text, u8 ext (CELL_EXT_*) and
 * what it says follows: u32 underline colour; u16 hyperlink id (the
 * server's: it names one link only within the frame); u16 URI length,
 * the URI (1 to LINK_URI_MAX bytes), u8 id= length, the id (at most
 * LINK_PARAM_MAX), which the first cell of a frame with a link has, so
 * the client learns what the id means. A FRAME_FULL frame first
 * blanks the whole screen at the new size; a FRAME_REDRAW frame has every
 * cell, and the client repaints its terminal whole (refresh-client).
 */
#ifndef MUX_PROTO_H
#define MUX_PROTO_H

#include <stddef.h>
#include <stdint.h>

#define PROTO_VERSION		7
#define PROTO_HEADER_SIZE	8
/* Largest payload either side accepts; a frame for a 1000x1000 screen of
 * ASCII cells fits. */
#define PROTO_MAX_PAYLOAD	(16u * 1024 * 1024)

enum msg_type {
	MSG_IDENTIFY = 1,
	MSG_COMMAND,
	MSG_KEY,
	MSG_PASTE,
	MSG_MOUSE,
	MSG_FOCUS,
	MSG_RESIZE,
	MSG_STDIN,
	MSG_HOST_COLOUR,
	MSG_TTY,
	MSG_EXITING,
	MSG_UNLOCK,
	MSG_CONTROL,

	MSG_OUTPUT = 100,
	MSG_ERROR,
	MSG_ATTACHED,
	MSG_FRAME,
	MSG_BELL,
	MSG_TITLE,
	MSG_CLIPBOARD,
	MSG_MODES,
	MSG_EXIT,
	MSG_READ_STDIN,
	MSG_LOCK,
	MSG_SUSPEND,
	MSG_CONTROL_WAIT,
	MSG_PASSTHROUGH,
	MSG_UPGRADE,
	MSG_TERMINAL,

	/* Never renumbered, whatever the version: they are what a client
	 * and a server of different versions say to each other. */
	MSG_VERSION = 200,
	MSG_UPGRADE_ASK = 201,
};

#define IDENTIFY_TERMINAL	0x1	/* stdin is a terminal */
#define IDENTIFY_CONTROL	0x2	/* control mode (-C): commands in as
					   MSG_CONTROL, protocol out as
					   MSG_OUTPUT */
#define IDENTIFY_CONTROL_CC	0x4	/* -CC */

#define ATTACHED_TTY		0x1	/* the server has the terminal */

#define EXIT_KILL_PARENT	0x1	/* SIGHUP to the client's parent */
#define EXIT_CONTROL_JSON	0x2	/* a control client's %exit as a JSON
					   line (refresh-client -f json) */

#define FRAME_FULL		0x1
#define FRAME_SCROLL		0x2	/* scroll damage follows the header */
#define FRAME_REDRAW		0x4	/* repaint the terminal (refresh-client):
					   what it shows may be lost */
#define FRAME_SCROLL_DOWN	0x8	/* with FRAME_SCROLL: the rows move
					   down, not up */
#define FRAME_CURSOR_BLINK	0x80	/* in cursor_shape: blinking */

#define HOST_MODE_MOUSE		0x1
#define HOST_MODE_RGB		0x2	/* 24-bit colour, whatever terminfo says */
#define HOST_MODE_EXTKEYS	0x4	/* ask for modifyOtherKeys */

_Static_assert(PROTO_HEADER_SIZE == 2 * sizeof(uint32_t), "header is 8 bytes");

/* A growable byte buffer that messages are written into. */
struct pbuf {
	uint8_t	*data;
	size_t	 len;
	size_t	 size;
};

/* The protocol version this process speaks: PROTO_VERSION, or for the
 * tests the number in $MUX_TEST_PROTO_VERSION, read once (a server reads
 * it at its start and takes it out of its environment, so what it starts,
 * an upgraded server included, speaks its own). */
uint32_t proto_version(void);

void	pbuf_init(struct pbuf *);
void	pbuf_free(struct pbuf *);
void	pbuf_reset(struct pbuf *);
/* Reserve n bytes at the end; returns a pointer to them (len grows). */
uint8_t	*pbuf_add(struct pbuf *, size_t n);
void	pw_u8(struct pbuf *, uint8_t);
void	pw_u16(struct pbuf *, uint16_t);
void	pw_u32(struct pbuf *, uint32_t);
void	pw_bytes(struct pbuf *, const void *, size_t);
/* A string: u32 length then the bytes. */
void	pw_str(struct pbuf *, const char *);
void	pw_strn(struct pbuf *, const char *, size_t);
/* Start a message: writes a header whose length pw_end fills in. */
size_t	pw_begin(struct pbuf *, uint32_t type);
void	pw_end(struct pbuf *, size_t start);

/* A bounded reader over a received payload. Any read past the end sets
 * error and returns zeros/NULL; check error once at the end. */
struct preader {
	const uint8_t	*p;
	size_t		 left;
	int		 error;
};

void		 pr_init(struct preader *, const void *, size_t);
uint8_t		 pr_u8(struct preader *);
uint16_t	 pr_u16(struct preader *);
uint32_t	 pr_u32(struct preader *);
/* Point at n bytes inside the payload (not copied, not NUL-terminated). */
const void	*pr_bytes(struct preader *, size_t n);
/* A string copied to the heap with a NUL (caller frees); NULL on error or
 * if it holds a NUL byte. */
char		*pr_str(struct preader *);
/* Is the reader exactly at the end without error? */
int		 pr_done(const struct preader *);

/* Encode a header (PROTO_HEADER_SIZE bytes) into buf. */
void		 proto_write_header(uint8_t *buf, uint32_t type, uint32_t len);
/* Decode a header; returns 0 and fills type/len, or -1 when len is over
 * PROTO_MAX_PAYLOAD. buf holds PROTO_HEADER_SIZE bytes. */
int		 proto_header(const uint8_t *buf, uint32_t *type, uint32_t *len);
const char	*proto_type_name(uint32_t type);

/* MSG_IDENTIFY, both ways. */
struct msg_identify {
	uint32_t	  version;
	uint32_t	  flags;
	uint16_t	  cols, rows;
	char		 *term;
	char		 *colorterm;
	char		 *cwd;
	char		 *tty;
	char		**environ;
	uint32_t	  nenviron;
};
void	proto_write_identify(struct pbuf *, const struct msg_identify *);
/* Returns 0, or -1 with *cause set (static string) and nothing to free. */
int	proto_read_identify(struct preader *, struct msg_identify *,
	    const char **cause);
void	proto_free_identify(struct msg_identify *);

/* MSG_KEY, MSG_FOCUS and MSG_MOUSE, both ways: each writes a whole
 * message; each read takes a whole payload and returns 0, or -1 when it
 * is malformed (short or with bytes left over). */
struct msg_mouse {
	uint16_t	x, y;
	uint8_t		button;
	uint8_t		pressed;
	uint8_t		motion;
	uint32_t	mods;
};
void	proto_write_key(struct pbuf *, uint32_t key);
int	proto_read_key(struct preader *, uint32_t *key);
void	proto_write_focus(struct pbuf *, int in);
int	proto_read_focus(struct preader *, int *in);
void	proto_write_mouse(struct pbuf *, const struct msg_mouse *);
int	proto_read_mouse(struct preader *, struct msg_mouse *);

/* MSG_FRAME, both ways. Written as proto_write_frame (the header; returns
 * the message's start), then for each run proto_write_frame_run and its n
 * cells with proto_write_frame_cell, then pw_end(pb, start). Read with
 * proto_read_frame, then proto_read_frame_run until it returns 0, and the
 * run's cells with proto_read_frame_cell. A run always lies inside the
 * frame's cols x rows and a cell's width is 0 (the right half of a wide
 * character), 1 or 2, or the read fails. */
struct msg_frame {
	uint8_t		flags;		/* FRAME_* */
	uint16_t	cols, rows;
	uint16_t	cx, cy;		/* cursor */
	uint8_t		cursor_visible;
	uint8_t		cursor_shape;
	uint32_t	cursor_colour;	/* COLOUR_*: 0 the terminal's */
	uint16_t	scroll_top;	/* with FRAME_SCROLL */
	uint16_t	scroll_bottom;
	uint16_t	scroll_n;
};
struct msg_frame_run {
	uint16_t	y, x, n;
};
struct msg_cell {
	uint32_t	fg, bg;
	uint16_t	attr;
	uint8_t		width;
	uint8_t		len;		/* bytes of text */
	const char	*text;		/* UTF-8, not NUL-terminated; read:
					   points into the payload */
	uint32_t	us;		/* underline colour, 0 the text's */
	uint16_t	link;		/* the sender's hyperlink id, 0 none */
	/* The link's URI and id= parameter, when this cell defines it
	 * (urilen not 0): the first cell of a frame with that link does.
	 * Not NUL-terminated; read: point into the payload. */
	const char	*uri;
	uint16_t	urilen;
	const char	*param;
	uint8_t		paramlen;
};
#define CELL_EXT_US		0x1	/* u32 underline colour follows */
#define CELL_EXT_LINK		0x2	/* u16 link id follows */
#define CELL_EXT_LINKDEF	0x4	/* then u16 n, URI, u8 n, param */
size_t	proto_write_frame(struct pbuf *, const struct msg_frame *);
void	proto_write_frame_run(struct pbuf *, const struct msg_frame_run *);
void	proto_write_frame_cell(struct pbuf *, const struct msg_cell *);
/* Returns 0, or -1 with *cause set (static string). */
int	proto_read_frame(struct preader *, struct msg_frame *,
	    const char **cause);
/* Returns 1 with the next run, 0 at the end of the frame, -1 (and *cause)
 * for a malformed one. */
int	proto_read_frame_run(struct preader *, const struct msg_frame *,
	    struct msg_frame_run *, const char **cause);
int	proto_read_frame_cell(struct preader *, struct msg_cell *,
	    const char **cause);

/* MSG_COMMAND. */
void	proto_write_command(struct pbuf *, int argc, char *const *argv);
/* Returns a NULL-terminated heap argv (free with proto_free_argv), or NULL
 * on a malformed payload. */
char	**proto_read_command(struct preader *, int *argc);
void	proto_free_argv(char **);

#endif
