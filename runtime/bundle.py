"""One file per page for its app modules: a page fetches its package and every module it may
import as one `app/<package>.bundle` (preloaded from <head>), not one request per module (25 for
the calculator, 52 for the ledger: on a phone's network each costs a round trip, and each a
service worker's answer once installed). `unpack` runs in the page, before the package is
imported: build.py writes its source into the page's script, so it is plain Python both
interpreters run (SPEC §5.1), tested here under CPython and by the browser tests.

The format: b"MJB1", then per module a little-endian u16 name length, the name (UTF-8, its path
in Python's working directory), a u32 data length and the data.

>>> import os, tempfile
>>> packed = pack({"pkg/__init__.mpy": b"A", "pkg/sub/mod.mpy": b"BC"})
>>> packed[:4], len(packed)
(b'MJB1', 50)
>>> here = os.getcwd(); os.chdir(tempfile.mkdtemp())
>>> with open("page.bundle", "wb") as file:
...     _ = file.write(packed)
>>> unpack("page.bundle")
['pkg/__init__.mpy', 'pkg/sub/mod.mpy']
>>> open("pkg/sub/mod.mpy", "rb").read()
b'BC'
>>> os.chdir(here)
"""
import struct

MAGIC = b"MJB1"


def pack(members):
    """`members` ({name: bytes}) as one bundle, in the order given."""
    parts = [MAGIC]
    for name, data in members.items():
        encoded = name.encode("utf-8")
        parts += [struct.pack("<H", len(encoded)), encoded, struct.pack("<I", len(data)), data]
    return b"".join(parts)


def unpack(path):
    import os
    import struct

    with open(path, "rb") as file:
        data = file.read()
    if data[:4] != b"MJB1":
        raise ValueError("not a bundle: " + path)
    at, made, names = 4, set(), []
    while at < len(data):
        size = struct.unpack_from("<H", data, at)[0]
        name = data[at + 2:at + 2 + size].decode("utf-8")
        at += 2 + size
        size = struct.unpack_from("<I", data, at)[0]
        at += 4
        parts = name.split("/")
        for depth in range(1, len(parts)):
            folder = "/".join(parts[:depth])
            if folder not in made:
                made.add(folder)
                try:
                    os.mkdir(folder)
                except OSError:  # there already
                    pass
        with open(name, "wb") as file:
            file.write(data[at:at + size])
        at += size
        names.append(name)
    return names
