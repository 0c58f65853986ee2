"""The one rule for a person's display name: text that shows something and stays on one line.

:func:`display_name` cleans what a person typed: NFC; every kind of space and the blank-looking
letters (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 and the braille blank U+2800) become one
plain space, runs of them one space, none at either end; control, format, private-use, unassigned
and other default-ignorable code points (zero-width spaces, direction overrides, tags, the
invisible operators) are dropped; combining marks need a character to sit on and at most
:data:`MARKS_MAX` may stack on one (a mark stack cannot overflow the line: "Zalgo" text); the zero-width
joiners and variation selectors that shape Indic conjuncts and emoji are kept only after a character
that is kept. The name is cut to :data:`NAME_MAX` characters as a reader counts them: a character
with its marks, an emoji sequence joined by U+200D, a flag's pair of letters each count as one. A
name left with nothing to see is refused with the reason code ``bad-name``.
"""

from __future__ import annotations

import unicodedata

from cardavia.service.errors import TableError

NAME_MAX = 24  # characters of a display name, as a reader counts them
# Marks on one character: 3 leaves room for the real stacks of living scripts (Devanagari nukta,
# vowel sign and candrabindu; Tibetan subjoined letters; Thai vowel and tone) and none for abuse.
MARKS_MAX = 3
CLUSTER_MAX = 10  # code points joined into one character (the longest emoji sequences have 10)

# Characters with a visible category that print nothing: shown as the space they look like.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
JOINERS = frozenset("\u200c\u200d")  # zero-width non-joiner and joiner: they shape what they join
ZWJ = "\u200d"
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), which the fonts draw as
# nothing; those of category Cf are also dropped by category, the others are listed here.
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
REGIONAL_INDICATORS = (0x1F1E6, 0x1F1FF)
SKIN_TONES = (0x1F3FB, 0x1F3FF)  # emoji modifiers: part of the emoji before them


def is_ignorable(c: str) -> bool:
    """Whether ``c`` is a default-ignorable code point (drawn as nothing)."""
    code = ord(c)
    return any(lo <= code <= hi for lo, hi in _IGNORABLE_RANGES)


def is_selector(c: str) -> bool:
    """A variation selector (text or emoji style, CJK variants): part of the character before it."""
    code = ord(c)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


def is_mark(c: str) -> bool:
    return unicodedata.category(c).startswith("M")


def _in(c: str, span: tuple[int, int]) -> bool:
    return span[0] <= ord(c) <= span[1]


def display_name(raw: str) -> str:
    """``raw`` as a name others may see (see the module); TableError ``bad-name`` if nothing of it shows."""
    clusters: list[list[str]] = []  # each a character as a reader counts it, or [" "]
    marks = 0  # marks on the current character
    for c in unicodedata.normalize("NFC", raw):
        last = clusters[-1] if clusters and clusters[-1] != [" "] else None
        if c.isspace() or c in BLANKS:
            if clusters and clusters[-1] != [" "]:
                clusters.append([" "])
        elif c in JOINERS or is_selector(c):
            if last is not None and last[-1] not in JOINERS and not is_selector(last[-1]):
                last.append(c)
        elif is_ignorable(c) or unicodedata.category(c) in DROPPED_CATEGORIES:
            continue
        elif is_mark(c) or _in(c, SKIN_TONES):
            if last is not None and marks < MARKS_MAX:
                last.append(c)
                marks += 1
        elif (
            last is not None
            and len(last) < CLUSTER_MAX
            and (
                last[-1] == ZWJ
                or (_in(c, REGIONAL_INDICATORS) and len(last) == 1 and _in(last[0], REGIONAL_INDICATORS))
            )
        ):
            last.append(c)  # joined to the character before: an emoji sequence, a conjunct, a flag
            marks = 0
        else:
            clusters.append([c])
            marks = 0
    kept = clusters[:NAME_MAX]
    while kept and kept[-1] == [" "]:
        kept.pop()
    for i, cluster in enumerate(kept):
        ends = i + 1 == len(kept) or kept[i + 1] == [" "]
        while ends and cluster[-1] in JOINERS:  # a joiner with nothing after it joins nothing
            cluster.pop()
    name = "".join("".join(cluster) for cluster in kept)
    name = unicodedata.normalize("NFC", name)
    if not name:
        raise TableError("bad-name", "a name must show at least one letter, digit or symbol", {})
    return name
