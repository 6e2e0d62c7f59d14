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

/* A u64 as two u32, low first. */
struct pbuf;
struct preader;
struct client;
void		upgrade_put_u64(struct pbuf *, uint64_t);
uint64_t	upgrade_get_u64(struct preader *);

/* upgrade-client.c: the attached clients the new server adopts. Is c
 * one (else it is told to reconnect or exit)? */
int		upgrade_client_adoptable(const struct client *);
/* Their record. */
void		upgrade_client_save(struct pbuf *, uint32_t version);
/* Clear (on) or set FD_CLOEXEC on their sockets and terminals. */
void		upgrade_client_inherit(int on);
/* Read the record: adopt them (dry: only check it). Returns 0, or -1
 * with *cause. */
int		upgrade_client_load(struct preader *, uint32_t version, int dry,
		    char **cause);

#endif
