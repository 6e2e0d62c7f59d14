/*
 * trace: per-hop timestamps of the keystroke path, for `mux-bench hops`.
 * When MUX_TRACE names a file, trace_stamp appends one line
 *	"<hop> <who> <CLOCK_MONOTONIC ns>\n"
 * (O_APPEND, so client and server can share the file), kept and written
 * with the others after the last hop of this process's part (see
 * trace.c). When MUX_TRACE is unset, trace_stamp is a test of one flag.
 *
 * Hops, in order, when the server has the client's terminal: tty-read,
 * key-recv, pty-write, pty-read, parsed, tty-written (all server). When the
 * client keeps it: stdin-read, key-sent (client); key-recv, pty-write,
 * pty-read, parsed, frame-sent (server); frame-recv, frame-written
 * (client).
 */
#ifndef MUX_TRACE_H
#define MUX_TRACE_H

extern int	trace_on;

/* Read MUX_TRACE; who is "client" or "server". */
void	trace_init(const char *who);
void	trace_write(const char *hop);

#define trace_stamp(hop) do {			\
	if (trace_on)				\
		trace_write(hop);		\
} while (0)

#endif
