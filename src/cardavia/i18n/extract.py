"""Every message the site can show, found where it is written, for the catalog checks.

- templates: Babel's extraction with Jinja's extractor (``pgettext``/``npgettext`` calls);
- Python: every ``Msg("context", "text")`` and ``Plural("context", "one", "many")`` written in the
  package (read from the source, so a message is found even when nothing imports it);
- engines: each game's ``messages.MESSAGES`` (context "error") and ``messages.EXPLAIN`` (context
  "payment reason"), each game's bots' ``messages.HINTS`` (context "hint"), the plural phrases of
  their counts (``COUNTS``), and the pieces' English names ("tile name"/"card name").
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.extract import extract_from_dir

PACKAGE = Path(__file__).resolve().parents[1]  # src/cardavia
TEMPLATES = PACKAGE / "web" / "templates"
GAMES = ("tien_gow", "cherki")
PIECE_CONTEXT = {"tien_gow": "tile name", "cherki": "card name"}


@dataclass(frozen=True, order=True)
class Message:
    """One message to translate; ``plural`` is set for plural messages. ``where`` says where it is."""

    context: str
    msgid: str
    plural: str | None = None
    where: str = ""

    @property
    def key(self) -> tuple[str, str]:
        return (self.context, self.msgid)


def template_messages(root: Path = TEMPLATES) -> list[Message]:
    """Messages of every Jinja template under ``root`` (``pgettext``/``npgettext`` need a context)."""
    found: list[Message] = []
    method_map = [("**.html", "jinja2.ext:babel_extract")]
    options = {"**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "false"}}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(root), method_map=method_map, options_map=options
    ):
        where = f"templates/{filename}:{lineno}"
        if isinstance(message, tuple):
            found.append(Message(context or "", message[0], message[1], where))
        else:
            found.append(Message(context or "", message, None, where))
    return found


def _constant_args(call: ast.Call, count: int) -> list[str] | None:
    args = call.args[:count]
    if len(args) < count or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
        return None
    return [a.value for a in args]  # type: ignore[attr-defined]


def _joined(node: ast.expr) -> str | None:
    """A string constant, or an implicit/explicit concatenation of constants."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _joined(node.left), _joined(node.right)
        if left is not None and right is not None:
            return left + right
    if isinstance(node, ast.Name):
        return None
    return None


def python_messages(root: Path = PACKAGE) -> list[Message]:
    """Every ``Msg(...)``/``Plural(...)`` call with literal texts in the package's Python files."""
    found: list[Message] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        constants = {
            target.id: value
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign)
            for target in node.targets
            if isinstance(target, ast.Name) and (value := _joined(node.value)) is not None
        }

        def text(node: ast.expr, constants: Mapping[str, str] = constants) -> str | None:
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                left, right = text(node.left), text(node.right)
                return None if left is None or right is None else left + right
            if isinstance(node, ast.Name):
                return constants.get(node.id)
            return _joined(node)

        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            where = f"{path.relative_to(root.parent)}:{node.lineno}"
            texts = [text(arg) for arg in node.args]
            if node.func.id == "Msg" and len(texts) == 2 and None not in texts:
                found.append(Message(texts[0], texts[1], None, where))  # type: ignore[arg-type]
            elif node.func.id == "Plural" and len(texts) == 3 and None not in texts:
                found.append(Message(texts[0], texts[1], texts[2], where))  # type: ignore[arg-type]
    return found


def _module_dict(module: str, name: str) -> dict[str, Any]:
    try:
        value = getattr(importlib.import_module(module), name, None)
    except ImportError:
        return {}
    return dict(value) if isinstance(value, Mapping) else {}


def engine_messages() -> Iterator[Message]:
    """Error templates, hint templates and piece names of every game that is installed."""
    for game in GAMES:
        for text in _module_dict(f"cardavia.games.{game}.messages", "MESSAGES").values():
            yield Message("error", text, None, f"games/{game}/messages.py")
        for text in _module_dict(f"cardavia.games.{game}.messages", "EXPLAIN").values():
            yield Message("payment reason", text, None, f"games/{game}/messages.py")
        for text in _module_dict(f"cardavia.bots.{game}.messages", "HINTS").values():
            yield Message("hint", text, None, f"bots/{game}/messages.py")
        for package, table in (("games", "COUNTS"), ("games", "EXPLAIN_COUNTS"), ("bots", "COUNTS")):
            counts = _module_dict(f"cardavia.{package}.{game}.messages", table)
            for count in counts.values():
                yield Message(count.context, count.singular, count.plural, f"{package}/{game}/messages.py")
    for name in piece_names():
        yield Message(name[0], name[1], None, "piece names")


def piece_names() -> list[tuple[str, str]]:
    """(context, English name) of every piece of every installed game."""
    names: list[tuple[str, str]] = []
    try:
        from cardavia.games.tien_gow.tiles import TILES

        names += [(PIECE_CONTEXT["tien_gow"], t.name) for t in TILES]
    except ImportError:
        pass
    try:
        from cardavia.games.cherki.cards import FACES

        names += [(PIECE_CONTEXT["cherki"], f.name) for f in FACES]
    except ImportError:
        pass
    return sorted(set(names))


def all_messages() -> list[Message]:
    """Every message of the site, once per (context, msgid), the first place it is written kept."""
    seen: dict[tuple[str, str], Message] = {}
    for message in [*template_messages(), *python_messages(), *engine_messages()]:
        seen.setdefault(message.key, message)
    return sorted(seen.values())
