/* hash.c - SHA-256 as specified in FIPS 180-4. */
#include "convqa/hash.h"

#include <string.h>

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void block(uint32_t h[8], const uint8_t *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, k;
	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 64; i++) {
		uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
	for (int i = 0; i < 64; i++) {
		uint32_t t1 = k + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
		uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		k = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
	}
	h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_SHA_NI 1

/* n blocks with the CPU's SHA extensions (SHA-NI): the state kept as the
 * two halves the instructions take, ABEF and CDGH; each step of the loop
 * is four rounds and four words of the message schedule. */
__attribute__((target("sha,sse4.1"))) static void blocks_sha_ni(uint32_t h[8], const uint8_t *p, size_t n)
{
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
	__m128i cdab = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xB1);
	__m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1B);
	__m128i abef = _mm_alignr_epi8(cdab, efgh, 8), cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
	for (; n; n--, p += 64) {
		__m128i w[4], save0 = abef, save1 = cdgh;
		for (int i = 0; i < 16; i++) {
			__m128i *x = &w[i & 3];
			if (i < 4)
				*x = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), bswap);
			else
				*x = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(*x, w[(i + 1) & 3]),
									_mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4)),
							  w[(i + 3) & 3]);
			__m128i t = _mm_add_epi32(*x, _mm_loadu_si128((const __m128i *)&K[4 * i]));
			cdgh = _mm_sha256rnds2_epu32(cdgh, abef, t);
			abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(t, 0x0E));
		}
		abef = _mm_add_epi32(abef, save0);
		cdgh = _mm_add_epi32(cdgh, save1);
	}
	__m128i feba = _mm_shuffle_epi32(abef, 0x1B), dchg = _mm_shuffle_epi32(cdgh, 0xB1);
	_mm_storeu_si128((__m128i *)&h[0], _mm_blend_epi16(feba, dchg, 0xF0));
	_mm_storeu_si128((__m128i *)&h[4], _mm_alignr_epi8(dchg, feba, 8));
}
#endif

/* n blocks of p: with SHA-NI where the CPU has it (checked once). */
static void blocks(uint32_t h[8], const uint8_t *p, size_t n)
{
#ifdef HAVE_SHA_NI
	static int ni = -1;
	if (ni < 0)
		ni = __builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1");
	if (ni) {
		blocks_sha_ni(h, p, n);
		return;
	}
#endif
	for (; n; n--, p += 64)
		block(h, p);
}

void hash_sha256_init(struct hash_sha256 *c)
{
	static const uint32_t h0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
					0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	memcpy(c->h, h0, sizeof(h0));
	c->n = 0;
	c->len = 0;
}

void hash_sha256_update(struct hash_sha256 *c, const void *data, size_t len)
{
	const uint8_t *p = data;
	c->len += len;
	if (c->n) { /* fill the block begun by an earlier call */
		size_t k = 64 - c->n < len ? 64 - c->n : len;
		memcpy(c->buf + c->n, p, k);
		c->n += k, p += k, len -= k;
		if (c->n < 64)
			return;
		blocks(c->h, c->buf, 1);
		c->n = 0;
	}
	blocks(c->h, p, len / 64);
	p += len / 64 * 64;
	len %= 64;
	memcpy(c->buf, p, len);
	c->n = len;
}

void hash_sha256_final(struct hash_sha256 *c, uint8_t out[32])
{
	uint8_t tail[128] = { 0 };
	memcpy(tail, c->buf, c->n);
	tail[c->n] = 0x80;
	size_t tlen = c->n < 56 ? 64 : 128;
	uint64_t bits = c->len * 8;
	for (int i = 0; i < 8; i++)
		tail[tlen - 1 - i] = (uint8_t)(bits >> (8 * i));
	blocks(c->h, tail, tlen / 64);
	for (int i = 0; i < 8; i++) {
		out[4 * i] = (uint8_t)(c->h[i] >> 24);
		out[4 * i + 1] = (uint8_t)(c->h[i] >> 16);
		out[4 * i + 2] = (uint8_t)(c->h[i] >> 8);
		out[4 * i + 3] = (uint8_t)c->h[i];
	}
}

void hash_sha256(const void *data, size_t len, uint8_t out[32])
{
	struct hash_sha256 c;
	hash_sha256_init(&c);
	hash_sha256_update(&c, data, len);
	hash_sha256_final(&c, out);
}

void hash_hex(const uint8_t d[32], char out[65])
{
	static const char hex[] = "0123456789abcdef";
	for (int i = 0; i < 32; i++) {
		out[2 * i] = hex[d[i] >> 4];
		out[2 * i + 1] = hex[d[i] & 15];
	}
	out[64] = '\0';
}

void hash_sha256_hex(const void *data, size_t len, char out[65])
{
	uint8_t d[32];
	hash_sha256(data, len, d);
	hash_hex(d, out);
}
