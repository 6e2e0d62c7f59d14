/*
 * input: decode the bytes a host terminal sends into key, paste, mouse and
 * focus events. Knows the terminal's key strings from terminfo (setupterm
 * must have been called; with no terminfo it still knows the common xterm
 * forms: CSI and SS3 cursor/function keys with modifiers "CSI 1;5A",
 * "CSI 15;2~", SGR mouse "CSI < b;x;y M/m", X10 mouse "CSI M bxy", focus
 * "CSI I"/"CSI O", bracketed paste "CSI 200~ ... CSI 201~", the kitty
 * keyboard protocol's "CSI code ; mods u", UTF-8 text, and ESC followed
 * by a key as Meta). The terminal's answers to queries (OSC 10/11
 * colours, XTVERSION, DA2) are reported as such, never as keys.
 *
 * A lone ESC is ambiguous: input_parse keeps it back and reports that a
 * timer is wanted; the caller calls input_flush after escape-time if no more
 * bytes arrived. No other key waits.
 */
#ifndef MUX_INPUT_H
#define MUX_INPUT_H

#include <stddef.h>

#include "common/colour.h"
#include "common/key.h"

enum input_type {
	INPUT_KEY,
	INPUT_PASTE,		/* data/len: the pasted bytes, unwrapped */
	INPUT_MOUSE,
	INPUT_FOCUS,		/* focus: 1 in, 0 out */
	INPUT_COLOUR,		/* which, rgb: an OSC 10/11 reply */
	INPUT_XTVERSION,	/* data/len: the name in an XTVERSION reply,
				 * "DCS > | name ST" */
	INPUT_DA2,		/* da2[3]: a secondary device attributes
				 * reply, "CSI > type ; version ; rom c" */
	INPUT_DA1,		/* a primary device attributes reply,
				 * "CSI ? ... c": the terminal has shown
				 * everything written before the query */
	INPUT_CLIPBOARD,	/* data/len: the base64 text of an OSC 52
				 * reply, "OSC 52 ; sel ; base64 ST" */
};

struct input_event {
	enum input_type	 type;
	key_code	 key;		/* INPUT_KEY */
	const char	*data;		/* INPUT_PASTE, _XTVERSION, _CLIPBOARD */
	size_t		 len;
	/* INPUT_MOUSE: 0-based cell coordinates; button 0-2, 3 release,
	 * 4/5 wheel; pressed; motion; mods (KEYC_SHIFT|META|CTRL). */
	unsigned int	 x, y;
	int		 button, pressed, motion;
	key_code	 mods;
	int		 focus;		/* INPUT_FOCUS */
	int		 which;		/* INPUT_COLOUR: 10 fg, 11 bg */
	struct colour_rgb16 rgb;
	unsigned int	 da2[3];	/* INPUT_DA2: missing ones are 0 */
};

/* The event and what data points to are valid only during the callback. */
typedef void (*input_emit_cb)(const struct input_event *, void *arg);

struct input;

/* Create a decoder; reads the key strings of the current terminfo entry
 * (the tty last opened, or made current with tty_use), if any. */
struct input	*input_create(void);
void		 input_free(struct input *);
/* The user-keys: seqs[i] (an escape sequence) is key User<idx[i]>;
 * replaces those given before. A sequence that does not start with ESC,
 * or an index past KEYC_NUSER, is left out. */
void		 input_set_user_keys(struct input *, const char *const *seqs,
		     const unsigned int *idx, unsigned int n);
/* Feed bytes; emits every complete event in order. Returns 1 when bytes are
 * held back that only a timeout can resolve (a lone ESC or an unfinished
 * sequence), 0 otherwise. */
int		 input_parse(struct input *, const char *buf, size_t len,
		     input_emit_cb, void *arg);
/* The live upgrade: what the decoder holds (bytes not yet decoded, a
 * bracketed paste not yet ended) written to pb, and read back into a new
 * decoder (then input_parse with no bytes decodes on from it). input_load
 * returns -1 when the record does not hold together (with in NULL it only
 * checks it). */
struct pbuf;
struct preader;
void		 input_save(const struct input *, struct pbuf *);
int		 input_load(struct input *, struct preader *);
/* The escape timer fired: emit what is held back as keys. */
void		 input_flush(struct input *, input_emit_cb, void *arg);
/* Replies to queries may be on their way (on), or no longer (off): while
 * on, an unfinished OSC string ("ESC ] 1 1 ; ...") or a lone ESC is held,
 * even by input_flush, rather than taken as keys. A complete OSC string is never
 * taken as keys. After turning it off, call input_parse with no bytes to
 * decode what was held. */
void		 input_expect_replies(struct input *, int on);
/* DA1 answers are (not) expected: hold an unfinished "ESC [ ?" (which no
 * key begins with) past escape-time, so an answer split by the network is
 * not taken for keys; a lone ESC still becomes Escape at escape-time. */
void		 input_expect_da1(struct input *, int on);
/* Stop (on) decoding after the event being emitted, from inside the
 * callback: what is not yet decoded stays (the rest of a paste included)
 * until it is turned off again and input_parse is called with no bytes.
 * For a consumer that cannot take more for now (a pane whose input is
 * full): bytes read with the event that filled it are kept, not lost. */
void		 input_stop(struct input *, int on);

#endif
