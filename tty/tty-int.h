/*
 * tty-int: what tty.c (the terminal: capabilities, modes, small outputs)
 * and tty-draw.c (frames: the shadow, pens, colours, cursor movement)
 * share. Private to tty/tty*.c; everyone else uses tty/tty.h.
 */
#ifndef MUX_TTY_INT_H
#define MUX_TTY_INT_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <termios.h>

#include <curses.h>
#include <term.h>
/* term.h names every capability as a macro; this one is a field of
 * struct tty_screen. */
#undef cursor_visible

#include "tty/tty.h"
#include "grid/cell.h"

#define TTY_UNKNOWN	UINT_MAX	/* cursor position not known */

/* The look of a cell as the host is told: colours already mapped to what
 * the host has, attributes including any bold used for bright colours. */
struct tty_pen {
	uint32_t	fg;
	uint32_t	bg;
	uint16_t	attr;
	uint16_t	link;	/* hyperlink id (common/link.h), 0 none */
	uint32_t	us;	/* underline colour (a cell colour), 0 the
				   text's */
};

/* A capability string, padding stripped; NULL when absent. */
struct tty_cap {
	char	*s;
	size_t	 len;
};

/* The capabilities tty uses, indexes into struct tty's caps. */
enum tty_capname {
	TTYC_CUP, TTYC_CR, TTYC_CUF, TTYC_CUF1, TTYC_CUB, TTYC_CUB1, TTYC_CUD1,
	TTYC_CLEAR, TTYC_ED, TTYC_EL, TTYC_ICH, TTYC_ICH1, TTYC_SMIR,
	TTYC_RMIR, TTYC_SGR0, TTYC_BOLD, TTYC_DIM, TTYC_SITM, TTYC_SMUL,
	TTYC_SMULX, TTYC_BLINK, TTYC_REV, TTYC_INVIS, TTYC_SMXX, TTYC_SMOL,
	TTYC_SETAF, TTYC_SETAB, TTYC_OP, TTYC_SETRGBF, TTYC_SETRGBB,
	TTYC_CIVIS, TTYC_CNORM, TTYC_SS, TTYC_SE, TTYC_SMCUP, TTYC_RMCUP,
	TTYC_SMKX, TTYC_RMKX, TTYC_TSL, TTYC_FSL, TTYC_MS, TTYC_BEL,
	TTYC_HLS,
	TTYC_CSR, TTYC_IND, TTYC_INDN, TTYC_SYNC, TTYC_CS, TTYC_CRC,
	TTYC_SETULC, TTYC_OL, TTYC_RI, TTYC_RIN, TTYC_IL, TTYC_IL1, TTYC_DL,
	TTYC_DL1,
	TTYC_COUNT
};

/* A cached setaf/setab result. */
struct tty_colstr {
	char	*s;
	size_t	 len;
};

/* One host terminal: capabilities, modes, shadow screen, frame buffer. */
struct tty {
	int			 fd;
	char			*termname;
	TERMINAL		*term;

	struct tty_cap		 caps[TTYC_COUNT];
	int			 am;	/* automatic margins */
	int			 xenl;	/* wrap waits for next char */
	int			 hs;	/* has a status line */
	int			 colours;
	int			 rgb;	/* takes 24-bit colour */
	int			 rgb_found; /* ... as terminfo or COLORTERM say */
	int			 rgb_cap; /* terminfo (or an override): RGB, Tc */
	int			 colorterm_rgb; /* COLORTERM=truecolor|24bit */
	int			 ansi;	/* setaf is ECMA-48 SGR */
	int			 cup_ansi; /* formatted without tiparm */
	int			 cuf_ansi;
	int			 cub_ansi;
	int			 rgb_ansi;
	int			 title_osc; /* OSC 2 for titles */
	int			 vt100like; /* clear is a CSI: may be asked */
	uint32_t		 features;  /* TTY_FEAT_* applied */
	uint32_t		 detected;  /* TTY_FEAT_* the terminal proved */
	char			*termtype;  /* its XTVERSION answer, or NULL */
	unsigned int		 da2[3];    /* its DA2 answer, if da2_known */
	int			 da2_known;
	int			 kitty_keys; /* kitty keyboard flags pushed */
	struct tty_colstr	 fgstr[256];
	struct tty_colstr	 bgstr[256];

	struct termios		 saved;
	int			 started;
	int			 mouse;
	int			 extkeys;	/* modifyOtherKeys asked for */
	char			 stop[512]; /* what tty_stop writes */
	size_t			 stoplen;

	/* The host screen as drawn. */
	struct cell		*shadow;
	unsigned int		 cols;
	unsigned int		 rows;
	uint8_t			*need;	/* per column of a row */
	int			 invalid; /* clear and repaint next */

	/* The host cursor (TTY_UNKNOWN when not known) and pen. */
	unsigned int		 cx;
	unsigned int		 cy;
	struct tty_pen		 pen;
	int			 pen_known;
	uint64_t		 link_gen;	/* link_generation drawn at */
	int			 cursor_visible; /* -1 unknown */
	int			 cursor_shape;
	uint32_t		 cursor_colour;	/* COLOUR_*, as drawn */

	char			*out;	/* the frame being built */
	size_t			 outlen;
	size_t			 outsize;
	uint64_t		 flushed;	/* bytes of output ever sent
						 * or kept for the terminal */

	/* Queued mode: what the terminal has not taken yet. */
	int			 queued;
	char			*pend;
	size_t			 pendoff;	/* written so far */
	size_t			 pendlen;
	size_t			 pendsize;
	int			 restore_due;	/* termios once pend is out */
	/* The capability items of features and overrides applied, in
	 * order, for tty_describe (tty-describe.c). */
	char			**applied;
	unsigned int		 napplied;

	uint64_t		 written;	/* bytes the terminal took */
	uint64_t		 discarded;	/* bytes kept and then dropped */
};

/* tty.c */
extern const char *const tty_capnames[TTYC_COUNT];
void	tty_caps_free(struct tty *);
void	tty_caps_read(struct tty *);
void	tty_cap_set(struct tty *, unsigned int, const char *);
/* Remove terminfo padding ("$<5>", "$<2*>"); a heap string. */
char	*tty_strip_padding(const char *);
void	tty_caps_derive(struct tty *);
void	tty_build_stop(struct tty *);
void	tty_putn(struct tty *, const char *, size_t);
void	tty_puts(struct tty *, const char *);
void	tty_putcap(struct tty *, enum tty_capname);
size_t	tty_param(char *, size_t, const char *, int, int, int);
void	tty_flush(struct tty *);
/* Append a DA1 query to the frame being built (tty_query_shown). */
int	tty_ask_shown(struct tty *);

/* tty-term.c: the TTY_FEAT bits of a comma-separated list of feature
 * names (unknown names are skipped). */
uint32_t tty_feature_bits(const char *);
/* Decode the escapes of an override's value (strunvis(3)); a heap
 * string. */
char	*tty_term_unvis(const char *);
/* Forget the items recorded as applied. */
void	tty_applied_free(struct tty *);

/* tty-draw.c */
void	tty_clear(struct tty *);

#endif
