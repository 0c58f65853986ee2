"""Every message the site can show, found where it is written, for the catalog checks.

Not part of the site: the tests import it (``pythonpath`` in pyproject.toml) to check each
language's catalogs against the source. ``python tools/extract_messages.py`` prints the messages;
``python tools/extract_messages.py --add-missing`` adds every message a language's catalogs lack,
untranslated (an empty ``msgstr`` for its translator), to the catalog of the game whose folders it
is written in (``<game id>.po``, made if need be) or to the shared ``messages.po``; a piece's name
to the catalog of its game's pieces (``pack-<pack>.po`` for a pack several games share, else the
game's own).

- templates: Babel's extraction with Jinja's extractor (``pgettext``/``npgettext`` calls), in the
  site's templates and each registered game's own templates folder;
- Python: every ``Msg("context", "text")`` and ``Plural("context", "one", "many")`` written in the
  package (read from the source, so a message is found even when nothing imports it);
- engines: each registered game's error templates (``Game.messages``, context "error") and the
  ``messages`` module beside its engine (``EXPLAIN``: context "payment reason") and its bots
  (``HINTS``: context "hint"), the plural phrases of their counts (``COUNTS``,
  ``EXPLAIN_COUNTS``), and the pieces' English names (``Game.pieces``, in the context its web
  package gives them: "tile name", "card name"), filed where ``GameWeb.pieces_catalog`` says.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.extract import extract_from_dir

import cardavia
from cardavia.games.registry import entries, get_game
from cardavia.web.game_parts import web_of
from cardavia.web.render import TEMPLATES_DIR

PACKAGE = Path(cardavia.__file__).resolve().parent  # src/cardavia


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


def template_folders() -> dict[str, Path]:
    """The site's templates folder and each registered game's, by the name its templates go by."""
    folders = {"templates": TEMPLATES_DIR}
    for game in entries():
        web = web_of(game.id)
        folders[web.template("")[:-1]] = web.templates
    return folders


def template_messages(root: Path | None = None) -> list[Message]:
    """Messages of every Jinja template under ``root``, or of every folder of
    :func:`template_folders` (``pgettext``/``npgettext`` need a context)."""
    folders = template_folders() if root is None else {"templates": root}
    found: list[Message] = []
    method_map = [("**.html", "jinja2.ext:babel_extract")]
    options = {"**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "false"}}
    for name, folder in folders.items():
        for filename, lineno, message, _comments, context in extract_from_dir(
            str(folder), method_map=method_map, options_map=options
        ):
            where = f"{name}/{filename}:{lineno}"
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


def waiting_games() -> dict[str, list[Path]]:
    """The games built but not registered, by engine package name: their own folders (engine, bots,
    web). Their messages become the site's with the registry's line that registers them."""
    registered = {game.engine.rsplit(".", 1)[-1] for game in entries()}
    names = sorted(p.parent.name for p in (PACKAGE / "games").glob("*/game.py"))
    return {
        name: [PACKAGE / "games" / name, PACKAGE / "bots" / name, PACKAGE / "web" / "games" / name]
        for name in names
        if name not in registered
    }


def waiting_catalogs() -> set[str]:
    """The catalogs (file stems) of the games built but not registered: each one's own, and its
    pieces' pack's where no registered game is on that pack. A test that registers the game checks
    them; until then no message of the site is read from them."""
    used = {web_of(game.id).pieces_catalog for game in entries()}
    stems: set[str] = set()
    for name in waiting_games():
        try:
            web = importlib.import_module(f"cardavia.web.games.{name}").WEB
        except ModuleNotFoundError:
            continue  # an engine with no web part yet has no catalog either
        stems.add(web.game)
        if web.pieces_catalog not in used:
            stems.add(web.pieces_catalog)
    return stems


def python_messages(root: Path = PACKAGE) -> list[Message]:
    """Every ``Msg(...)``/``Plural(...)`` call with literal texts in the package's Python files (but
    those of the games built and not registered yet, :func:`waiting_games`)."""
    found: list[Message] = []
    unreadable: list[str] = []
    waiting = [folder for folders in waiting_games().values() for folder in folders]
    for path in sorted(root.rglob("*.py")):
        if any(folder in path.parents for folder in waiting):
            continue
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
            if isinstance(node, ast.JoinedStr):  # an f-string of the module's own constants
                parts = [
                    text(value.value) if isinstance(value, ast.FormattedValue) else text(value)
                    for value in node.values
                ]
                return None if None in parts else "".join(parts)  # type: ignore[arg-type]
            return _joined(node)

        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            where = f"{path.relative_to(root.parent)}:{node.lineno}"
            if node.func.id not in ("Msg", "Plural"):
                continue
            texts = [text(arg) for arg in node.args]
            if None in texts or len(texts) != (2 if node.func.id == "Msg" else 3):
                # a message the extractor cannot read would be shown untranslated in every language
                # and no catalog test would notice: say so instead of skipping it
                unreadable.append(where)
            elif node.func.id == "Msg":
                found.append(Message(texts[0], texts[1], None, where))  # type: ignore[arg-type]
            else:
                found.append(Message(texts[0], texts[1], texts[2], where))  # type: ignore[arg-type]
    if unreadable:
        raise ValueError(
            "Msg/Plural calls whose texts are not literal strings, concatenations or f-strings of the "
            "module's own string constants: " + ", ".join(unreadable)
        )
    return found


def _module_dict(module: str, name: str) -> dict[str, Any]:
    try:
        value = getattr(importlib.import_module(module), name, None)
    except ModuleNotFoundError as exc:
        if exc.name is None or not module.startswith(exc.name):
            raise
        return {}
    return dict(value) if isinstance(value, Mapping) else {}


def engine_messages() -> Iterator[Message]:
    """Error templates, hint templates and piece names of every registered game."""
    for game in entries():
        engine, bots = f"{game.engine}.messages", f"{game.bots}.messages"
        for text in get_game(game.id).messages.values():
            yield Message("error", text, None, f"{game.engine}: Game.messages")
        for text in _module_dict(engine, "EXPLAIN").values():
            yield Message("payment reason", text, None, engine)
        for text in _module_dict(bots, "HINTS").values():
            yield Message("hint", text, None, bots)
        for module, table in ((engine, "COUNTS"), (engine, "EXPLAIN_COUNTS"), (bots, "COUNTS")):
            for count in _module_dict(module, table).values():
                yield Message(count.context, count.singular, count.plural, module)
    for (context, name), catalog in sorted(piece_catalogs().items()):
        yield Message(context, name, None, f"{catalog}: the pieces' names")


def piece_catalogs() -> dict[tuple[str, str], str]:
    """(context, English name) of every piece of every registered game, and the catalog its name
    belongs in (``GameWeb.pieces_catalog``: its pack's, shared by the games on it, or its game's);
    ``ValueError`` for a name two catalogs would hold (two games naming pieces alike, not by a pack)."""
    found: dict[tuple[str, str], str] = {}
    for game in entries():
        web = web_of(game.id)
        for piece in get_game(game.id).pieces:
            key = (web.pieces.context, piece.name)
            if found.setdefault(key, web.pieces_catalog) != web.pieces_catalog:
                raise ValueError(
                    f"{key} is a piece of {found[key]} and of {web.pieces_catalog}: share a pack"
                )
    return found


def all_messages() -> list[Message]:
    """Every message of the site, once per (context, msgid), the first place it is written kept."""
    seen: dict[tuple[str, str], Message] = {}
    for message in [*template_messages(), *python_messages(), *engine_messages()]:
        seen.setdefault(message.key, message)
    return sorted(seen.values())


def domain_of(message: Message) -> str:
    """The catalog a message belongs in: a piece's name in its pieces' catalog (its pack's, or its
    game's), else its game's id when it is written in a game's own folders (its templates, web
    package, engine or bots), else the site's shared ``messages``."""
    catalog = piece_catalogs().get(message.key)
    if catalog is not None:
        return catalog
    for game in entries():
        packages = [path.rsplit(".", 1)[-1] for path in (game.engine, game.bots, game.web)]
        places = [f"content/{game.id}/", *(f"/{p}/" for p in packages)]
        modules = (game.engine, game.bots)
        if any(place in f"/{message.where}" for place in places) or message.where.startswith(modules):
            return game.id
    return "messages"


