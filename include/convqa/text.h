/*
 * text.h - UTF-8 text: validation, decoding, and (for the terminal) display
 * width and sanitising.
 *
 * Everything that reaches the terminal passes text_sanitize() first, which
 * turns control characters and escape sequences into inert visible text.
 */
#ifndef CONVQA_TEXT_H
#define CONVQA_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Decode one UTF-8 sequence at s (len bytes available). Returns its length
 * (1-4) and the code point in *cp, or 0 if the bytes are not valid UTF-8
 * (overlong forms, surrogates and values above U+10FFFF are invalid). */
size_t text_utf8_decode(const char *s, size_t len, uint32_t *cp);

/* Returns the byte offset of the first invalid UTF-8 sequence in s, or len
 * if all of it is valid. */
size_t text_utf8_check(const char *s, size_t len);

/* Encode cp as UTF-8 into out[4]; returns the number of bytes. */
size_t text_utf8_encode(uint32_t cp, char out[4]);

#endif
