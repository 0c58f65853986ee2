"""No placeholder reaches a player, in any language: every refusal, hint and payment-reason
template of every registered game is rendered by the page's own ``text.js`` (``errorText``,
``reasonText``, ``reason``: what the table and the replay call) from that page's data in every
language, with the parameters the game's engine, bots and review really give
(``template_params.given``), and so is every text of the table page with the parameters its English
names; no ``{name}``, ``%(name)s`` or ``%(`` may be left.

A template is rendered with each set of parameters met in play, and once more with each of its
placeholders filled from the values met under that name, so that a template play did not reach is
rendered too.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardavia.games.registry import game_ids
from cardavia.i18n.languages import LANGUAGES
from cardavia.web import assets
from cardavia.web.game_parts import offered_of, web_of
from cardavia.web.table_data import (
    count_templates,
    error_templates,
    explain_templates,
    hint_templates,
    page_data,
)
from template_params import MALFORMED, filled_params, given

pytestmark = pytest.mark.e2e

LEFT = re.compile(r"\{\w+\}|%\(")
ENGLISH_PLACEHOLDER = re.compile(r"%\((\w+)\)s")

# The page's own renderers, on one seat's page (seat 0, the seats named by the game).
RENDER = """
async ({ url, data, samples, texts }) => {
  const { createText } = await import(url);
  const text = createText(data);
  text.setSeats(data.seats);
  const out = [];
  for (const [kind, id, params] of samples) {
    let shown;
    if (kind === "errors") shown = text.errorText({ code: id, params, message: `untranslated ${id}` });
    else if (kind === "hints") shown = text.reasonText({ id, params, text: `untranslated ${id}` });
    else {
      const { value, ...rest } = params;
      shown = text.reason({ id, params: rest, value });
    }
    out.push([kind, id, JSON.stringify(params), shown]);
  }
  for (const [key, params] of texts) out.push(["text", key, JSON.stringify(params), text.t(key, params)]);
  return out;
}
"""


def _samples(game: str) -> tuple[list[tuple[str, str, dict[str, Any]]], list[str]]:
    """Every (kind, id, params) met in play, then every template once more with each placeholder
    filled from the values met under its name; and the templates with a placeholder never met."""
    met = given(game)
    # malformed input is answered with a code the page may have no template for (then the API's
    # English message is shown): rendered where it has one
    known = error_templates(game)
    samples = [
        ("errors" if kind == MALFORMED else kind, key, params)
        for kind, key, params in met.samples
        if kind != MALFORMED or key in known
    ]
    never: list[str] = []
    tables = {
        "errors": error_templates(game),
        "hints": hint_templates(game),
        "explain": explain_templates(game),
    }
    for kind, templates in tables.items():
        for key, template in templates.items():
            for variant in range(2):
                params, unmet = filled_params(template, met, variant)
                if kind == "explain":
                    params.setdefault("value", 2)
                samples.append((kind, key, params))
            if unmet:
                never.append(f"{kind} {key}: {sorted(unmet)}")
    return samples, never


def _texts(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each text of the page with the parameters its English names (a number for a count)."""
    english = page_data("en", web_of(data["game"]), data["path"])["text"]
    out = []
    for key, value in english.items():
        forms = value.values() if isinstance(value, dict) else [value]
        names = {name for form in forms for name in ENGLISH_PLACEHOLDER.findall(form)}
        out.append((key, {name: 3 if name == "num" else f"[{name}]" for name in names}))
    return out


@pytest.mark.parametrize("game", game_ids())
def test_no_template_of_the_game_leaves_a_placeholder_in_any_language(
    page: Any, server: str, game: str
) -> None:
    samples, never = _samples(game)
    # the check sees every template: what play did not reach is still rendered (and listed here)
    assert len(never) < 10, never
    web = web_of(game)
    path = offered_of(game).path(game)
    page.goto(f"{server}/?lang=en")
    url = assets.url("js/text.js")
    problems: list[str] = []
    for lang in LANGUAGES:
        data = page_data(lang.code, web, path)
        # every template the page has is one the game gives (and the other way round)
        for kind, templates in (("errors", error_templates(game)), ("hints", hint_templates(game))):
            assert set(data[kind]) == set(templates), (lang.code, kind)
        assert set(data["counts"]) == set(count_templates(game))
        shown = page.evaluate(RENDER, {"url": url, "data": data, "samples": samples, "texts": _texts(data)})
        assert len(shown) == len(samples) + len(data["text"])
        for kind, key, params, text in shown:
            if LEFT.search(text):
                problems.append(f"{lang.code} {kind} {key} {params}: {text!r}")
            elif text.startswith("untranslated "):
                problems.append(f"{lang.code} {kind} {key}: no template on the page")
    assert not problems, f"{len(problems)} renderings with a placeholder left:\n" + "\n".join(problems[:60])
