"""Sentences a seat's name fills read right when the seat is a friend's: at a shared table a seat
shows a person's own name ("Priya (East)"), of any gender, one person.

Each such message says so in its translator context, and each is rendered here in every language
with an invited person's name, filled the way the page fills it (only the parameters the English
message has): every placeholder must be filled and none left raw, and the sentence must not lean on
the seat being a man or several people (Hindi verbs agreeing with the name, Norwegian "dem").
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from extract_messages import Message, all_messages

from cardavia.i18n.catalogs import translations
from cardavia.i18n.languages import LANGUAGES, Language
from cardavia.web.games.tien_gow.texts import TEXTS as TIEN_GOW_TEXTS
from cardavia.web.ui_text import COMMON

MARK = "a friend's own name"
INVITED = "Priya"
# placeholders that name a seat: the site's own (%(name)s…) and the engine's (text.js SEAT_PARAMS)
SEAT_KEYS = {"name", "payer", "payee", "seat"}
ENGINE_SEAT_KEYS = {"seat", "to_act", "owed_by"}
PERCENT = re.compile(r"%\((\w+)\)s")
BRACE = re.compile(r"\{(\w+)\}")
RAW = re.compile(r"%\(\w+\)s|\{\w+\}")


@cache
def messages() -> tuple[Message, ...]:
    return tuple(all_messages())


def _seat_placeholders(message: Message) -> set[str]:
    text = message.msgid + (message.plural or "")
    return (set(PERCENT.findall(text)) & SEAT_KEYS) | (set(BRACE.findall(text)) & ENGINE_SEAT_KEYS)


def name_filled() -> list[Message]:
    """The site's messages marked as filled by a seat that may be a friend's own name."""
    return [m for m in messages() if MARK in m.context]


def engine_seat_messages() -> list[Message]:
    """Engine errors, payment reasons and hints that name a seat (their contexts are shared)."""
    shared = ("error", "payment reason", "hint")
    return [m for m in messages() if m.context in shared and _seat_placeholders(m)]


def test_every_message_a_seat_fills_says_a_friend_can_fill_it() -> None:
    unmarked = [
        (m.context, m.msgid)
        for m in messages()
        if m.context not in ("error", "payment reason", "hint")
        and _seat_placeholders(m)
        and "seat" in m.context
        and "open seat" not in m.context  # an open seat has no person yet
        and MARK not in m.context
        and "the name they chose" not in m.context
    ]
    assert not unmarked, unmarked
    assert len(name_filled()) >= 30  # the table's, the replay's, both games' logs and results


def _invited(code: str) -> str:
    """An invited person's seat name as the page writes it: their name beside the compass point."""
    trans = translations(code)
    east = TIEN_GOW_TEXTS["east"]
    seat = trans.pgettext(east.context, east.text)  # type: ignore[union-attr]
    at_seat = COMMON["person_at_seat"]
    return trans.pgettext(at_seat.context, at_seat.text) % {"name": INVITED, "seat": seat}  # type: ignore[union-attr]


def _fill(text: str, message: Message, seat: str, engine: bool) -> str:
    """Fill ``text`` as text.js does: the English message's parameters only, anything else left as is."""
    pattern, seat_keys = (BRACE, ENGINE_SEAT_KEYS) if engine else (PERCENT, SEAT_KEYS)
    given = set(pattern.findall(message.msgid + (message.plural or "")))

    def value(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in given:
            return match.group(0)
        return seat if key in seat_keys else "7"

    filled = pattern.sub(value, text)
    return filled if engine else filled.replace("%%", "%")


def _renderings(code: str, message: Message) -> list[str]:
    trans = translations(code)
    if message.plural:
        return [trans.npgettext(message.context, message.msgid, message.plural, n) for n in (1, 2)]
    return [trans.pgettext(message.context, message.msgid)]


# Hindi verb forms that agree with their subject's gender: after a name that is the subject (no
# postposition follows it), none of them may appear in the clause.
HINDI_GENDERED = {
    "जीता", "जीती", "जीते", "देता", "देती", "देते", "गया", "गई", "गए", "आया", "आई", "आए", "लौटा", "लौटी",
    "चला", "चली", "हारा", "हारी", "करता", "करती", "खेलता", "खेलती", "रहा", "रही", "रहे", "चुका", "चुकी",
    "चुके", "चुकाता", "चुकाती",
}  # fmt: skip
HINDI_POSTPOSITIONS = ("ने", "की", "के", "का", "से", "को")


def _hindi_agreement(text: str, seat: str) -> list[str]:
    problems = []
    for found in re.finditer(re.escape(seat), text):
        clause = re.split(r"[।:;,.]", text[found.end() :], maxsplit=1)[0]
        words = clause.split()
        if words and words[0] in HINDI_POSTPOSITIONS:
            continue  # the name is not the subject the verb agrees with
        gendered = [w for w in words if w.strip("…") in HINDI_GENDERED]
        if gendered:
            problems.append(f"{gendered} agrees with the name in {text!r}")
    return problems


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: lang.code)
def test_name_filled_sentences_render_with_an_invited_name(lang: Language) -> None:
    seat = _invited(lang.code)
    assert INVITED in seat
    problems: list[str] = []
    cases = [(m, False) for m in name_filled()] + [(m, True) for m in engine_seat_messages()]
    assert cases
    for message, engine in cases:
        for text in _renderings(lang.code, message):
            shown = _fill(text, message, seat, engine)
            label = f"[{message.context[:50]}…] {message.msgid!r}: {shown!r}"
            if RAW.search(shown):
                problems.append(f"left raw: {label}")
            if seat not in shown:
                problems.append(f"no name: {label}")
            if lang.code == "hi":
                problems.extend(_hindi_agreement(shown, seat))
            if lang.code == "nb" and re.search(r"\b(dem|deres)\b|\bde er\b", shown):
                problems.append(f"plural pronoun for one person: {label}")
    assert not problems, "\n".join(problems)


def test_the_hindi_check_catches_a_verb_that_agrees_with_the_name() -> None:
    seat = _invited("hi")
    assert _hindi_agreement(f"यह बाज़ी पूरी हुई: {seat} जीता।", seat)
    assert _hindi_agreement(f"{seat} आपको 4 देता है", seat)
    assert not _hindi_agreement(f"यह बाज़ी पूरी हुई: {seat} की जीत।", seat)
    assert not _hindi_agreement(f"{seat} ने दौर जीता और 2 कॉलम लिए।", seat)


def test_labels_said_of_a_friend_fit_anyone() -> None:
    """The seat list's words for a friend (playing, away, left) stand beside their name: in Hindi no
    verb of theirs agrees with a gender (the AI may have one after a colon), in Norwegian no 'dem'."""
    labels = [m for m in messages() if "any gender" in m.context and not _seat_placeholders(m)]
    assert len(labels) >= 4
    problems = []
    for message in labels:
        hindi = translations("hi").pgettext(message.context, message.msgid)
        said_of_them = re.split(r"[:;]", hindi, maxsplit=1)[0].split()
        problems += [f"{hindi!r}" for w in said_of_them if w.strip("…,") in HINDI_GENDERED]
        norwegian = translations("nb").pgettext(message.context, message.msgid)
        if re.search(r"\b(dem|deres)\b|\bde er\b", norwegian):
            problems.append(repr(norwegian))
    assert not problems, problems
