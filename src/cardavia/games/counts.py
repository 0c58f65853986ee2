"""Counts inside the engines' and bots' message templates, as plural phrases.

A template such as "beat with {tiles} to take {count}" never holds a bare number before a noun:
each placeholder that carries a count is named in the module's ``COUNTS`` with a translator
context and an English singular and plural phrase ("{count} column" / "{count} columns"). The
phrase is chosen by the count (CLDR rules in the browser, English rules here) and put in place of
the placeholder, so every language can agree its noun, classifier or verb with the number.
"""

from __future__ import annotations

from collections.abc import Mapping


class Count:
    """A plural phrase for one count placeholder: ``{key}`` appears in both English forms."""

    __slots__ = ("context", "plural", "singular")

    def __init__(self, context: str, singular: str, plural: str) -> None:
        self.context = context
        self.singular = singular
        self.plural = plural

    def english(self, key: str, n: object) -> str:
        """The English phrase for ``n`` (singular for exactly 1)."""
        form = self.singular if n == 1 else self.plural
        return form.replace("{" + key + "}", str(n))


def english_counts(counts: Mapping[str, Count], params: Mapping[str, object]) -> dict[str, str]:
    """Each count in ``params`` that ``counts`` names, as its English phrase ("3 columns")."""
    return {key: count.english(key, params[key]) for key, count in counts.items() if key in params}
