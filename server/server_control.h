/*
 * server_control: the transport of a control-mode client (mux -C, -CC),
 * as tmux 3.3a's control protocol. Its standard input comes as MSG_CONTROL,
 * one command per line, run one after another; each command's output goes
 * out between %begin and %end (or %error) lines with the time, a number
 * and the flags (1: a command line of this client, 0: its first command);
 * the events and pane output the model queued (control.h) go out as %
 * lines at the end of the loop turn, as MSG_OUTPUT, through the client's
 * output interface (client_out_control, client-out.h). An empty line, or the
 * end of standard input once every line has run, ends the client.
 */
#ifndef MUX_SERVER_CONTROL_H
#define MUX_SERVER_CONTROL_H

#include <stddef.h>
#include <stdint.h>

struct client;
struct cmdq_item;

/* The client identified as a control client (IDENTIFY_CONTROL). */
void	server_control_start(struct client *);
/* MSG_CONTROL: standard input (empty: its end). */
void	server_control_input(struct client *, const uint8_t *, size_t);
/* Its first command is starting (a block's time and number). */
void	server_control_begin(struct client *);
/* A command of the client finished: its block. flags as %begin's. */
void	server_control_block(struct client *, struct cmdq_item *, int flags);
/* Run the lines that wait, one after another (the client's first command
 * has finished, or a line came, or one finished). */
void	server_control_next(struct client *);
/* Write the events queued so far (after the first command's block, as
 * tmux sends what attaching did before the lines' blocks). */
void	server_control_events(struct client *);
/* Why the client goes, for its %exit line (NULL: none). */
const char *server_control_exit_reason(struct client *);

#endif
