#!/usr/bin/env python3
"""controls.py FILE... - count the bytes in FILEs a terminal could act on.

Prints one number: escape (ESC), BEL and other C0 controls but tab and
newline, DEL, C1 controls (U+0080-U+009F, UTF-8 encoded or as raw bytes),
and bidi / invisible formatting characters (U+061C, U+200E, U+200F,
U+202A-U+202E, U+2066-U+2069, U+2028, U+2029, U+FEFF). 0 means inert.
"""
import sys

BAD = {0x61c, 0x200e, 0x200f, 0x2028, 0x2029, 0xfeff} | set(range(0x202a, 0x202f)) | set(range(0x2066, 0x206a))

n = 0
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    for b in data:
        if (b < 0x20 and b not in (9, 10)) or b == 0x7f:
            n += 1
    # a C1 byte that is not part of valid UTF-8 decodes to U+DC80-U+DC9F
    text = data.decode("utf-8", errors="surrogateescape")
    for ch in text:
        cp = ord(ch)
        if 0x80 <= cp <= 0x9f or 0xdc80 <= cp <= 0xdc9f or cp in BAD:
            n += 1
print(n)
