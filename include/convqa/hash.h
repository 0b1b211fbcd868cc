/*
 * hash.h - SHA-256 (FIPS 180-4), used for stable content-derived ids.
 *
 *   char hex[65];
 *   hash_sha256_hex(text, strlen(text), hex);
 *
 * Results go into caller-owned buffers; nothing is allocated.
 */
#ifndef CONVQA_HASH_H
#define CONVQA_HASH_H

#include <stddef.h>
#include <stdint.h>

void hash_sha256(const void *data, size_t len, uint8_t out[32]);
/* Lowercase hex digest, NUL-terminated, into out[65]. */
void hash_sha256_hex(const void *data, size_t len, char out[65]);

#endif
