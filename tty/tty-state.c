/*
 * tty-state: a started terminal written out and read back, for the live
 * upgrade (server/upgrade.c holds the file format around it). The new
 * server opens the same terminal (the fd came through the exec) and
 * tty_open finds again all that terminfo, the options and COLORTERM say;
 * this record is what it cannot find again:
 *   u8 started
 *   the termios tty_start saved (to give back when the client leaves):
 *	u32 c_iflag, c_oflag, c_cflag, c_lflag, u8 c_line, u32 n + n
 *	bytes c_cc, u32 input speed, output speed
 *   u8 mouse, u8 extkeys, u8 kitty_keys (the modes the terminal was put
 *	in, so that turning them off later does go out)
 *   u8 has termtype + str (its XTVERSION answer), u8 has da2 + 3 x u32
 *	(its DA2 answer): replayed through tty_xtversion and tty_da2, so a
 *	new binary that knows more terminals finds what they prove
 *   str output kept for the terminal and not yet written
 * The shadow is not carried: the first frame repaints every cell.
 */
#include <stdlib.h>
#include <string.h>
#include <termios.h>

#include "common/proto.h"
#include "common/xmalloc.h"
#include "tty/tty-int.h"

void
tty_save(const struct tty *tty, struct pbuf *pb)
{
	const struct termios	*t = &tty->saved;
	unsigned int		 i;

	pw_u8(pb, tty->started != 0);
	pw_u32(pb, (uint32_t)t->c_iflag);
	pw_u32(pb, (uint32_t)t->c_oflag);
	pw_u32(pb, (uint32_t)t->c_cflag);
	pw_u32(pb, (uint32_t)t->c_lflag);
	pw_u8(pb, (uint8_t)t->c_line);
	pw_u32(pb, NCCS);
	for (i = 0; i < NCCS; i++)
		pw_u8(pb, (uint8_t)t->c_cc[i]);
	pw_u32(pb, (uint32_t)cfgetispeed(t));
	pw_u32(pb, (uint32_t)cfgetospeed(t));
	pw_u8(pb, tty->mouse != 0);
	pw_u8(pb, tty->extkeys != 0);
	pw_u8(pb, tty->kitty_keys != 0);
	pw_u8(pb, tty->termtype != NULL);
	pw_str(pb, tty->termtype != NULL ? tty->termtype : "");
	pw_u8(pb, tty->da2_known != 0);
	for (i = 0; i < 3; i++)
		pw_u32(pb, tty->da2[i]);
	pw_strn(pb, tty->pend + tty->pendoff, tty->pendlen - tty->pendoff);
}

int
tty_load(struct tty *tty, struct preader *pr, int *detected)
{
	/* tty NULL: only check the record. */
	struct termios	 t;
	unsigned int	 i, n, da2[3];
	int		 started, has_type, has_da2, mouse, extkeys;
	int		 kitty_keys;
	char		*type;
	const void	*pend;
	uint32_t	 len;

	memset(&t, 0, sizeof t);
	*detected = 0;
	started = pr_u8(pr);
	t.c_iflag = pr_u32(pr);
	t.c_oflag = pr_u32(pr);
	t.c_cflag = pr_u32(pr);
	t.c_lflag = pr_u32(pr);
	t.c_line = pr_u8(pr);
	n = pr_u32(pr);
	if (n > pr->left)
		return (-1);
	for (i = 0; i < n; i++) {
		if (i < NCCS)
			t.c_cc[i] = pr_u8(pr);
		else
			pr_u8(pr);
	}
	cfsetispeed(&t, (speed_t)pr_u32(pr));
	cfsetospeed(&t, (speed_t)pr_u32(pr));
	mouse = pr_u8(pr);
	extkeys = pr_u8(pr);
	kitty_keys = pr_u8(pr);
	has_type = pr_u8(pr);
	type = pr_str(pr);
	has_da2 = pr_u8(pr);
	for (i = 0; i < 3; i++)
		da2[i] = pr_u32(pr);
	len = pr_u32(pr);
	pend = pr_bytes(pr, len);
	if (pr->error || type == NULL) {
		free(type);
		return (-1);
	}
	if (tty == NULL) {
		free(type);
		return (0);
	}
	tty->mouse = mouse;
	tty->extkeys = extkeys;
	tty->kitty_keys = kitty_keys;
	if (started)
		tty_adopt(tty, &t);
	if (has_type)
		*detected |= tty_xtversion(tty, type, strlen(type));
	free(type);
	if (has_da2)
		*detected |= tty_da2(tty, da2);
	if (len != 0)
		tty_putn(tty, pend, len);
	tty_flush(tty);
	tty_invalidate(tty);
	return (0);
}
