"""A throwaway toy game, registered only by the tests that use it, to show that a new game needs
nothing outside its own folders: an engine (``toy.engine``), bots (``toy.bots``) and a web part
(``toy.web``), as docs/adding-a-game.md lists them.

*High Card*: three seats, twelve pieces (1 to 6, twice each), three dealt face down to each seat.
Three rounds: each seat in turn plays one of its pieces face up, the seat after the dealer leading
the first; the highest piece wins the round (the first played of equal ones) and leads the next.
Whoever wins the most rounds wins two points, paid one by each other seat; a tie is a drawn deal.
"""

from __future__ import annotations

from cardavia.games.registry import GameEntry

ENTRY = GameEntry("toy", "toy.engine", "toy.bots", "toy.web")
