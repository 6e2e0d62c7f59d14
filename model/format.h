/*
 * format: expand "#{...}" formats as tmux 3.3a does (its manual's FORMATS
 * section): variables (the table in format-vars.c, then options by name,
 * then the environment), the aliases #S #W #I #P #T #H #h #D #F, escapes
 * ## #, #}, #() shell commands, conditionals #{?a,b,c}, comparisons and
 * every modifier (l m C e a c = p n w t b d q E T S W P N s, combined with
 * ';'). An unknown variable expands to nothing; a malformed #{ ends the
 * expansion there, as in tmux.
 */
#ifndef MUX_FORMAT_H
#define MUX_FORMAT_H

struct target;
struct client;
struct paste_buffer;
struct mouse_event;

/* A variable a caller adds for one expansion (#{hook}, #{line}, ...). */
struct format_pair {
	const char	*name;
	const char	*value;
};

/* What a caller may give beyond the target and the client. */
struct format_extra {
	const struct format_pair	*pairs;	/* npairs entries */
	unsigned int			 npairs;
	const struct mouse_event	*mouse;	/* mouse_* variables, or NULL */
	const char			*command; /* #{command}, or NULL */
	int				 time;	/* also strftime(3) first */
	/* display-message -v: each step of the expansion, as tmux words
	 * it ("# expanding format: ...", indented by depth), or NULL. */
	void				(*log)(const char *line, void *arg);
	void				*log_arg;
};

/* Expand fmt for a paste buffer (#{buffer_name}, buffer_size,
 * buffer_sample, buffer_created). */
char	*format_expand_buffer(const char *fmt, const struct paste_buffer *);
/* Forget the #() output cache (server exit). */
void	 format_free_jobs(void);
/* Expand fmt; returns a heap string. #(command) gives the last output of
 * a command run in the background (empty until its first run ends). */
char	*format_expand(const char *fmt, const struct target *,
	    struct client *);
/* The same, first passing fmt through strftime(3), as status lines and
 * display-message do (and #{T:...} does for its value). */
char	*format_expand_time(const char *fmt, const struct target *,
	    struct client *);
/* The same with extra variables, a mouse event or a command name (extra
 * may be NULL). */
char	*format_expand_extra(const char *fmt, const struct target *,
	    struct client *, const struct format_extra *);
/* format_each: the variables of an item, for -J (format-each.c). kinds
 * says which to give: the session's for a session, and so on (COPY is
 * added by itself for a pane in copy mode). */
#define FORMAT_EACH_SERVER	0x01
#define FORMAT_EACH_BUFFER	0x02
#define FORMAT_EACH_CLIENT	0x04
#define FORMAT_EACH_SESSION	0x08
#define FORMAT_EACH_WINDOW	0x10
#define FORMAT_EACH_PANE	0x20
#define FORMAT_EACH_COPY	0x40
/* What a variable's value is: text, a decimal number, or 1 or 0. */
enum format_type {
	FORMAT_STRING,
	FORMAT_NUMBER,
	FORMAT_FLAG,
};
/* Called once a variable, in name order, with its value (NULL when it
 * does not apply to the item: #{name} gives nothing). */
typedef void (*format_each_cb)(const char *name, const char *value,
	    enum format_type, void *arg);
/* Every variable of kinds for the item (fs, c and pb each may be NULL),
 * as -F would expand it for that item. */
void	format_each(const struct target *, struct client *,
	    const struct paste_buffer *, int kinds, format_each_cb, void *);
/* The type of a variable's value (text for a name not in the tables). */
enum format_type format_type_of(const char *name);
/* Is a value true: not empty and not "0". */
int	 format_true(const char *);

#endif
