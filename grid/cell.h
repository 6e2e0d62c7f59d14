/*
 * cell: one character cell, the unit the grid stores, the server composes
 * and the client mirrors. Small and fixed (16 bytes); a character of several
 * code points is an interned id (see common/utf8.h), so cells compare with
 * cell_equal (their two words).
 *
 * Colours are 32 bits: the top byte says what the low 24 bits are.
 */
#ifndef MUX_CELL_H
#define MUX_CELL_H

#include <stdint.h>
#include <string.h>

#include "common/colour.h"

#define COLOUR_DEFAULT		0u
#define COLOUR_TYPE_INDEX	1u
#define COLOUR_TYPE_RGB		2u
#define COLOUR_INDEX(i)		((COLOUR_TYPE_INDEX << 24) | ((uint32_t)(i) & 0xff))
#define COLOUR_RGB(r, g, b)	((COLOUR_TYPE_RGB << 24) | \
	(((uint32_t)(r) & 0xff) << 16) | (((uint32_t)(g) & 0xff) << 8) | \
	((uint32_t)(b) & 0xff))
#define COLOUR_TYPE(c)		((c) >> 24)
#define COLOUR_R(c)		(((c) >> 16) & 0xff)
#define COLOUR_G(c)		(((c) >> 8) & 0xff)
#define COLOUR_B(c)		((c) & 0xff)

#define ATTR_BOLD		0x0001
#define ATTR_DIM		0x0002
#define ATTR_ITALIC		0x0004
#define ATTR_UNDERLINE		0x0008	/* single */
#define ATTR_UNDERLINE2		0x0010	/* double */
#define ATTR_UNDERCURL		0x0020
#define ATTR_BLINK		0x0040
#define ATTR_REVERSE		0x0080
#define ATTR_INVISIBLE		0x0100
#define ATTR_STRIKE		0x0200
#define ATTR_OVERLINE		0x0400
#define ATTR_ANY_UNDERLINE	(ATTR_UNDERLINE|ATTR_UNDERLINE2|ATTR_UNDERCURL)

#define CELL_WIDE_RIGHT		0	/* width of the right half of a wide char */

#define ATTR_ALL		0x07ff	/* every bit attr holds */

/*
 * The last word holds four fields: the attributes (11 bits), the width,
 * the underline colour id and the hyperlink id (11 bits: 0 none, else an
 * id of common/link.h's table, CELL_LINK_MAX at most).
 */
struct cell {
	uint32_t	ch;	/* code point or interned id; ' ' when blank */
	uint32_t	fg;
	uint32_t	bg;
	uint32_t	attr:11;
	uint32_t	width:2; /* 1, 2, or 0 for the right half of a 2-wide
				  * char */
	uint32_t	flags:8; /* the underline colour (SGR 58): 0 the
				  * text's, else an id of cell_ul_intern */
	uint32_t	link:11; /* hyperlink (OSC 8): 0 none, else an id of
				  * link_intern */
};
_Static_assert(sizeof(struct cell) == 16, "struct cell must stay 16 bytes");

/* The blank cell: a space with default colours and no attributes. */
#define CELL_BLANK	((struct cell){ ' ', COLOUR_DEFAULT, COLOUR_DEFAULT, 0, 1, 0, 0 })

/* Every bit of a cell is a field (the last word's four fill its 32), so
 * two cells are equal when their two words are: one test, not seven. */
static inline int
cell_equal(const struct cell *a, const struct cell *b)
{
	uint64_t	wa[2], wb[2];

	_Static_assert(11 + 2 + 8 + 11 == 32, "the last word has no padding");
	memcpy(wa, a, sizeof wa);
	memcpy(wb, b, sizeof wb);
	return (((wa[0] ^ wb[0]) | (wa[1] ^ wb[1])) == 0);
}

/* Same colours, attributes and link (the "pen"), ignoring the
 * character. */
static inline int
cell_same_style(const struct cell *a, const struct cell *b)
{
	return (a->fg == b->fg && a->bg == b->bg && a->attr == b->attr &&
	    a->flags == b->flags && a->link == b->link);
}

/*
 * Underline colours are rare, so a cell keeps a one-byte id of one: a
 * process-wide table of at most CELL_UL_MAX colours, never emptied
 * (common/colour.c, so that whatever draws cells, the terminal code
 * included, can look them up). Once it is full a new colour is not kept
 * (id 0: the text's).
 */
#define CELL_UL_MAX	COLOUR_UL_MAX
/* The id of underline colour c (COLOUR_*; COLOUR_DEFAULT is 0). */
static inline uint8_t
cell_ul_intern(uint32_t c)
{
	return (colour_ul_intern(c));
}
/* The colour of id (COLOUR_DEFAULT for 0). */
static inline uint32_t
cell_ul_colour(uint8_t id)
{
	return (colour_ul_get(id));
}

#endif
