"""Packs of cards several games share: their pieces, codes and English names, never a game's rules."""
