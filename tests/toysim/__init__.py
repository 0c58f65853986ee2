"""A throwaway game where every seat decides at once, registered only by the tests that use it:
the shape of a game whose seats decide in secret at the same time (docs/adding-a-game.md, "Seats
deciding at once"), with nothing outside its own folders.

*Secret Card*: three seats, the toy's twelve pieces (1 to 6, twice each), three dealt to each seat.
Every seat chooses one of its pieces at once, face down, in any order; once all three have chosen,
they are shown. The highest chosen piece alone wins two points, paid one by each other seat; a tie
for the highest is a drawn deal.
"""

from __future__ import annotations

from cardavia.games.registry import GameEntry

ENTRY = GameEntry("toy-sim", "toysim.engine", "toysim.bots", "toysim.web")
