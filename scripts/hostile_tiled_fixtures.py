#!/usr/bin/env python3
"""Makes the hostile Tiled files of tests/fixtures/hostile-tiled/ (issue 51), kept as regression
fixtures: small files that once unpacked or decoded into gigabytes, or panicked the crate.
Each is a few hundred KB at most. Run from the repository root; the output is deterministic.

    python3 scripts/hostile_tiled_fixtures.py
"""

import base64
import struct
import zlib
from pathlib import Path

OUT = Path("tests/fixtures/hostile-tiled")

# Gridkeeper's own tiles written in the map (tile 0 is floor), their image not at hand.
TILESET = (
    '<tileset firstgid="1" name="gridkeeper" tilewidth="32" tileheight="32" tilecount="12" '
    'columns="4">\n  <image source="gridkeeper-tiles.png" width="128" height="96"/>\n </tileset>'
)


def tmx(width, height, layers, tilesets=TILESET, extra=""):
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="32" tileheight="32" infinite="0">\n'
        f" {tilesets}\n{layers}{extra}</map>\n"
    )


def zeros_deflated(count, wrap):
    """`count` zero bytes, deflated at the best level, a megabyte at a time."""
    chunk = bytes(1 << 20)
    if wrap == "gzip":
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    else:
        compressor = zlib.compressobj(9)
    out = []
    left = count
    while left > 0:
        take = min(left, len(chunk))
        out.append(compressor.compress(chunk[:take]))
        left -= take
    out.append(compressor.flush())
    return b"".join(out)


def base64_layer(width, height, data, compression):
    attribute = f' compression="{compression}"' if compression else ""
    return (
        f' <layer id="1" name="ground" width="{width}" height="{height}">\n'
        f'  <data encoding="base64"{attribute}>\n'
        f"   {base64.b64encode(data).decode()}\n"
        "  </data>\n"
        " </layer>\n"
    )


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    # A 2 x 2 map whose one layer unpacks to 300 MB: the crate unpacked it whole, then made a
    # tile of every four bytes (over a gigabyte).
    for compression in ("zlib", "gzip"):
        data = zeros_deflated(300 << 20, compression)
        (OUT / f"bomb-{compression}.tmx").write_text(
            tmx(2, 2, base64_layer(2, 2, data, compression))
        )
    # A layer that says 8192 x 8192 inside a 2 x 2 map, its data as many cells (256 MB).
    data = zeros_deflated(8192 * 8192 * 4, "zlib")
    (OUT / "layer-bigger-than-the-map.tmx").write_text(
        tmx(2, 2, base64_layer(8192, 8192, data, "zlib"))
    )
    # A layer in CDATA after a blank line: the crate reads the blank, finds no cells and
    # indexes past the end.
    (OUT / "cdata-after-a-blank.tmx").write_text(
        tmx(
            2,
            2,
            ' <layer id="1" name="ground" width="2" height="2">\n'
            '  <data encoding="base64">\n'
            "   <![CDATA[AQAAAAEAAAABAAAA]]>\n"
            "  </data>\n"
            " </layer>\n",
        )
    )
    # Base64 with one character written as a character reference, three cells of four.
    (OUT / "character-reference.tmx").write_text(
        tmx(
            2,
            2,
            ' <layer id="1" name="ground" width="2" height="2">\n'
            '  <data encoding="base64">&#65;QAAAAEAAAABAAAA</data>\n'
            " </layer>\n",
        )
    )
    # A tileset saying 4294967295 tiles (the crate made room for them all: 1.7 TB), as .tsx
    # and .tsj, and a map naming the .tsx.
    (OUT / "four-billion-tiles.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.10" name="Endless" tilewidth="32" tileheight="32" '
        'tilecount="4294967295" columns="1">\n'
        ' <image source="endless.png" width="32" height="32"/>\n'
        "</tileset>\n"
    )
    (OUT / "four-billion-tiles.tsj").write_text(
        '{"name": "Endless", "tilewidth": 32, "tileheight": 32, "tilecount": 4294967295,\n'
        ' "columns": 1, "image": "endless.png", "imagewidth": 32, "imageheight": 32}\n'
    )
    (OUT / "four-billion-tiles.tmx").write_text(
        tmx(
            2,
            2,
            ' <layer id="1" name="ground" width="2" height="2">\n'
            '  <data encoding="csv">1,1,1,1</data>\n'
            " </layer>\n",
            tilesets='<tileset firstgid="1" source="four-billion-tiles.tsx"/>',
        )
    )
    # A 16000 x 16000 grey PNG (256 MB of pixels, 1 GB as RGBA) as a tileset's image.
    width = height = 16000
    raw = zeros_deflated((width + 1) * height, "zlib")

    def chunk(kind, body):
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    png = (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", raw)
        + chunk(b"IEND", b"")
    )
    (OUT / "huge-image.png").write_bytes(png)
    (OUT / "huge-image.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.10" name="Huge" tilewidth="32" tileheight="32" '
        'tilecount="4" columns="2">\n'
        ' <image source="huge-image.png" width="64" height="64"/>\n'
        ' <tile id="0" type="floor"/>\n'
        "</tileset>\n"
    )
    (OUT / "huge-image.tmx").write_text(
        tmx(
            2,
            2,
            ' <layer id="1" name="ground" width="2" height="2">\n'
            '  <data encoding="csv">1,1,1,1</data>\n'
            " </layer>\n",
            tilesets='<tileset firstgid="1" source="huge-image.tsx"/>',
        )
    )
    # The 19-byte mapping whose `check` never returned (it maps `Other`, read from another
    # file's name).
    (OUT / "crypt.gridkeeper.ron").write_text('(tileset: "Other")\n')


if __name__ == "__main__":
    main()
