"""Jinja environments, one per language, with gettext installed in Jinja's "newstyle" form.

Newstyle means ``pgettext("ctx", "%(n)s tiles", n=32)``: the translation is looked up first and
the keywords are formatted into it afterwards (auto-escaped), so translators can move placeholders.
One environment per language keeps concurrent requests from sharing a translator.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from cardavia.i18n.catalogs import translations
from cardavia.i18n.languages import LANGUAGES, by_code
from cardavia.web import assets
from cardavia.web.content import Msg, Plural
from cardavia.web.game_parts import TEMPLATE_ROOT, web_of

TEMPLATES_DIR = Path(__file__).parent / "templates"


class GameTemplates(jinja2.BaseLoader):
    """``content/<game id>/<name>``: ``name`` in that game's own templates folder.

    The game is looked up in the registry on each load, not when the environment is built, so a
    game registered later (a test's toy game) has its templates found too.
    """

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        root, _, rest = template.partition("/")
        game, _, name = rest.partition("/")
        if root != TEMPLATE_ROOT or not game or not name:
            raise jinja2.TemplateNotFound(template)
        try:
            folder = web_of(game).templates
        except ValueError:
            raise jinja2.TemplateNotFound(template) from None
        return jinja2.FileSystemLoader(folder).get_source(environment, name)


@cache
def environment(code: str) -> jinja2.Environment:
    """The template environment for one language code (``en``, ``zh-Hans``…)."""
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(TEMPLATES_DIR), GameTemplates()]),
        autoescape=jinja2.select_autoescape(["html", "svg"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.install_gettext_translations(translations(code), newstyle=True)  # type: ignore[attr-defined]
    env.globals["LANGUAGES"] = LANGUAGES
    env.globals["lang"] = code
    env.globals["static"] = assets.url  # content-hashed URLs of the static files
    env.globals["msg"] = lambda m, **params: translate(code, m, **params)
    return env


def translate(code: str, message: Msg | Plural, n: int | None = None, **params: Any) -> str:
    """A :class:`Msg` in the language ``code``, with ``%(name)s`` placeholders filled.

    A :class:`Plural` takes its form from the count ``n`` by the language's CLDR rules; its
    ``%(num)s`` is ``n`` unless ``num`` is given (a number already formatted for the reader).
    """
    if isinstance(message, Plural):
        if n is None:
            raise TypeError(f"the plural message {message.singular!r} needs a count")
        text = str(translations(code).npgettext(message.context, message.singular, message.plural, n))
        return text % {"num": n, **params}
    text = str(translations(code).pgettext(message.context, message.text))
    return text % params


def translate_plural(code: str, context: str, singular: str, plural: str, n: int, **params: Any) -> str:
    """A plural message by CLDR rules of ``code`` (``%(num)s`` is ``n``)."""
    text = str(translations(code).npgettext(context, singular, plural, n))
    return text % {"num": n, **params}


def render(code: str, template: str, context: Mapping[str, Any]) -> str:
    """Render ``template`` in the language ``code`` (unknown codes fall back to English)."""
    lang = by_code(code)
    return environment(lang.code if lang else "en").get_template(template).render(**context)
