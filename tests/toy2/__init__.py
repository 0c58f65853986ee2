"""A toy game for two, registered only by the tests that use it: the proof that a game of another
shape than the four of the registry joins every registry-wide test with nothing changed outside its
own folder (docs/adding-a-game.md). Its profile says what the tests take from it: two seats, no
review analyst, little hidden (the other hand of three and the two pieces never dealt); its hints
have a placeholder word of its own (``{colour}``, declared in its web part), and its action JSON
does not name its seat.

*Two Colours*: eight pieces, 1 to 4 in red and in blue, three dealt face down to each seat. Three
rounds: the leader plays a piece face up and the other follows the colour led if it can; the higher
piece of the colour led wins the round and leads the next (the seat after the dealer leads the
first). Whoever wins two rounds wins the deal: one point from the other seat.
"""

from __future__ import annotations

from cardavia.games.registry import GameEntry

ENTRY = GameEntry("toy2", "toy2.engine", "toy2.bots", "toy2.web")
