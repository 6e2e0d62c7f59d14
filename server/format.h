/*
 * format: expand "#{...}" formats against a target (session, window, pane)
 * and a client. Supports variables (#{session_name} ...), the short aliases
 * #S #W #I #P #T #H #D #h ##, conditionals #{?cond,a,b}, comparisons
 * #{==:a,b} #{!=:a,b}, #{||:a,b} #{&&:a,b}, truncation #{=N:var} (by
 * display width; negative N keeps the end), and #{t:var} for times.
 */
#ifndef MUX_FORMAT_H
#define MUX_FORMAT_H

struct target;
struct client;

/* Expand fmt for a paste buffer (#{buffer_name}, buffer_size,
 * buffer_sample, buffer_created). */
struct paste_buffer;
char	*format_expand_buffer(const char *fmt, const struct paste_buffer *);
/* Forget the #() output cache (server exit). */
void	 format_free_jobs(void);
/* Expand fmt; returns a heap string. #(command) gives the last output of
 * a command run in the background (empty until its first run ends). */
char	*format_expand(const char *fmt, const struct target *,
	    struct client *);

#endif
