"""Building hint reasons from a game's English templates (``HINTS`` in each game's bots package)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.bots.base import Reason
from cardavia.games.counts import Count, english_counts


def make_reason(
    hints: Mapping[str, str],
    reason_id: str,
    params: Mapping[str, Any] | None = None,
    shown: Mapping[str, Any] | None = None,
    counts: Mapping[str, Count] | None = None,
) -> Reason:
    """The reason ``reason_id`` with ``params`` (what the web layer renders, pieces as codes).

    The English text fills the template with ``shown`` where given (a tile as "Heaven 6-6") and
    ``params`` otherwise, each count named in ``counts`` by its English plural phrase ("3 columns").
    A missing template or placeholder raises ``KeyError`` at once, so a hint
    can never reach a player without a text the translators have.
    """
    values = dict(params or {})
    english = {**values, **english_counts(counts or {}, values), **(shown or {})}
    return Reason(reason_id, hints[reason_id].format(**english), values)
