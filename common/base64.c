/*
 * base64 encoding and decoding (see base64.h).
 */
#include "common/base64.h"

static const char base64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Value of one base64 character, -1 if not one. */
static int
base64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return (c - 'A');
	if (c >= 'a' && c <= 'z')
		return (c - 'a' + 26);
	if (c >= '0' && c <= '9')
		return (c - '0' + 52);
	if (c == '+')
		return (62);
	if (c == '/')
		return (63);
	return (-1);
}

long
base64_decode(const char *b64, size_t len, unsigned char *out)
{
	unsigned long	acc = 0;
	long		n = 0;
	int		bits = 0, v;
	size_t		i;

	for (i = 0; i < len; i++) {
		unsigned char	c = b64[i];

		if (c == '=')
			break;
		if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
			continue;
		if ((v = base64_value(c)) == -1)
			return (-1);
		acc = (acc << 6) | v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[n++] = (acc >> bits) & 0xff;
		}
	}
	return (n);
}

size_t
base64_encode(const unsigned char *in, size_t len, char *out)
{
	size_t		i, n = 0;
	unsigned long	v;

	for (i = 0; i + 2 < len; i += 3) {
		v = (unsigned long)in[i] << 16 | in[i + 1] << 8 | in[i + 2];
		out[n++] = base64_alphabet[(v >> 18) & 63];
		out[n++] = base64_alphabet[(v >> 12) & 63];
		out[n++] = base64_alphabet[(v >> 6) & 63];
		out[n++] = base64_alphabet[v & 63];
	}
	if (i < len) {
		v = (unsigned long)in[i] << 16;
		if (i + 1 < len)
			v |= in[i + 1] << 8;
		out[n++] = base64_alphabet[(v >> 18) & 63];
		out[n++] = base64_alphabet[(v >> 12) & 63];
		out[n++] = i + 1 < len ? base64_alphabet[(v >> 6) & 63] : '=';
		out[n++] = '=';
	}
	out[n] = '\0';
	return (n);
}
