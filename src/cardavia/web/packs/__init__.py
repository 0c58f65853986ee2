"""Pictures of the packs of pieces several games share, drawn once (the engine side is
:mod:`cardavia.games.packs`)."""
