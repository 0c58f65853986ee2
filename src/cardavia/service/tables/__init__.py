"""The table service: every operation on a table, each checked against the log before it is trusted.

:class:`TableService` is one object made of parts, one module each, all on the core below them
(:mod:`.core`: the table's lock, the cache of states and the commit path every write goes through):

- :mod:`.presence`: who is at a shared table, and when the AI decides for someone gone;
- :mod:`.finished`: finished deals replayed, their records, a browser's history;
- :mod:`.seats`: invites, seats handed to the AI and back, the host's controls, quick messages;
- :mod:`.play`: a person's action, the server's own, the next deal;
- :mod:`.new_tables`: a new table, a try from a finished deal, *play again together*.

The parts are classes over :class:`~.core.TableCore` combined by inheritance (mixins), not objects
holding a core: every operation must share one lock and one cache per process, so they are one
object; a part calls another's operation directly (a person who acts is back from the AI, a new
friends' table marks its people as seen), each part naming the parts it uses as its bases, so
the modules import only downwards; and no method is written twice to forward a call to a part.
"""

from __future__ import annotations

from cardavia.service.tables.finished import FinishedDeals
from cardavia.service.tables.new_tables import NewTables
from cardavia.service.tables.play import Play
from cardavia.service.tables.presence import Presence
from cardavia.service.tables.seats import Seats


class TableService(Play, Seats, NewTables, Presence, FinishedDeals):
    """Tables on one store. ``on_append(table_id, seq)`` is called after each action is written."""


__all__ = ["TableService"]
