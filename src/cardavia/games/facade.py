"""What every game's ``Game`` object (:class:`cardavia.games.protocol.Game`) writes alike.

A game's facade is mostly a switchboard to its own modules: its action reader, its record reader, its
scoring. A game declares those once, in its class statement, and inherits the methods that only pass
a call on::

    class Dominoes(GameFacade[Play, View, DominoDeal], deal=DominoDeal, read_action=play_from_json,
                   read_record=read_record, read_outcome=outcome_of, next_dealer_key="next_banker"):
        ...

What differs between games (making a deal, the replay text, what another seat may see of an action,
a match's series) stays each game's own; a game may still override any method here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from cardavia.games.protocol import Deal, Outcome


class _Written(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class _Progressing(Protocol):
    def progress(self) -> dict[str, Any]: ...


A = TypeVar("A", bound=_Written)  # the game's action value
V = TypeVar("V")  # the game's view of one seat
D = TypeVar("D", bound=_Progressing)  # the game's deal class


class GameFacade(Generic[A, V, D]):
    """The shared half of a game's ``Game``: actions and records read by the game's own readers,
    outcomes by its scoring, and the next dealer from one key of a stored result."""

    _deal_type: type[D]
    _read_action: Callable[[object, int], A]
    _read_record: Callable[[Mapping[str, Any]], tuple[D, Sequence[A]]]
    _read_outcome: Callable[[Mapping[str, Any]], Outcome]
    _next_dealer_key: str | None = None

    def __init_subclass__(
        cls,
        *,
        deal: type | None = None,
        read_action: Callable[[object, int], Any] | None = None,
        read_record: Callable[[Mapping[str, Any]], tuple[Any, Sequence[Any]]] | None = None,
        read_outcome: Callable[[Mapping[str, Any]], Outcome] | None = None,
        next_dealer_key: str | None = None,
        **kwargs: Any,
    ) -> None:
        """Declare the game's parts. A subclass of a game (the same game with other defaults) declares
        nothing and inherits them."""
        super().__init_subclass__(**kwargs)
        # staticmethod: these are the game's module functions, not methods of the facade
        for name, part in (
            ("_read_action", read_action),
            ("_read_record", read_record),
            ("_read_outcome", read_outcome),
        ):
            if part is not None:
                setattr(cls, name, staticmethod(part))
        if deal is not None:
            cls._deal_type = deal
        if next_dealer_key is not None:
            cls._next_dealer_key = next_dealer_key

    def action_from_json(self, obj: object, seat: int) -> A:
        """The game's action from its JSON, acted by ``seat``; ``RecordError`` with the reason if not one."""
        return self._read_action(obj, seat)

    def action_to_json(self, action: A) -> dict[str, Any]:
        return action.to_json()

    def deal_from_record(self, record: Mapping[str, Any]) -> tuple[D, Sequence[A]]:
        """A record's deal as dealt and its actions, checked; ``RecordError`` for a bad record."""
        return self._read_record(record)

    def progress(self, deal: Deal[A, V]) -> dict[str, Any]:
        """The public state an unfinished deal has reached (the deal's own ``progress()``)."""
        if not isinstance(deal, self._deal_type):
            raise TypeError(f"not a deal of {type(self).__name__}")
        return deal.progress()

    def outcome_of(self, result: Mapping[str, Any]) -> Outcome:
        """The typed outcome of a stored result (the game's scoring reads it)."""
        return self._read_outcome(result)

    def redact(self, action: Mapping[str, Any], actor: int, viewer: int) -> dict[str, Any]:
        """An action as ``viewer`` sees it: by default public as written (a game that hides part of an
        action overrides this)."""
        return dict(action)

    def next_dealer(self, result: Mapping[str, Any]) -> int | None:
        """Who deals (banks, opens) the next deal, from the result's ``next_dealer_key``; None where the
        game draws a new dealer (no key declared, or the result names none)."""
        if self._next_dealer_key is None:
            return None
        seat = result.get(self._next_dealer_key)
        return seat if type(seat) is int else None
