/*
 * Pacing a terminal's frames by its answers to DA1 (see tty-pace.h).
 */
#include <string.h>

#include "tty/tty-pace.h"

int
tty_pace_can_ask(const struct tty_pace *tp)
{
	return (tp->answers && tp->nasks < TTY_PACE_ASKS);
}

int
tty_pace_asked(struct tty_pace *tp, uint64_t flushed, uint64_t now)
{
	struct tty_pace_ask	*a;

	if (tp->nasks == TTY_PACE_ASKS)
		return (0);
	a = &tp->asks[tp->nasks++];
	a->flushed = flushed;
	a->ns = now;
	a->alone = tp->nasks == 1;
	return (a->alone);
}

/*
 * A question asked alone took the round trip and the time the link took
 * to carry what was written just before it; one asked while another was
 * unanswered was carried from the answer before it, back to back.
 */
int
tty_pace_answered(struct tty_pace *tp, uint64_t now)
{
	struct tty_pace_ask	 a;
	uint64_t		 took, since;

	if (tp->nasks == 0)
		return (0);
	a = tp->asks[0];
	memmove(tp->asks, tp->asks + 1, --tp->nasks * sizeof tp->asks[0]);
	tp->answers = 1;
	tp->shown = a.flushed;
	if (now < a.ns)
		now = a.ns;
	if (a.alone) {
		took = now - a.ns;
		if (tp->rtt_ns == 0 || took < tp->rtt_ns)
			tp->rtt_ns = took;
		tp->carry_ns = took - tp->rtt_ns;
	} else if (tp->answer_ns > a.ns && now >= tp->answer_ns)
		tp->carry_ns = now - tp->answer_ns;
	else
		tp->carry_ns = now - a.ns;
	since = now - tp->answer_ns;
	if (tp->answer_ns == 0 || since >= TTY_PACE_FORGET_NS)
		tp->carry_peak_ns = 0;
	else
		tp->carry_peak_ns -= tp->carry_peak_ns * since /
		    TTY_PACE_FORGET_NS;
	if (tp->carry_ns > tp->carry_peak_ns)
		tp->carry_peak_ns = tp->carry_ns;
	tp->answer_ns = now;
	return (1);
}

void
tty_pace_forget(struct tty_pace *tp, uint64_t flushed)
{
	tp->nasks = 0;
	tp->shown = flushed;
	tp->carry_ns = tp->carry_peak_ns = 0;
}

uint64_t
tty_pace_hold(const struct tty_pace *tp, uint64_t flushed, uint64_t now,
    int typing)
{
	uint64_t	end;

	if (!tp->answers)
		return (0);
	if (tp->nasks != 0) {
		if (typing || tp->nasks == TTY_PACE_ASKS ||
		    flushed - tp->shown > TTY_PACE_UNSHOWN_MAX)
			return (TTY_PACE_UNTIL_ANSWER);
		return (0);
	}
	if (!typing || tp->carry_peak_ns < TTY_PACE_REST_MIN_NS)
		return (0);
	end = tp->answer_ns + tp->carry_peak_ns * TTY_PACE_REST;
	return (now < end ? end - now : 0);
}
