/*
 * clock: clock mode, tmux 3.3a's big clock in a pane. The time (24 or 12
 * hour, by clock-mode-style) is drawn in glyphs five cells square made of
 * blanks in clock-mode-colour, centred in the pane; a pane too small for
 * them (narrower than six columns a character, or shorter than six rows)
 * shows the time as text in that colour instead. The clock follows the
 * minute (checked each second) and any key leaves it.
 */
#ifndef MUX_CLOCK_H
#define MUX_CLOCK_H

#include <stdint.h>

struct pane;

/* Put p into clock mode (ending any other pane mode). */
void	clock_enter(struct pane *);
/* Row (0-4) of the big digit d (0-9), as display-panes draws it too: a
 * bit mask with the leftmost of its five cells in bit 4. */
uint8_t	clock_digit_row(unsigned int d, unsigned int row);

#endif
