/*
 * base64: the standard alphabet (RFC 4648), for OSC 52 clipboard data.
 */
#ifndef MUX_BASE64_H
#define MUX_BASE64_H

#include <stddef.h>

/* Decode len characters of b64 into out (at least len * 3 / 4 bytes).
 * Whitespace is skipped; padding may be missing. Returns the byte count,
 * or -1 for a character outside the alphabet. */
long	base64_decode(const char *b64, size_t len, unsigned char *out);
/* Encode len bytes; out holds at least 4 * ((len + 2) / 3) + 1 bytes.
 * Returns the length written (NUL-terminated). */
size_t	base64_encode(const unsigned char *in, size_t len, char *out);

#endif
