"""Errors every engine raises, each with a stable reason code for programs and a message for people."""

from __future__ import annotations

from collections.abc import Mapping


class GameError(Exception):
    """An error with a reason code (``"not-a-group"``), an English message and its parameters.

    The code and parameters let the web layer translate the message; the English message is what
    the command line and logs show.
    """

    def __init__(self, code: str, message: str, params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, object] = dict(params or {})

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "params": self.params}


class IllegalAction(GameError):
    """The action breaks a rule. The state it was applied to is left unchanged."""


class RecordError(GameError):
    """A deal record is not a record: bad JSON, wrong shape, unknown piece, impossible deal."""
