"""The Tien Gow table's own texts (its seats, log lines, instructions and results), by the key its
script asks for. The page's common texts are :data:`cardavia.web.ui_text.COMMON`.
"""

from __future__ import annotations

from cardavia.web.content import Msg, Plural

# The opponents' seat names are each game's own: the same compass point plays after you in one
# game and before you in the other, and languages that name seats by turn order (Chinese 下家,
# 上家) need to know which.
TEXTS: dict[str, Msg | Plural] = {
    "east": Msg(
        "Tien Gow seat name: the AI opponent on your right, who plays right after you (you sit south)", "East"
    ),
    "north": Msg("Tien Gow seat name: the AI opponent opposite you (you sit south)", "North"),
    "west": Msg(
        "Tien Gow seat name: the AI opponent on your left, who plays right before you (you sit south)", "West"
    ),
    "piece_label": Msg(
        "Tien Gow: accessible name of a tile (in the hand, on the table); %(code)s is its pips, low "
        "first (6-6), written the same in every language, %(name)s its name",
        "%(code)s %(name)s",
    ),
    "piece_text": Msg(
        "Tien Gow: a tile inside a sentence (log, hint, error); %(name)s is its name, "
        "%(code)s its pips (6-6)",
        "%(name)s %(code)s",
    ),
    "deal_no": Msg("Tien Gow log: number of the deal at this table (a deal, not a trick)", "Deal %(num)s"),
    "banker": Msg("Tien Gow badge on the seat of the banker (who leads the first trick)", "Banker"),
    "columns": Plural(
        "Tien Gow: columns a seat has won (one per tile of a won trick)", "%(num)s column", "%(num)s columns"
    ),
    "tiles_in_hand": Plural(
        "Tien Gow: tiles a seat still holds", "%(num)s tile in hand", "%(num)s tiles in hand"
    ),
    "money": Msg(
        "Tien Gow: money a seat has won (+) or paid (−) in this deal so far", "Payments: %(amount)s"
    ),
    "current_trick": Msg("Tien Gow heading of the trick being played", "Current trick"),
    "trick_empty": Msg("Tien Gow: the current trick is empty", "Nobody has played in this trick yet."),
    "face_down": Plural(
        "Tien Gow: tiles a seat played face down (hidden)",
        "%(num)s tile face down",
        "%(num)s tiles face down",
    ),
    "high_group": Msg("Tien Gow: marks the face-up group that holds the trick so far", "holds the trick"),
    "beating_groups": Msg(
        "Tien Gow: heading of the list of the player's groups that would win the trick",
        "Your groups that beat the trick:",
    ),
    "select_lead": Msg(
        "Tien Gow instruction when the player leads",
        "Select one to four tiles that form a group, then press Play.",
    ),
    "select_follow": Plural(
        "Tien Gow instruction when the player follows",
        "Select %(num)s tile to play.",
        "Select %(num)s tiles to play.",
    ),
    "groups_with": Msg(
        "Tien Gow: heading of the list of groups the selected tiles can be part of",
        "Groups you can lead with these tiles:",
    ),
    "no_group": Msg(
        "Tien Gow: the selected tiles are part of no group the player can lead",
        "These tiles form no group you can lead.",
    ),
    "too_many": Plural(
        "Tien Gow: the player selected more tiles than the trick needs",
        "Too many tiles: this trick needs %(num)s.",
        "Too many tiles: this trick needs %(num)s.",
    ),
    "can_play_up": Msg(
        "Tien Gow: the selected tiles beat the current high group",
        "These tiles beat the trick: Play puts them face up, or you may still play them face down.",
    ),
    "down_only": Msg(
        "Tien Gow: the selected tiles cannot win the trick; %(high)s is the group holding it",
        "These tiles do not beat %(high)s with a group of the same type: they can only go face down.",
    ),
    "up_lead": Msg(
        "Tien Gow: the selected tiles form a group that can be led", "You can lead this group: press Play."
    ),
    "must_down": Msg(
        "Tien Gow: no face-up play is possible (for example after a Supreme lead, or early death)",
        "No play of yours can win this trick: play face down.",
    ),
    "led": Msg(
        "Tien Gow log: %(name)s is a seat, a compass point or a friend's own name (any gender, "
        "one person); %(tiles)s are tiles with names",
        "%(name)s led %(tiles)s.",
    ),
    "played_up": Msg(
        "Tien Gow log: a follower played face up; %(name)s is a seat, a compass point or a "
        "friend's own name (any gender, one person)",
        "%(name)s played %(tiles)s face up.",
    ),
    "played_down": Plural(
        "Tien Gow log: a seat played tiles face down; %(name)s is the seat, a compass point or a "
        "friend's own name (any gender, one person)",
        "%(name)s played %(num)s tile face down.",
        "%(name)s played %(num)s tiles face down.",
    ),
    "won_trick": Plural(
        "Tien Gow log: a seat won the trick; %(name)s is the seat, a compass point or a friend's "
        "own name (any gender, one person)",
        "%(name)s wins the trick and takes %(num)s column.",
        "%(name)s wins the trick and takes %(num)s columns.",
    ),
    "paid_now": Msg(
        "Tien Gow log: payments for a Supreme or a quartet, paid as the trick ends; %(list)s lists each seat",
        "Immediate payments: %(list)s.",
    ),
    "seat_amount": Msg(
        "a seat and what it received (+) or paid (−), in a list of payments; %(name)s is the "
        "seat, a compass point or a friend's own name (any gender, one person)",
        "%(name)s %(amount)s",
    ),
    "led_you": Msg("Tien Gow log: the human player led; %(tiles)s tiles with names", "You led %(tiles)s."),
    "played_up_you": Msg("Tien Gow log: the human player played face up", "You played %(tiles)s face up."),
    "played_down_you": Plural(
        "Tien Gow log: the human player played tiles face down",
        "You played %(num)s tile face down.",
        "You played %(num)s tiles face down.",
    ),
    "played_down_named_you": Msg(
        "Tien Gow log and replay: the human player played these tiles face down (only they know which); "
        "%(tiles)s tiles with names",
        "You played %(tiles)s face down.",
    ),
    "won_trick_you": Plural(
        "Tien Gow log: the human player won the trick",
        "You win the trick and take %(num)s column.",
        "You win the trick and take %(num)s columns.",
    ),
    "last_trick_you": Msg(
        "Tien Gow heading of the last trick panel when the human player won it", "Last trick, won by you"
    ),
    "last_trick": Msg(
        "Tien Gow heading of the last trick panel; %(name)s is its winner's seat, a compass point"
        " or a friend's own name (any gender, one person)",
        "Last trick, won by %(name)s",
    ),
    "hide_last": Msg("Tien Gow button that hides the last trick panel", "Hide last trick"),
    "show_last": Msg("table button: show the trick played just before", "Last trick"),
    "result_title": Msg("Tien Gow heading of the end-of-deal results", "End of the deal"),
    "col_columns": Msg("Tien Gow results column heading: columns won", "Columns"),
    "col_immediate": Msg(
        "Tien Gow results column heading: payments for the Supreme and quartets during play",
        "Immediate payments",
    ),
    "col_settlement": Msg(
        "Tien Gow results column heading: the final settlement with the winner of the last trick",
        "Settlement",
    ),
    "next_banker": Msg(
        "Tien Gow results line: %(name)s is the seat that will be banker in the next deal, a "
        "compass point or a friend's own name (any gender, one person)",
        "Next banker: %(name)s",
    ),
}