HEADER = """# {title} for Cardavia ({language}): entries added untranslated by tools/extract_messages.py
# --add-missing, for the translator. Game terms follow i18n/glossary/*.json.
msgid ""
msgstr ""
"Project-Id-Version: Cardavia 0.1\\n"
"Language: {folder}\\n"
"Plural-Forms: nplurals={nplurals}; plural={expr};\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"""


def _entry(message: Message, nplurals: int) -> str:
    from babel.messages.pofile import escape

    lines = [f"#: {message.where}"]
    if "%(" in message.msgid or (message.plural and "%(" in message.plural):
        lines.append("#, python-format")
    lines += [f"msgctxt {escape(message.context)}", f"msgid {escape(message.msgid)}"]
    if message.plural is None:
        lines.append('msgstr ""')
    else:
        lines.append(f"msgid_plural {escape(message.plural)}")
        lines += [f'msgstr[{i}] ""' for i in range(nplurals)]
    return "\n".join(lines) + "\n"


def add_missing() -> dict[str, int]:
    """Append each language's missing messages, untranslated, to the catalog of their domain; the
    count added, by ``<language>/<domain>``."""
    from babel.messages.plurals import get_plural

    from cardavia.i18n.catalogs import LOCALE_DIR, po_files, read_catalog
    from cardavia.i18n.languages import DEFAULT, LANGUAGES

    added: dict[str, int] = {}
    for lang in LANGUAGES:
        if lang.code == DEFAULT:
            continue
        catalogs = [read_catalog(path) for path in po_files(lang.code)]
        plural = get_plural(lang.folder)
        for message in all_messages():
            if any(c.get(message.msgid, context=message.context) is not None for c in catalogs):
                continue
            domain = domain_of(message)
            path = LOCALE_DIR / lang.folder / "LC_MESSAGES" / f"{domain}.po"
            if not path.exists():
                path.write_text(
                    HEADER.format(
                        title=f"The {domain} texts",
                        language=lang.code,
                        folder=lang.folder,
                        nplurals=plural.num_plurals,
                        expr=plural.plural_expr,
                    ),
                    encoding="utf-8",
                )
            with path.open("a", encoding="utf-8") as handle:
                handle.write("\n" + _entry(message, plural.num_plurals))
            key = f"{lang.folder}/{domain}"
            added[key] = added.get(key, 0) + 1
    return added


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--add-missing"]:
        for where, count in sorted(add_missing().items()):
            print(f"{where}.po: {count} added")
    else:
        for found in all_messages():
            print(f"{found.where}\t[{found.context}] {found.msgid}")
