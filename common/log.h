/*
 * log: a debug log (off unless opened) and fatal() for broken invariants.
 * fatal() adds strerror(errno); fatalx() does not. Both abort the process;
 * they are never used for bad input or a lost peer.
 */
#ifndef MUX_LOG_H
#define MUX_LOG_H

/* Open the debug log: file "mux-NAME-PID.log" in the current directory when
 * MUX_LOG is set in the environment or level > 0. */
void	log_open(const char *name, int level);
void	log_close(void);
int	log_enabled(void);
void	log_debug(const char *, ...) __attribute__((format(printf, 1, 2)));
void	fatal(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));
void	fatalx(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
