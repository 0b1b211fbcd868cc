/*
 * hash.h - SHA-256 (FIPS 180-4), used for stable content-derived ids.
 *
 *   char hex[65];
 *   hash_sha256_hex(text, strlen(text), hex);
 *
 * Or a piece at a time (a file read as a stream):
 *
 *   struct hash_sha256 c;
 *   hash_sha256_init(&c);
 *   hash_sha256_update(&c, piece, n);   // as often as needed
 *   hash_sha256_final(&c, digest);      // uint8_t digest[32]; hash_hex(digest, hex)
 *
 * Results go into caller-owned buffers; nothing is allocated.
 */
#ifndef CONVQA_HASH_H
#define CONVQA_HASH_H

#include <stddef.h>
#include <stdint.h>

struct hash_sha256 {
	uint32_t h[8];
	uint8_t buf[64];  /* the block begun */
	size_t n;         /* its bytes */
	uint64_t len;     /* bytes hashed */
};

void hash_sha256_init(struct hash_sha256 *c);
void hash_sha256_update(struct hash_sha256 *c, const void *data, size_t len);
void hash_sha256_final(struct hash_sha256 *c, uint8_t out[32]);
/* A digest as lowercase hex, NUL-terminated, into out[65]. */
void hash_hex(const uint8_t d[32], char out[65]);

void hash_sha256(const void *data, size_t len, uint8_t out[32]);
/* Lowercase hex digest, NUL-terminated, into out[65]. */
void hash_sha256_hex(const void *data, size_t len, char out[65]);

#endif
