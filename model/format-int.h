/*
 * format-int.h: what format.c (the expander) and format-vars.c (the
 * variables) share. Not for other modules: they use format.h.
 */
#ifndef MUX_FORMAT_INT_H
#define MUX_FORMAT_INT_H

#include <stddef.h>
#include <time.h>

struct target;
struct client;
struct paste_buffer;
struct mouse_event;

/* One expansion: what it is for, and how deep it has gone. */
struct format_ctx {
	const struct target		*fs;	/* may be NULL */
	struct client			*c;	/* may be NULL */
	const struct paste_buffer	*pb;	/* may be NULL */
	const struct format_extra	*extra;	/* may be NULL */
	int				 depth;
	int				 flags;
#define FORMAT_CTX_TIME		0x1	/* pass text through strftime */
#define FORMAT_CTX_NOJOBS	0x2	/* #() expands to nothing */
	time_t				 time;	/* for strftime, once */
	struct tm			 tm;
};

/* What the format is for, each part NULL when it has none. */
#define FV_S(ft)	((ft)->fs != NULL ? (ft)->fs->s : NULL)
#define FV_WL(ft)	((ft)->fs != NULL ? (ft)->fs->wl : NULL)
#define FV_W(ft)	((ft)->fs != NULL ? (ft)->fs->w : NULL)
#define FV_P(ft)	((ft)->fs != NULL ? (ft)->fs->p : NULL)

/* A variable: its name and what works its value out (heap string, or
 * NULL when it does not apply). */
typedef char *(*format_var_cb)(struct format_ctx *);
struct format_var {
	const char	*name;
	format_var_cb	 cb;
};
/* The pane variables (format-pane.c), sorted by name. */
extern const struct format_var	format_pane_vars[];
extern const size_t		format_pane_nvars;

/* The server, client, session and window variables (format-vars.c),
 * sorted by name: *n entries. */
const struct format_var *format_vars_table(size_t *n);

/* Values for variables (format-vars.c): a number, 1 or 0, and a
 * comma-separated list (NULL when empty, as tmux gives nothing). */
struct pbuf;
char	*fv_num(long long);
char	*fv_flag(int);
void	 fv_list_add(struct pbuf *, const char *);
char	*fv_list_end(struct pbuf *);

/* The value of a named variable (heap string), or NULL when there is no
 * such variable or it does not apply to what the format is for. */
char	*format_var_find(struct format_ctx *, const char *name);

/* Expand fmt in this context (format.c). */
char	*format_expand1(struct format_ctx *, const char *);
/* The output of #(cmd), starting or refreshing the command (format-job.c). */
char	*format_job(struct format_ctx *, const char *cmd);

/* format-text.c. The first character of s in stop outside any #{...}
 * ("#," "##" "#{" "#}" "#:" never stop); NULL if none. */
const char *format_skip(const char *s, const char *stop);
/* Heap strings: s with sh(1) specials backslashed; with '#' doubled. */
char	*format_quote_shell(const char *);
char	*format_quote_style(const char *);
/* t as t/p shows it; a t/f format with its escapes taken out; strftime
 * into a heap string ("" when the result is too long). */
char	*format_pretty_time(time_t);
char	*format_strip(const char *);
char	*format_strftime(const char *fmt, const struct tm *);
/* The width of expanded text (styles not counted, "##" one column); its
 * first or last limit columns (styles kept); padded with spaces to width
 * columns, after the text or before it. */
unsigned int format_width(const char *);
char	*format_trim_left(const char *, unsigned int limit);
char	*format_trim_right(const char *, unsigned int limit);
char	*format_pad(const char *, unsigned int width, int after);
/* Longest result of any one expansion, bytes: nested padding and
 * substitution multiply (a pattern matching everywhere, replaced by a
 * 10000-column pad, inside another), and without a bound one format
 * could take the server's memory. tmux
 * has none; nothing tmux draws or prints from one format comes near. */
#define FORMAT_MAX_LENGTH	(32 * 1024)
/* Append v to pb, or as much of it as keeps pb within FORMAT_MAX_LENGTH
 * (cut at a character boundary); 0 once pb is full. */
int	format_append(struct pbuf *, const char *v);
/* Cut v in place to FORMAT_MAX_LENGTH. */
void	format_cap(char *v);
/* Replace every match of the extended regular expression pattern (with
 * \0 to \9); NULL when it does not compile. */
char	*format_regsub(const char *pattern, const char *with,
	    const char *text, int flags);
/* A colour name as six hex digits of RGB, "" for none or default. */
char	*format_colour(const char *name);

/* The text of line y of a pane's screen, trailing blanks dropped (heap
 * string). */
struct pane;
char	*format_pane_line(struct pane *, unsigned int y);

#endif
