"""Pictures of packs several games share (``cardavia.games.packs``' cards), drawn once for the web."""
