"""Languages of the site, choosing the reader's language, and the translation catalogs.

Seven languages: English is the source; the others come from gettext catalogs under ``locale/``
(one folder per language, every ``.po`` in it merged: the site's ``messages.po`` and one per game).
"""

from __future__ import annotations

from cardavia.i18n.languages import DEFAULT, LANGUAGES, Language, by_code, negotiate, parse_accept_language

__all__ = ["DEFAULT", "LANGUAGES", "Language", "by_code", "negotiate", "parse_accept_language"]
