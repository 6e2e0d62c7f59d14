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

struct pane;

/* Put p into clock mode (ending any other pane mode). */
void	clock_enter(struct pane *);

#endif
