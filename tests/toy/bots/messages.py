"""The toy bots' hint templates, by reason id (the table page translates them)."""

HINTS: dict[str, str] = {
    "highest": "Play your highest piece, {piece}: the highest piece wins the round.",
    "lowest": "Keep your higher pieces for later rounds and play {piece}.",
    "cheapest-win": "{piece} is the lowest piece that wins this round.",
}
