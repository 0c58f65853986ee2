"""The texts that give the figures of a Hint and of the review's *Why* (the table page and the
replay page both say them, from the analysis's ``values``: :class:`cardavia.bots.analysis.Values`).

The best move's average result a deal is set beside one other choice's: the player's own (the
review of a move that was not the best), the usual choice (the ``normal`` level's rule of thumb,
where the best differs from it), or the next best. Then, where the analysis can say it, how often
each ends ahead and behind: over the deals played out from what the player could see (a sampled
analysis), or against the hands the seat meets (an exact one). Figures are formatted
by the page in its language; ``%(move)s`` is the other choice said as a move, by the game's own words.
"""

from __future__ import annotations

from cardavia.web.content import Msg, Plural

__all__ = ["COACH"]

_POINTS = (
    "%(mean)s and %(other)s are average results in points a deal, signed decimals such as +0.45 or −0.120"
)
_SHARES = (
    "%(ahead)s and %(behind)s are the better move's percentages, %(other_ahead)s and %(other_behind)s "
    "the other choice's, in the same order"
)

COACH: dict[str, Msg | Plural] = {
    "hint_values": Msg(
        "text of a hint with its figures, as the review says a better move: %(move)s is the move to make "
        "('play Heaven 6-6 face up'), %(reason)s why (no final punctuation), %(values)s one or two "
        "sentences of figures that end with their own punctuation",
        "Hint: %(move)s. Why: %(reason)s. %(values)s",
    ),
    "sentences_join": Msg(
        "two sentences of figures one after the other (each ends with its own punctuation); as your "
        "language writes two sentences in a row",
        "%(first)s %(second)s",
    ),
    "values_yours": Msg(
        f"why a move is better, its figures beside the player's own move; {_POINTS}",
        "On average %(mean)s points a deal, against %(other)s for your move.",
    ),
    "values_usual": Msg(
        "why a move is better, its figures beside the usual choice (what the rule of thumb, the Normal "
        f"level, plays); {_POINTS}; %(move)s says that choice ('play Heaven 6-6 face up')",
        "On average %(mean)s points a deal, against %(other)s for the usual choice (%(move)s).",
    ),
    "values_next": Msg(
        "why a move is better, its figures beside the next best choice; "
        f"{_POINTS}; %(move)s says that choice ('play Heaven 6-6 face up')",
        "On average %(mean)s points a deal, against %(other)s for the next best (%(move)s).",
    ),
    "values_close": Msg(
        "why a move is the hint, its figures beside a choice that averaged a little more but too close to "
        f"tell apart (the hint keeps the usual move); {_POINTS}; %(move)s says that choice ('play Heaven "
        "6-6 face up')",
        "On average %(mean)s points a deal, against %(other)s for %(move)s: too close to tell apart.",
    ),
    "shares_played": Plural(
        "after the averages of why a move is better: how often each choice ends the deal ahead and "
        f"behind over the %(num)s deals played out from what the player could see; {_SHARES}",
        "Over the %(num)s deal played out from what you could see, it ends ahead in %(ahead)s and behind "
        "in %(behind)s; the other choice %(other_ahead)s and %(other_behind)s.",
        "Over the %(num)s deals played out from what you could see, it ends ahead in %(ahead)s and behind "
        "in %(behind)s; the other choice %(other_ahead)s and %(other_behind)s.",
    ),
    "shares_met": Msg(
        "after the averages of why a move is better, an exact analysis: against every set of "
        "tiles the seat may meet (a player: the banker's; the banker: a player's), how often each choice "
        f"wins and loses; {_SHARES}",
        "Against all the tiles it may meet, it wins %(ahead)s of the time and loses %(behind)s; the other "
        "choice wins %(other_ahead)s and loses %(other_behind)s.",
    ),
}
