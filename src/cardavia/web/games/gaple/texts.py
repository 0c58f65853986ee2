"""The Gaple table's own texts (its seats, the line and its ends, passes, the blocked deal, the match),
by the key its script asks for. The page's common texts are :data:`cardavia.web.ui_text.COMMON`.

A ``_you`` key is the player's own form of the line about a seat (``ts`` in the script chooses it).
Pips (0 to 6) are a face of a tile, written as figures, never counts; a count of tiles or of pips
is a plural.
"""

from __future__ import annotations

from cardavia.web.content import Msg, Plural

_NAME = "%(name)s is a compass point or a friend's own name (any gender, one person)"

TEXTS: dict[str, Msg | Plural] = {
    # play goes clockwise: West plays after you, then North, then East
    "west": Msg(
        "Gaple seat name: the AI opponent on your left, who plays right after you (you sit south)", "West"
    ),
    "north": Msg("Gaple seat name: the AI opponent opposite you (you sit south)", "North"),
    "east": Msg(
        "Gaple seat name: the AI opponent on your right, who plays right before you (you sit south)", "East"
    ),
    "piece_label": Msg(
        "Gaple: accessible name of a tile (in the hand, on the line); %(code)s is its pips, low first "
        "(3-5), written the same in every language, %(name)s its name",
        "%(code)s %(name)s",
    ),
    "piece_text": Msg(
        "Gaple: a tile inside a sentence (log, hint, error); %(name)s is its name, %(code)s its pips (3-5)",
        "%(name)s (%(code)s)",
    ),
    "deal_no": Msg("Gaple log: number of the deal at this table (a deal of tiles, a round)", "Deal %(num)s"),
    # the end of a deal: the winner and what the player scored or handed over
    "over_summary": Msg(
        f"Gaple table status at the end of a deal another seat won; {_NAME}",
        "The deal is over: %(name)s wins it.",
    ),
    "over_summary_you": Msg(
        "Gaple table status at the end of a deal the player won; %(amount)s is the points scored (+22)",
        "The deal is over: you win it and score %(amount)s.",
    ),
    # the felt
    "tiles_in_hand": Plural("Gaple: how many tiles a player holds", "%(num)s tile", "%(num)s tiles"),
    "dead_tiles": Plural(
        "Gaple, discard rule: how many tiles a player has laid face down (they count against it)",
        "%(num)s face down",
        "%(num)s face down",
    ),
    "score_line": Msg(
        "Gaple: a player's (or a team's) match score so far; %(score)s is a number of points",
        "Score: %(score)s",
    ),
    "opens_badge": Msg("Gaple badge on the seat that opened this deal (laid its first tile)", "Opened"),
    "pass_badge": Msg(
        "Gaple badge on a seat whose last turn was a pass (it held no tile that fits: mati)", "Passed"
    ),
    "partner_badge": Msg("Gaple badge on the player's partner (team rule)", "Partner"),
    "match_to": Msg(
        "Gaple: heading of the match score; %(target)s is the score that wins the match (201)",
        "Match to %(target)s",
    ),
    "match_side": Msg(
        "Gaple: one side's match score in the list; %(name)s a seat's name (a compass point or a "
        "friend's own name) or a team's, %(score)s its points",
        "%(name)s %(score)s",
    ),
    "team_us": Msg("Gaple, team rule: the player's team, in the match score", "Your team"),
    "team_them": Msg("Gaple, team rule: the other team, in the match score", "Their team"),
    "line_label": Plural(
        "Gaple: accessible name of the line of tiles on the table, read left to right",
        "The line, %(num)s tile, from left to right",
        "The line, %(num)s tiles, from left to right",
    ),
    "ends_line": Msg(
        "Gaple: the pips at the two ends of the line; %(left)s and %(right)s are 0 to 6",
        "Ends: %(left)s on the left, %(right)s on the right",
    ),
    "line_empty": Msg("Gaple: the line before its first tile", "No tile laid yet."),
    "end_button": Msg(
        "Gaple: a button at one end of the line that lays the chosen tile there; %(tile)s the tile "
        "(name and pips), %(pip)s the pips at that end (0 to 6)",
        "Lay %(tile)s here, on the %(pip)s",
    ),
    "end_left_mark": Msg("Gaple: the left end of the line, marked on the table (short)", "left"),
    "end_right_mark": Msg("Gaple: the right end of the line, marked on the table (short)", "right"),
    # a tile in the hand, said with whether and where it fits (the mark is a shape as well)
    "fits_left": Msg(
        "Gaple: a tile in the hand that fits the left end; %(tile)s its name", "%(tile)s, fits the left end"
    ),
    "fits_right": Msg(
        "Gaple: a tile in the hand that fits the right end; %(tile)s its name", "%(tile)s, fits the right end"
    ),
    "fits_both": Msg(
        "Gaple: a tile in the hand that fits both ends; %(tile)s its name", "%(tile)s, fits both ends"
    ),
    "fits_open": Msg(
        "Gaple: a tile in the hand that may open the deal; %(tile)s its name", "%(tile)s, may open"
    ),
    "fits_none": Msg(
        "Gaple: a tile in the hand that fits no end now; %(tile)s its name", "%(tile)s, does not fit"
    ),
    # what the player may do now (the first line is what a screen reader hears with "Your turn")
    "open_line": Msg(
        "Gaple instruction: the player opens the deal; the tiles that may open are marked",
        "You open this deal: lay one of the marked tiles.",
    ),
    "play_line": Msg(
        "Gaple instruction on the player's turn; %(left)s and %(right)s are the pips at the ends (0 to 6)",
        "Lay a tile with a %(left)s or a %(right)s. The tiles that fit are marked: choose one.",
    ),
    "play_line_one": Msg(
        "Gaple instruction on the player's turn when both ends of the line show the same pips; %(pip)s is "
        "those pips (0 to 6)",
        "Lay a tile with a %(pip)s. The tiles that fit are marked: choose one.",
    ),
    "chosen_one": Msg(
        "Gaple instruction: the chosen tile fits one end; %(tile)s the tile (name and pips)",
        "%(tile)s is chosen: press Play, or choose it again, to lay it.",
    ),
    "choose_end": Msg(
        "Gaple instruction: the chosen tile fits both ends of the line; %(tile)s the tile, %(left)s and "
        "%(right)s the pips at the ends",
        "%(tile)s fits both ends: choose where it goes, left on the %(left)s or right on the %(right)s.",
    ),
    "pass_line": Msg(
        "Gaple instruction: the player holds no tile that fits (mati) and must pass; %(left)s and "
        "%(right)s are the pips at the ends",
        "None of your tiles has a %(left)s or a %(right)s: you pass.",
    ),
    "pass_line_one": Msg(
        "Gaple instruction: the player holds no tile that fits (mati) and must pass, both ends of the line "
        "showing the same pips; %(pip)s is those pips (0 to 6)",
        "None of your tiles has a %(pip)s: you pass.",
    ),
    "discard_line": Msg(
        "Gaple instruction, discard rule: no tile fits, so the player lays one face down; it counts "
        "against them at the end",
        "No tile fits: choose one to lay face down. It counts against you at the end.",
    ),
    # the log
    "log_open": Msg(
        f"Gaple log: a seat opens the deal; {_NAME}; %(tile)s the tile", "%(name)s opens with %(tile)s."
    ),
    "log_open_you": Msg("Gaple log: the player opens the deal; %(tile)s the tile", "You open with %(tile)s."),
    "log_left": Msg(
        f"Gaple log: a seat lays a tile at the left end; {_NAME}; %(tile)s the tile",
        "%(name)s lays %(tile)s on the left.",
    ),
    "log_left_you": Msg("Gaple log: the player lays a tile at the left end", "You lay %(tile)s on the left."),
    "log_right": Msg(
        f"Gaple log: a seat lays a tile at the right end; {_NAME}; %(tile)s the tile",
        "%(name)s lays %(tile)s on the right.",
    ),
    "log_right_you": Msg(
        "Gaple log: the player lays a tile at the right end", "You lay %(tile)s on the right."
    ),
    "log_pass": Msg(
        f"Gaple log: a seat passes, holding no tile that fits (mati); {_NAME}; %(left)s and %(right)s "
        "the pips at the ends",
        "%(name)s passes: no %(left)s and no %(right)s.",
    ),
    "log_pass_you": Msg(
        "Gaple log: the player passes, holding no tile that fits; %(left)s and %(right)s the pips at "
        "the ends",
        "You pass: no %(left)s and no %(right)s.",
    ),
    "log_pass_one": Msg(
        f"Gaple log: a seat passes, holding no tile that fits (mati), both ends of the line showing the same "
        f"pips; {_NAME}; %(pip)s those pips (0 to 6)",
        "%(name)s passes: no %(pip)s.",
    ),
    "log_pass_one_you": Msg(
        "Gaple log: the player passes, holding no tile that fits, both ends of the line showing the same "
        "pips; %(pip)s those pips (0 to 6)",
        "You pass: no %(pip)s.",
    ),
    "log_discard": Msg(
        f"Gaple log, discard rule: a seat lays a tile face down (which stays hidden); {_NAME}",
        "%(name)s lays a tile face down.",
    ),
    "log_discard_you": Msg(
        "Gaple log, discard rule: the player lays a tile face down; %(tile)s the tile",
        "You lay %(tile)s face down.",
    ),
    # the end of the deal
    "res_out": Msg(
        f"Gaple result heading: a seat laid its last tile (habis); {_NAME}", "%(name)s is out: habis!"
    ),
    "res_out_you": Msg(
        "Gaple result heading: the player laid their last tile (habis)", "You are out: habis!"
    ),
    "res_blocked": Msg(
        f"Gaple result heading: nobody can lay a tile (gaple); {_NAME}, the seat whose tile closed it",
        "Blocked, gaple: %(name)s closed the line.",
    ),
    "res_blocked_you": Msg(
        "Gaple result heading: nobody can lay a tile (gaple), and the player's tile closed it",
        "Blocked, gaple: you closed the line.",
    ),
    "res_blocked_rule": Msg(
        "Gaple: how a blocked deal is won (the tie rule too)",
        "Nobody can lay a tile, so the counts decide: the lowest count wins. On a tie the tied player "
        "first in turn after the one who closed the line wins, the closer last.",
    ),
    "res_blocked_tie": Msg(
        f"Gaple: a blocked deal's lowest count was tied; %(low)s is that count of pips; {_NAME}, the "
        "winner (the tied player first in turn after the closer)",
        "The lowest count, %(low)s, is tied: %(name)s comes first in turn after the closer and wins.",
    ),
    "res_blocked_tie_you": Msg(
        "Gaple: a blocked deal's lowest count was tied and the player wins it by the turn order; "
        "%(low)s is that count of pips",
        "The lowest count, %(low)s, is tied: you come first in turn after the closer and win.",
    ),
    "res_teams_rule": Msg(
        "Gaple, team rule: how a blocked deal is won by teams",
        "With teams the team with the lower total wins, a tie going to the team first in turn after "
        "the closer.",
    ),
    "res_points": Msg(
        f"Gaple: what the winner scores, the other hands' pips; {_NAME}; %(points)s a number of points",
        "%(name)s scores %(points)s: the pips left in the other hands.",
    ),
    "res_points_you": Msg(
        "Gaple: what the player scores as the winner, the other hands' pips; %(points)s a number of points",
        "You score %(points)s: the pips left in the other hands.",
    ),
    "res_points_team": Msg(
        "Gaple, team rule: what the winning team scores; %(team)s is 'Your team' or 'Their team', "
        "%(points)s a number of points",
        "%(team)s scores %(points)s: the pips left in the other team's hands.",
    ),
    "col_player": Msg("Gaple results column heading: the player", "Player"),
    "col_left": Msg(
        "Gaple results column heading: the tiles a player still holds (shown at the end)", "Tiles left"
    ),
    "col_count": Msg("Gaple results column heading: the pips left in a player's hand (its count)", "Count"),
    "col_match": Msg("Gaple results column heading: a player's match score after this deal", "Match"),
    "winner_mark": Msg("Gaple results: the mark beside the deal's winner in the table", "wins"),
    "closer_mark": Msg(
        "Gaple results: the mark beside the seat that closed (blocked) the line", "closed the line"
    ),
    "no_tiles": Msg("Gaple results: a player with no tile left (out)", "none"),
    "next_opens": Msg(
        f"Gaple: the deal's winner has the right to open the next deal (with a double; a winner who holds "
        f"none then passes the right to the next player in turn who has one); {_NAME}",
        "%(name)s has the right to open the next deal.",
    ),
    "next_opens_you": Msg(
        "Gaple: the player won and has the right to open the next deal (with a double; if they hold none "
        "then, the right passes to the next player in turn who has one)",
        "You have the right to open the next deal.",
    ),
    "next_opens_any": Msg(
        f"Gaple, free-lead rule: the deal's winner opens the next deal with any tile; {_NAME}",
        "%(name)s opens the next deal.",
    ),
    "next_opens_any_you": Msg(
        "Gaple, free-lead rule: the player opens the next deal with any tile", "You open the next deal."
    ),
    "match_won": Msg(
        f"Gaple: a seat reached the target and won the match; {_NAME}; %(target)s is the target (201)",
        "%(name)s reaches %(target)s and wins the match!",
    ),
    "match_won_you": Msg(
        "Gaple: the player reached the target and won the match; %(target)s is the target (201)",
        "You reach %(target)s and win the match!",
    ),
    "match_won_team": Msg(
        "Gaple, team rule: a team reached the target and won the match; %(team)s is 'Your team' or "
        "'Their team', %(target)s the target",
        "%(team)s reaches %(target)s and wins the match!",
    ),
    "match_new": Msg(
        "Gaple: after a match is won, the next deal starts a new one at 0, opened by whoever holds 0-0",
        "The next deal starts a new match at 0: whoever holds balak kosong (0-0) opens.",
    ),
    "annulled": Msg(
        f"Gaple: a deal is dealt again because one hand holds too many doubles; {_NAME}",
        "%(name)s holds too many doubles: the deal is dealt again, no score.",
    ),
}

__all__ = ["TEXTS"]
