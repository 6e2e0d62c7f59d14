/*
 * upgrade-int: what the live upgrade's writer (upgrade.c, which also
 * describes the format) and reader (upgrade-read.c) share.
 */
#ifndef MUX_UPGRADE_INT_H
#define MUX_UPGRADE_INT_H

#include <stddef.h>
#include <stdint.h>

#define UPGRADE_MAGIC		"MUXSTATE"
#define UPGRADE_HEADER		20
#define UPGRADE_END		0x21444e45u
#define UPGRADE_NOARGV		0xffffffffu
/* The largest state file read. */
#define UPGRADE_FILE_MAX	(1024u * 1024 * 1024)

/* FNV-1a over len bytes: the header's checksum of the payload. */
uint32_t	upgrade_checksum(const uint8_t *, size_t);

#endif
