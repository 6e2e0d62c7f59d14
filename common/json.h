/*
 * json: a writer of JSON text (RFC 8259) into a pbuf, for -J and the
 * JSON form of control-mode notifications.
 *
 * The writer keeps, for each open array or object, whether it has a member
 * yet, so callers never write commas themselves: open, (key, value)...,
 * close. Nesting is bounded (JSON_DEPTH_MAX); past it, and on a value where
 * a key is owed, the writer calls fatalx(): those are bugs in the caller,
 * not bad input.
 *
 * Strings are bytes: valid UTF-8 goes out as it is (apart from U+2028 and
 * U+2029, escaped so the text is also valid JavaScript), the quote, the
 * backslash and every control character (C0 and DEL) are escaped, and each
 * byte that does not start a valid UTF-8 sequence (a stray continuation
 * byte, an overlong form, a surrogate, past U+10FFFF, a sequence cut
 * short) becomes U+FFFD. json_string_len says whether that happened, so a
 * caller that must not lose bytes can send them another way as well.
 */
#ifndef MUX_JSON_H
#define MUX_JSON_H

#include <stddef.h>
#include <stdint.h>

struct pbuf;

#define JSON_DEPTH_MAX	32

struct json {
	struct pbuf	*pb;		/* where the text goes (not owned) */
	int		 flags;
#define JSON_LINES	0x1	/* a top-level array: a member a line */
	unsigned int	 depth;
	/* For each level: 1 once it has a member; 2 after a key (an
	 * object's value is owed). Level 0 is the top. */
	uint8_t		 state[JSON_DEPTH_MAX + 1];
	uint8_t		 object[JSON_DEPTH_MAX + 1]; /* 1: an object */
};

/* Start writing into pb (appended to what it has); flags as above. */
void	json_init(struct json *, struct pbuf *);
void	json_array_open(struct json *);
void	json_array_close(struct json *);
void	json_object_open(struct json *);
void	json_object_close(struct json *);
/* The name of an object's next member. */
void	json_key(struct json *, const char *);
/* Values. json_string_len returns 0, or 1 when an invalid byte was
 * replaced with U+FFFD. */
void	json_string(struct json *, const char *);
int	json_string_len(struct json *, const void *, size_t);
void	json_number(struct json *, long long);
void	json_bool(struct json *, int);
void	json_null(struct json *);
/* A member: key and value at once. */
void	json_member_string(struct json *, const char *key, const char *);
void	json_member_number(struct json *, const char *key, long long);
void	json_member_bool(struct json *, const char *key, int);

/* The length of the valid UTF-8 sequence at s (at most len bytes), or 0
 * when the byte there does not start one (ASCII counts, 1). */
size_t	json_utf8_len(const uint8_t *s, size_t len);

#endif
