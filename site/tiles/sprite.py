"""The tiles as our own SVG: one sprite of <symbol>s, written by build.py into assets/tiles.svg.

Each tile is drawn from shapes (circles for 筒, sticks for 索, a frame for 白) and, for the
characters a tile carries (萬 and its numeral, the winds, 發, 中), text in the device's own CJK
font: nothing is fetched. A page shows a tile as ``<svg><use href="…/tiles.svg#t-3m"/></svg>``
with its name in text beside it for screen readers (the sprite itself says nothing).

>>> TILES[:7], TILES[-1], len(TILES)
(('1m', '2m', '3m', '4m', '5m', '0m', '6m'), '7z', 37)
>>> symbol_id("0p")
't-0p'
"""
from .hand import order

# 34 kinds, then the three red fives (0m 0p 0s), in the palette's order within each suit.
KINDS = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(f"{n}z" for n in range(1, 8))
TILES = tuple(sorted(KINDS + ("0m", "0p", "0s"), key=order))

WIDTH, HEIGHT = 30, 40
FACE, EDGE = "#fbf7ea", "#6f6a58"
INK, RED, GREEN, BLUE = "#1d1d1b", "#c62a1f", "#13784a", "#1d4f9c"
FONT = ("'Noto Serif CJK JP','Noto Sans CJK JP','Hiragino Mincho ProN','Yu Mincho',"
        "'Apple SD Gothic Neo','Malgun Gothic','Noto Sans CJK KR',serif")
NUMERALS = "一二三四五六七八九"
HONOURS = {"1z": ("東", INK), "2z": ("南", INK), "3z": ("西", INK), "4z": ("北", INK),
           "6z": ("發", GREEN), "7z": ("中", RED)}

# Dot (筒) centres as (x, y, radius, colour); sticks (索) as (x, y, colour).
_R, _G, _B = RED, GREEN, BLUE
DOTS = {
    1: [(15, 20, 10.5, _R)],
    2: [(15, 11, 6.5, _G), (15, 29, 6.5, _B)],
    3: [(7.5, 8.5, 5, _B), (15, 20, 5, _R), (22.5, 31.5, 5, _G)],
    4: [(9, 11, 5.2, _B), (21, 11, 5.2, _G), (9, 29, 5.2, _G), (21, 29, 5.2, _B)],
    5: [(8, 9, 4.6, _B), (22, 9, 4.6, _G), (15, 20, 4.6, _R), (8, 31, 4.6, _G), (22, 31, 4.6, _B)],
    6: [(9, 8, 4.4, _G), (21, 8, 4.4, _G), (9, 21, 4.4, _R), (21, 21, 4.4, _R),
        (9, 32, 4.4, _R), (21, 32, 4.4, _R)],
    7: [(7, 6.5, 3.6, _G), (15, 10, 3.6, _G), (23, 13.5, 3.6, _G), (9.5, 24, 4, _R),
        (20.5, 24, 4, _R), (9.5, 33, 4, _R), (20.5, 33, 4, _R)],
    8: [(x, y, 3.7, _B) for y in (7, 15.7, 24.3, 33) for x in (9, 21)],
    9: [(x, y, 3.6, c) for y, c in ((8, _B), (20, _R), (32, _G)) for x in (7.5, 15, 22.5)],
}
STICKS = {
    2: [(15, 11, _G), (15, 29, _G)],
    3: [(15, 11, _G), (9, 29, _G), (21, 29, _G)],
    4: [(9, 11, _G), (21, 11, _G), (9, 29, _G), (21, 29, _G)],
    5: [(8, 11, _G), (22, 11, _G), (15, 20, _R), (8, 29, _G), (22, 29, _G)],
    6: [(x, y, _G) for y in (11, 29) for x in (7, 15, 23)],
    7: [(15, 7, _R)] + [(x, y, _G) for y in (20, 32) for x in (7, 15, 23)],
    8: [(x, y, _G) for y in (11, 29) for x in (5.5, 11.8, 18.2, 24.5)],
    9: [(x, y, _R if x == 15 else _G) for y in (8, 20, 32) for x in (7, 15, 23)],
}


def symbol_id(tile):
    return f"t-{tile}"


def _face():
    return (f'<rect x=".75" y=".75" width="{WIDTH - 1.5}" height="{HEIGHT - 1.5}" rx="3.5" '
            f'fill="{FACE}" stroke="{EDGE}" stroke-width="1.5"/>')


def _text(x, y, size, colour, text):
    return (f'<text x="{x}" y="{y}" font-size="{size}" fill="{colour}" text-anchor="middle" '
            f'font-weight="700" font-family="{FONT}">{text}</text>')  # our own CJK characters


def _dot(x, y, r, colour):
    return (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * .62:.2f}" fill="{FACE}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * .3:.2f}" fill="{colour}"/>')


def _stick(x, y, colour, height):
    return (f'<rect x="{x - 1.8}" y="{y - height / 2}" width="3.6" height="{height}" rx="1.7" '
            f'fill="{colour}"/><rect x="{x - 1.8}" y="{y - .5}" width="3.6" height="1" fill="{FACE}"/>')


def _red_mark():
    """The red five's corner mark, so it differs by shape too, not by colour alone."""
    return f'<circle cx="25" cy="5" r="2.2" fill="{RED}"/>'


def drawing(tile):
    """The SVG shapes of one tile's face (inside a 30 × 40 box)."""
    number, suit = int(tile[0]) or 5, tile[1]
    red = tile[0] == "0"
    parts = [_face()]
    if suit == "m":
        parts.append(_text(15, 17, 14, RED if red else INK, NUMERALS[number - 1]))
        parts.append(_text(15, 35, 15, RED, "萬"))
    elif suit == "p":
        parts += [_dot(x, y, r, RED if red else c) for x, y, r, c in DOTS[number]]
    elif suit == "s" and number == 1:
        # 一索: one tall stick under a red knot, where real sets draw a bird
        parts.append(f'<rect x="12" y="11" width="6" height="25" rx="3" fill="{GREEN}"/>'
                     f'<rect x="12" y="22.5" width="6" height="1.6" fill="{FACE}"/>'
                     f'<circle cx="15" cy="8" r="4" fill="{RED}"/>')
    elif suit == "s":
        height = 9 if number in (7, 9) else 13  # three rows of sticks, or two taller ones
        parts += [_stick(x, y, RED if red else c, height) for x, y, c in STICKS[number]]
    elif tile == "5z":
        parts.append(f'<rect x="6" y="7" width="18" height="26" rx="1.5" fill="none" '
                     f'stroke="{BLUE}" stroke-width="1.6"/>'
                     f'<rect x="8.5" y="9.5" width="13" height="21" rx="1" fill="none" '
                     f'stroke="{BLUE}" stroke-width=".8"/>')
    else:
        char, colour = HONOURS[tile]
        parts.append(_text(15, 28.5, 21, colour, char))
    if red:
        parts.append(_red_mark())
    return "".join(parts)


def sprite_svg():
    """The sprite file: every tile a <symbol id="t-…"> in a 30 × 40 viewBox."""
    symbols = "\n".join(f'<symbol id="{symbol_id(t)}" viewBox="0 0 {WIDTH} {HEIGHT}">'
                        f'{drawing(t)}</symbol>' for t in TILES)
    return f'<svg xmlns="http://www.w3.org/2000/svg">\n{symbols}\n</svg>\n'
