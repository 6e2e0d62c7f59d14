/*
 * json: the JSON writer (see json.h). Commas and colons come from the
 * per-level state; strings are escaped byte by byte.
 */
#include <stdio.h>
#include <string.h>

#include "common/json.h"
#include "common/log.h"
#include "common/proto.h"

void
json_init(struct json *j, struct pbuf *pb)
{
	memset(j, 0, sizeof *j);
	j->pb = pb;
}

/* Before a value: the comma after the previous member of an array, and
 * check that an object's value has its key. */
static void
json_before_value(struct json *j)
{
	uint8_t	*st = &j->state[j->depth];

	if (j->object[j->depth]) {
		if (*st != 2)
			fatalx("json: a value in an object without a key");
		*st = 1;
		return;
	}
	if (*st != 0) {
		if (j->depth == 0)
			fatalx("json: a second value at the top");
		pw_u8(j->pb, ',');
	}
	if (j->depth == 1 && (j->flags & JSON_LINES))
		pw_u8(j->pb, '\n');
	*st = 1;
}

/* Open an array or object as the next value. */
static void
json_open(struct json *j, int object)
{
	json_before_value(j);
	if (j->depth == JSON_DEPTH_MAX)
		fatalx("json: nested too deep");
	j->depth++;
	j->state[j->depth] = 0;
	j->object[j->depth] = object;
	pw_u8(j->pb, object ? '{' : '[');
}

/* Close the innermost array or object (it must be the one open). */
static void
json_close(struct json *j, int object)
{
	if (j->depth == 0 || j->object[j->depth] != object ||
	    j->state[j->depth] == 2)
		fatalx("json: close without a matching open");
	if (j->depth == 1 && (j->flags & JSON_LINES) && !object &&
	    j->state[1] != 0)
		pw_u8(j->pb, '\n');
	j->depth--;
	pw_u8(j->pb, object ? '}' : ']');
}

void
json_array_open(struct json *j)
{
	json_open(j, 0);
}

void
json_array_close(struct json *j)
{
	json_close(j, 0);
}

void
json_object_open(struct json *j)
{
	json_open(j, 1);
}

void
json_object_close(struct json *j)
{
	json_close(j, 1);
}

size_t
json_utf8_len(const uint8_t *s, size_t len)
{
	uint32_t	cp;
	size_t		n, i;

	if (len == 0)
		return (0);
	if (s[0] < 0x80)
		return (1);
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		cp = s[0] & 0x07;
	} else
		return (0);	/* a continuation byte, C0, C1, F5-FF */
	if (len < n)
		return (0);
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return (0);
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates, beyond Unicode. */
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return (0);
	return (n);
}

/* The escaped text of a string, without the quotes. */
static int
json_escape(struct pbuf *pb, const uint8_t *s, size_t len)
{
	size_t	i = 0, start = 0, n;
	char	esc[8];
	int	lossy = 0;

	while (i < len) {
		if (s[i] >= 0x20 && s[i] < 0x7f && s[i] != '"' &&
		    s[i] != '\\') {
			i++;
			continue;
		}
		n = json_utf8_len(s + i, len - i);
		if (n > 1) {
			/* U+2028 and U+2029 (e2 80 a8/a9): escaped. */
			if (n == 3 && s[i] == 0xe2 && s[i + 1] == 0x80 &&
			    (s[i + 2] == 0xa8 || s[i + 2] == 0xa9)) {
				pw_bytes(pb, s + start, i - start);
				snprintf(esc, sizeof esc, "\\u%04x",
				    s[i + 2] == 0xa8 ? 0x2028 : 0x2029);
				pw_bytes(pb, esc, 6);
				start = i + n;
			}
			i += n;
			continue;
		}
		pw_bytes(pb, s + start, i - start);
		switch (s[i]) {
		case '"':  pw_bytes(pb, "\\\"", 2); break;
		case '\\': pw_bytes(pb, "\\\\", 2); break;
		case '\b': pw_bytes(pb, "\\b", 2); break;
		case '\f': pw_bytes(pb, "\\f", 2); break;
		case '\n': pw_bytes(pb, "\\n", 2); break;
		case '\r': pw_bytes(pb, "\\r", 2); break;
		case '\t': pw_bytes(pb, "\\t", 2); break;
		default:
			if (n == 1) {	/* another control, or DEL */
				snprintf(esc, sizeof esc, "\\u%04x", s[i]);
				pw_bytes(pb, esc, 6);
			} else {	/* not UTF-8 */
				pw_bytes(pb, "\\ufffd", 6);
				lossy = 1;
			}
			break;
		}
		i++;
		start = i;
	}
	pw_bytes(pb, s + start, len - start);
	return (lossy);
}

int
json_string_len(struct json *j, const void *s, size_t len)
{
	int	lossy;

	json_before_value(j);
	pw_u8(j->pb, '"');
	lossy = json_escape(j->pb, s, len);
	pw_u8(j->pb, '"');
	return (lossy);
}

void
json_string(struct json *j, const char *s)
{
	json_string_len(j, s, strlen(s));
}

void
json_key(struct json *j, const char *key)
{
	uint8_t	*st = &j->state[j->depth];

	if (!j->object[j->depth] || *st == 2)
		fatalx("json: a key outside an object or after a key");
	if (*st != 0)
		pw_u8(j->pb, ',');
	pw_u8(j->pb, '"');
	json_escape(j->pb, (const uint8_t *)key, strlen(key));
	pw_bytes(j->pb, "\":", 2);
	*st = 2;
}

void
json_number(struct json *j, long long n)
{
	char	buf[32];
	int	len;

	json_before_value(j);
	len = snprintf(buf, sizeof buf, "%lld", n);
	pw_bytes(j->pb, buf, len);
}

void
json_bool(struct json *j, int on)
{
	json_before_value(j);
	if (on)
		pw_bytes(j->pb, "true", 4);
	else
		pw_bytes(j->pb, "false", 5);
}

void
json_null(struct json *j)
{
	json_before_value(j);
	pw_bytes(j->pb, "null", 4);
}

void
json_member_string(struct json *j, const char *key, const char *s)
{
	json_key(j, key);
	json_string(j, s);
}

void
json_member_number(struct json *j, const char *key, long long n)
{
	json_key(j, key);
	json_number(j, n);
}

void
json_member_bool(struct json *j, const char *key, int on)
{
	json_key(j, key);
	json_bool(j, on);
}
