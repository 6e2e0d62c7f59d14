/*
 * sgr: a cell's style (colours and attributes) as an ECMA-48 SGR escape
 * sequence, for text that leaves mux with its styles (capture-pane -e).
 * Plain ANSI, no terminfo: the host terminal's own language is the
 * client's business (client/tty-draw.c).
 */
#ifndef MUX_SGR_H
#define MUX_SGR_H

#include <stddef.h>

#include "common/link.h"
#include "grid/cell.h"

/* Longest sequence sgr_change writes. */
#define SGR_MAX	128

/* Write to buf (SGR_MAX bytes at least) the one SGR sequence that takes a
 * terminal whose pen has the style of from to the style of to (characters
 * are ignored). Returns its length: 0 when the styles are the same. Going
 * to the default style is "\033[0m". */
size_t	sgr_change(char *buf, const struct cell *from, const struct cell *to);
/* The same change as tmux 3.3a's capture-pane -e writes it, a sequence
 * for each part: the attributes (led by 0 when one goes away), then the
 * foreground and the background (both, after a 0), then the underline
 * colour. Also at most SGR_MAX bytes. */
size_t	sgr_change_parts(char *buf, const struct cell *from,
	    const struct cell *to);

/* Longest sequence sgr_link writes. */
#define SGR_LINK_MAX	(LINK_URI_MAX + LINK_PARAM_MAX + 16)
/* Write to buf (SGR_LINK_MAX bytes at least) the OSC 8 sequence that
 * takes a terminal from the hyperlink of from to that of to: ESC ] 8 ;
 * [id=ID] ; URI ESC \\, or ESC ] 8 ; ; ESC \\ for none. Returns its length:
 * 0 when the links are the same. The styles of sgr_change ignore links. */
size_t	sgr_link(char *buf, const struct cell *from, const struct cell *to);

#endif
