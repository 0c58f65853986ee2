"""The Pai Gow table's own texts (its seats, hands, the banker, the reveal and the round), by the
key its script asks for. The page's common texts are :data:`cardavia.web.ui_text.COMMON`.

A hand's name is put together from the engine's key of it (``category``, ``value``, its tiles): the
script only chooses the sentence, the engine says what the hand is.
"""

from __future__ import annotations

from cardavia.web.content import Msg, Plural

TEXTS: dict[str, Msg | Plural] = {
    # Everyone sets at once; the bank passes to the seat on the banker's right (counter-clockwise).
    "east": Msg(
        "Pai Gow seat name: the AI opponent on your right, who banks right after you (you sit south)", "East"
    ),
    "north": Msg("Pai Gow seat name: the AI opponent opposite you (you sit south)", "North"),
    "west": Msg(
        "Pai Gow seat name: the AI opponent on your left, who banks right before you (you sit south)", "West"
    ),
    "piece_label": Msg(
        "Pai Gow: accessible name of a tile (in the hand, on the table); %(code)s is its pips, low "
        "first (6-6), written the same in every language, %(name)s its name",
        "%(code)s %(name)s",
    ),
    "piece_text": Msg(
        "Pai Gow: a tile inside a sentence (log, hint, error); %(name)s is its name, %(code)s its pips (6-6)",
        "%(name)s %(code)s",
    ),
    "deal_no": Msg(
        "Pai Gow log: number of the deal at this table (a deal of tiles, not a round)", "Deal %(num)s"
    ),
    "banker": Msg("Pai Gow badge on the seat of the banker (every player meets only the banker)", "Banker"),
    # before the reveal: only whether a seat has set
    "deciding": Msg("Pai Gow: another seat has not set its two hands yet", "deciding…"),
    "has_set": Msg(
        "Pai Gow: another seat has set its two hands (which ones stays hidden until all have)", "has set"
    ),
    "choose": Msg(
        "Pai Gow instruction: the player splits four tiles into two hands of two",
        "Choose the two tiles of one hand: the other two make your other hand. Then press Set.",
    ),
    "choose_one_more": Msg(
        "Pai Gow instruction after the player chose one tile", "Choose one more tile for this hand."
    ),
    "choose_again": Msg(
        "Pai Gow instruction after the player chose a third tile while two were chosen: the hand is "
        "started again from that tile; %(tile)s is the tile, named as in a sentence",
        "A hand is two tiles: you start again from %(tile)s. Choose one more tile for this hand.",
    ),
    "waiting_set": Msg(
        "Pai Gow: the player has set and waits for the others to set theirs",
        "You have set. Waiting for the others…",
    ),
    # the two hands of a split: the high one (behind, 後) and the low one (in front, 前)
    "high_hand": Msg("Pai Gow: label of the higher of a seat's two hands (played behind)", "High hand"),
    "low_hand": Msg("Pai Gow: label of the lower of a seat's two hands (played in front)", "Low hand"),
    "split_values": Msg(
        "Pai Gow: the values of a split's two hands, high first; %(high)s and %(low)s are hand names "
        "such as 'Heaven pair' or '7 points'",
        "%(high)s · %(low)s",
    ),
    "split_label": Msg(
        "Pai Gow: accessible name of one way to split the four tiles; %(high)s and %(low)s are the "
        "two hands (tiles, then their value)",
        "High hand %(high)s, low hand %(low)s",
    ),
    "hand_tiles": Msg(
        "Pai Gow: a hand of two tiles with its value; %(tiles)s is the two tiles, %(value)s its value",
        "%(tiles)s (%(value)s)",
    ),
    # a hand's value, from the engine's key
    "hand_pair_supreme": Msg("Pai Gow: the highest hand, the two Gee Joon tiles (至尊)", "Supreme"),
    "hand_pair": Msg(
        "Pai Gow: a pair of two identical civil tiles; %(name)s is the tile's name (Heaven, Plum…)",
        "%(name)s pair",
    ),
    "hand_pair_nines": Msg("Pai Gow: a pair of the two mixed nines (4-5 and 3-6)", "pair of nines"),
    "hand_pair_eights": Msg("Pai Gow: a pair of the two mixed eights (3-5 and 2-6)", "pair of eights"),
    "hand_pair_sevens": Msg("Pai Gow: a pair of the two mixed sevens (3-4 and 2-5)", "pair of sevens"),
    "hand_pair_fives": Msg("Pai Gow: a pair of the two mixed fives (1-4 and 2-3)", "pair of fives"),
    "hand_wong": Msg(
        "Pai Gow: Heaven or Earth with a nine (天王, 地王), above every hand of points; %(name)s is "
        "Heaven or Earth",
        "%(name)s Wong",
    ),
    "hand_gong": Msg(
        "Pai Gow: Heaven or Earth with an eight (天槓, 地槓), above every hand of points but Wong; "
        "%(name)s is Heaven or Earth",
        "%(name)s Gong",
    ),
    "hand_points": Plural(
        "Pai Gow: a hand's value in points (its pips modulo 10, 0 to 9)", "%(num)s point", "%(num)s points"
    ),
    # the reveal
    "reveal_title": Msg(
        "Pai Gow heading of the end of a deal, when every seat's hands are shown", "All hands shown"
    ),
    "vs_win": Msg(
        "Pai Gow: a player's hand beats the banker's; %(hand)s and %(banker)s are hand values",
        "beats the banker: %(hand)s over %(banker)s",
    ),
    "vs_loss": Msg(
        "Pai Gow: the banker's hand beats a player's; %(hand)s and %(banker)s are hand values",
        "loses: the banker's %(banker)s beats %(hand)s",
    ),
    "vs_win_tile": Msg(
        "Pai Gow: a player's hand beats the banker's of the same value by its better single tile; "
        "%(hand)s is the value both have, %(tile)s the player's best tile (name and pips)",
        "beats the banker: both %(hand)s, and %(tile)s is the better tile",
    ),
    "vs_loss_tile": Msg(
        "Pai Gow: the banker's hand beats a player's of the same value by its better single tile; "
        "%(hand)s is the value both have, %(tile)s the banker's best tile (name and pips)",
        "loses: both %(hand)s, and the banker's %(tile)s is the better tile",
    ),
    "vs_copy": Msg(
        "Pai Gow: a player's hand equals the banker's (a copy), which goes to the banker; %(hand)s is "
        "the value both have",
        "copy: %(hand)s on both sides goes to the banker",
    ),
    "vs_zero": Msg(
        "Pai Gow: both hands are worth 0 points, which goes to the banker",
        "zero-zero: 0 against 0 goes to the banker",
    ),
    "vs_tie": Msg(
        "Pai Gow: the two hands are equal and, by this table's rule, nobody wins that hand; %(hand)s is "
        "the value both have",
        "tie: %(hand)s on both sides",
    ),
    "result_win": Msg("Pai Gow result of a player against the banker: both hands beat the banker's", "win"),
    "result_loss": Msg(
        "Pai Gow result of a player against the banker: neither hand beats the banker's", "loss"
    ),
    "result_push": Msg(
        "Pai Gow result of a player against the banker: one hand each, no point moves", "push"
    ),
    "col_total": Msg(
        "Pai Gow results column heading: a seat's points over all deals at this table; points, never money",
        "Running total",
    ),
    # the reveal's line under each seat's hands (a label and its figure: the colon is the language's)
    "points_line": Msg(
        "Pai Gow reveal: the points a seat won (+) or lost (−) in this deal; %(amount)s is signed; "
        "points, never money",
        "Points: %(amount)s",
    ),
    "total_line": Msg(
        "Pai Gow reveal: a seat's points over all deals at this table; %(amount)s is signed; "
        "points, never money",
        "Running total: %(amount)s",
    ),
    "points_total": Msg(
        "Pai Gow: a seat's running total of points at this table; points only, never money",
        "Total: %(amount)s",
    ),
    # the end of a deal: every player met only the banker, so no one seat "wins the deal"
    "over_summary": Msg(
        "Pai Gow table status at the end of a deal, when all hands are shown; %(amount)s is the "
        "player's points in this deal (+ or −); points, never money",
        "All hands are shown. Your points this deal: %(amount)s.",
    ),
    "over_summary_you": Msg(
        "Pai Gow table status at the end of a deal in which the player made the most points (or as "
        "many as the most); %(amount)s is the player's points in this deal; points, never money",
        "All hands are shown. Your points this deal: %(amount)s.",
    ),
    # the log's last line of a deal: the engine names the seat with the most points, but a tie is
    # possible (two players both win), so the line names no one
    "deal_won": Msg(
        "Pai Gow log, last line of a deal, once every seat's hands are shown",
        "The points of this deal are counted.",
    ),
    "deal_won_you": Msg(
        "Pai Gow log, last line of a deal in which the player made the most points (or as many as the most)",
        "The points of this deal are counted.",
    ),
    # the round: four deals, each seat banking once
    "round_of": Msg(
        "Pai Gow: where the table is in its round of four deals, in which each seat banks once; "
        "%(deal)s is 1 to 4 (which deal of the round, not a count)",
        "Deal %(deal)s of 4 in this round",
    ),
    "round_done": Msg(
        "Pai Gow: the round of four deals is over, each seat has banked once",
        "Round over: each seat has banked once.",
    ),
    "next_banker": Msg(
        "Pai Gow: who banks the next deal (the bank passes to the right); %(name)s is a compass point or "
        "a friend's own name (any gender, one person)",
        "%(name)s banks the next deal.",
    ),
    "next_banker_you": Msg("Pai Gow: the human player banks the next deal", "You bank the next deal."),
    # the log
    "banks": Msg(
        "Pai Gow log: who banks this deal; %(name)s is a compass point or a friend's own name "
        "(any gender, one person)",
        "%(name)s banks this deal.",
    ),
    "banks_you": Msg("Pai Gow log: the human player banks this deal", "You bank this deal."),
    "set_log": Msg(
        "Pai Gow log: a seat has set its hands (which ones stays hidden); %(name)s is a compass point or a "
        "friend's own name (any gender, one person)",
        "%(name)s has set.",
    ),
    "set_log_you": Msg(
        "Pai Gow log: the human player set; %(high)s and %(low)s are the two hands with their values",
        "You set %(high)s behind and %(low)s in front.",
    ),
}

__all__ = ["TEXTS"]
