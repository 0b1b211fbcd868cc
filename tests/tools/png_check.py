#!/usr/bin/python3
"""Say what a PNG file holds, with the standard library only.

Usage: png_check.py FILE.png
Prints "WIDTHxHEIGHT BYTES": the image's size from its IHDR chunk and the
bytes of its compressed image data (IDAT): a blank page of the same size
compresses to a small part of a page of text and charts, which is how a
test tells a drawn page from an empty one. Exit 1 when the file is not a
PNG or its data does not inflate.
"""
import struct
import sys
import zlib


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        print("not a PNG")
        return 1
    pos, width, height, idat = 8, 0, 0, b""
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    try:
        raw = zlib.decompress(idat)
    except zlib.error as e:
        print("bad image data: %s" % e)
        return 1
    if len(raw) < height:
        print("too little image data")
        return 1
    print("%dx%d %d" % (width, height, len(idat)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
