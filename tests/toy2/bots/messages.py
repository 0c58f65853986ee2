"""Two Colours' hint templates, by reason id (the table page translates them). ``{colour}`` is a word
of the game's own (a colour named in words), declared in its web part's ``word_params``."""

HINTS: dict[str, str] = {
    "highest": "Play {piece}, your highest {colour} piece: the higher piece of the colour led wins.",
    "lowest": "Keep your higher pieces and play {piece}, your lowest {colour} one.",
    "cheapest-win": "{piece} is the lowest {colour} piece that wins this round.",
}
