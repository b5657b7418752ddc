"""Draw the app icons (a die showing five on felt) as PNGs, with the stdlib only.

Run: python -m devtools.icons   -> web/icons/icon-192.png, icon-512.png, icon-maskable-512.png
The PNGs are committed; rerun only when the drawing changes.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"

FELT = (15, 77, 44)
FELT_DARK = (9, 52, 29)
BONE = (247, 241, 226)
PIP = (28, 28, 28)
PIPS_FIVE = ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75))


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """Encode 8-bit RGBA rows as a PNG file."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def _inside_rounded(x: float, y: float, x0: float, y0: float, size: float, r: float) -> bool:
    cx = min(max(x, x0 + r), x0 + size - r)
    cy = min(max(y, y0 + r), y0 + size - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _colour(u: float, v: float, maskable: bool) -> tuple[int, int, int, int]:
    """Colour at (u, v) in [0, 1)^2. Maskable icons keep the die inside the 80% safe circle."""
    die = 0.5 if maskable else 0.62
    d0 = (1 - die) / 2
    if _inside_rounded(u, v, d0, d0, die, die * 0.18):
        du, dv = (u - d0) / die, (v - d0) / die
        for pu, pv in PIPS_FIVE:
            if (du - pu) ** 2 + (dv - pv) ** 2 <= 0.095 ** 2:
                return PIP + (255,)
        return BONE + (255,)
    # Felt with a soft vignette, as under the bar's lamp.
    t = min(1.0, ((u - 0.5) ** 2 + (v - 0.5) ** 2) * 2.2)
    felt = tuple(round(a + (b - a) * t) for a, b in zip(FELT, FELT_DARK))
    if maskable:
        return felt + (255,)
    # "any" icons: a rounded felt tile with transparent corners.
    return felt + (255,) if _inside_rounded(u, v, 0.0, 0.0, 1.0, 0.2) else (0, 0, 0, 0)


def draw(size: int, maskable: bool = False, samples: int = 2) -> bytes:
    """The icon as PNG bytes, anti-aliased by `samples`² supersampling."""
    rows = []
    n = samples * samples
    for y in range(size):
        row = bytearray()
        for x in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    c = _colour((x + (sx + 0.5) / samples) / size,
                                (y + (sy + 0.5) / samples) / size, maskable)
                    for i in range(4):
                        acc[i] += c[i]
            row += bytes(round(a / n) for a in acc)
        rows.append(bytes(row))
    return png(size, size, rows)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)):
        (ICONS / name).write_bytes(draw(size, maskable))
        print("wrote", ICONS / name)


if __name__ == "__main__":
    main()
