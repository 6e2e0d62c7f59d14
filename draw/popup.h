/*
 * popup: an overlay (overlay.h) running a program in a pty of its own, as
 * tmux 3.3a's display-popup does. The program's output is parsed by a
 * terminal of the box's inside size (vt.h, the pane emulator) and drawn
 * inside the border; keys and the mouse inside the box go to it. Escape
 * closes the popup (killing the program) unless -E asked for it to close
 * when the program exits; once the program has exited, Escape closes it
 * in any case. A drag on the border (or anywhere with Meta) with the
 * left button moves the box, with the right button resizes it.
 *
 * The popup closes with the program's exit status (its signal number
 * when killed), 0 when closed before it exited.
 */
#ifndef MUX_POPUP_H
#define MUX_POPUP_H

#include <sys/types.h>

#include "draw/overlay.h"

struct client;
struct session;

#define POPUP_CLOSEEXIT		0x1	/* -E: close when the program exits */
#define POPUP_CLOSEEXITZERO	0x2	/* -EE: ... and it exited with 0 */
#define POPUP_INTERNAL		0x4	/* mux's own (the editor): closed
					   before its program exits, its
					   status is 128 + SIGHUP */

struct popup_spec {
	int			 flags;
	unsigned int		 px, py, sx, sy;
	enum overlay_lines	 lines;
	const char		*title;
	const char		*style;		/* -s, or NULL */
	const char		*border_style;	/* -S, or NULL */
	int			 argc;		/* 0: the shell alone */
	char			**argv;		/* 1: a shell command */
	const char		*cwd;
	char *const		*env;		/* -e NAME=VALUE, or NULL */
	int			 nenv;
	struct session		*session;	/* whose options and
						   environment */
	void			(*done)(void *, int status);
	void			*done_arg;
};

/* Open a popup on c as spec says. Returns -1 with *cause when its program
 * cannot start (c has an overlay already: -1 with *cause NULL). */
int	popup_open(struct client *c, const struct popup_spec *,
	    char **cause);
/* Edit len bytes of buf with the editor option's command, in a popup on
 * c (as tmux 3.3a's popup_editor: nine tenths of c's size, centred): the
 * bytes go to a temporary file, "EDITOR FILE" runs in the popup, and
 * when it exits with 0 cb gets what the file then holds (a heap buffer
 * cb owns), else (or for an empty file) NULL. Returns -1, and cb never
 * runs, when the editor cannot start (no editor, c has an overlay, the
 * file cannot be written). */
int	popup_editor(struct client *c, const char *buf, size_t len,
	    void (*cb)(char *buf, size_t len, void *arg), void *arg);
/* A child exited: if it is a popup's program, record it. Returns 1 if
 * it was. */
int	popup_reaped(pid_t, int status);

/* The live upgrade (popup.c has the record): does c show a popup, the
 * pty of c's popup (-1: none), the popup written to pb (a record saying none when c shows
 * none), and read back onto adopted client c with the pty that came
 * through the exec (dry, or c NULL: only checked). popup_load returns -1
 * with *cause (heap string) when the record does not hold together. */
struct pbuf;
struct preader;
int	popup_shown(const struct client *);
int	popup_fd(const struct client *);
void	popup_save(const struct client *, struct pbuf *, uint32_t version);
int	popup_load(struct client *, struct preader *, uint32_t version,
	    int dry, char **cause);

#endif
