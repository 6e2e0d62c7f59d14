/*
 * Pacing a terminal's frames by what it has shown. After a frame the
 * server asks DA1 (CSI c), which a terminal answers in order: each answer
 * says everything written before its question has been shown. A slow link
 * (ssh over a slow line) shows output later than it is written, and a
 * key's echo waits behind whatever is still on its way; so frames are
 * held while more than TTY_PACE_UNSHOWN_MAX bytes are unshown, and while
 * the user types, a frame waits for the last one to be shown and then
 * for a rest of TTY_PACE_REST times as long as the link takes to carry
 * one, so that the link is mostly idle and an echo finds it free. The
 * times come from the answers: the quickest answer to a question asked
 * with nothing else unanswered is the round trip, and what an answer
 * takes beyond it is the link carrying the frame. What one frame took
 * swings with what the link held before it (a link with a buffer takes
 * a frame in a burst, and the next one pays for it), so the rest goes by
 * the longest a frame took lately: each answer's, or the longest before
 * it fading to nothing over TTY_PACE_FORGET_NS, whichever is longer. A
 * terminal that has not yet answered is never held; a fast one (frames
 * carried in under TTY_PACE_REST_MIN_NS) gets no rest.
 *
 * Plain arithmetic on times and byte counts (the caller's tty_flushed and
 * a monotonic clock), so that it can be tested alone.
 */
#ifndef MUX_TTY_PACE_H
#define MUX_TTY_PACE_H

#include <stdint.h>

#define TTY_PACE_ASKS		8
#define TTY_PACE_UNSHOWN_MAX	1024
#define TTY_PACE_REST		3
#define TTY_PACE_REST_MIN_NS	(1000ULL * 1000ULL)
#define TTY_PACE_FORGET_NS	(2000ULL * 1000ULL * 1000ULL)
/* tty_pace_hold: held until an answer. */
#define TTY_PACE_UNTIL_ANSWER	UINT64_MAX

struct tty_pace_ask {
	uint64_t	 flushed;	/* output written before the question */
	uint64_t	 ns;		/* when it was asked */
	int		 alone;		/* nothing else was unanswered */
};

struct tty_pace {
	int			 answers;	/* it has answered a DA1 */
	struct tty_pace_ask	 asks[TTY_PACE_ASKS]; /* oldest first */
	unsigned int		 nasks;
	uint64_t		 shown;		/* output it has shown */
	uint64_t		 answer_ns;	/* the last answer */
	uint64_t		 rtt_ns;	/* the quickest round trip, 0
						 * until one is known */
	uint64_t		 carry_ns;	/* the link took for the last
						 * frame */
	uint64_t		 carry_peak_ns;	/* the longest lately, fading */
};

/* May another question be asked (the terminal answers, and there is room
 * for it)? */
int		tty_pace_can_ask(const struct tty_pace *);
/* A question was asked with flushed bytes written before it. Returns 1 if
 * it is the only one unanswered. */
int		tty_pace_asked(struct tty_pace *, uint64_t flushed,
		    uint64_t now);
/* The terminal answered the oldest question. Returns 0 if none was
 * asked (an answer to someone else, or to questions forgotten). */
int		tty_pace_answered(struct tty_pace *, uint64_t now);
/* No answer came in time: the questions are forgotten, flushed bytes
 * count as shown, and frames are not held until the next answer. */
void		tty_pace_forget(struct tty_pace *, uint64_t flushed);
/* May a frame go now, with flushed bytes written so far, the user typing
 * or not? 0 if it may, TTY_PACE_UNTIL_ANSWER if it waits for an answer,
 * else the nanoseconds it waits. */
uint64_t	tty_pace_hold(const struct tty_pace *, uint64_t flushed,
		    uint64_t now, int typing);

#endif
