"""The table page's texts that JavaScript shows, as messages with their translator context.

They are translated on the server into the page's language and handed to the page as JSON, so
the browser never holds English fallbacks for a translated page. Placeholders are ``%(name)s``;
plural messages are resolved in the browser by the language's CLDR category (``one``/``other``).
"""

from __future__ import annotations

from cardavia.web.content import Msg, Plural

__all__ = ["BY_GAME", "CHERKI", "COMMON", "TIEN_GOW", "Plural"]

COMMON: dict[str, Msg | Plural] = {
    "you": Msg("seat name: the human player", "You"),
    "seat_label": Msg("accessible name of a seat: %(name)s is the seat name", "Seat: %(name)s"),
    "to_act": Msg("badge on the seat whose turn it is", "To play"),
    "your_turn": Msg("table status", "Your turn"),
    "playing": Msg(
        "table status: an AI opponent is thinking; %(name)s is its seat name", "%(name)s is playing…"
    ),
    "over": Msg("table status at the end of a deal", "The deal is over"),
    "loading": Msg("table status while the page loads the table", "Setting up the table…"),
    "offline": Msg(
        "table notice when the server does not answer", "The server cannot be reached. Trying again…"
    ),
    "stale": Msg(
        "table notice: the player's action came too late because the game had moved on",
        "The table had moved on: it now shows the latest position.",
    ),
    "hint": Msg("text of a hint; %(reason)s is the advice itself", "Hint: %(reason)s"),
    "hint_unavailable": Msg("table notice when a hint cannot be given", "No hint now: wait for your turn."),
    "new_confirm": Msg(
        "confirmation before abandoning the deal in progress",
        "Start a new game? This deal will be abandoned.",
    ),
    "player": Msg("column heading in the results: the seat", "Player"),
    "net": Msg("column heading in the results: money won (+) or lost (−) in this deal", "Net"),
    "total": Msg("column heading in the results: money over all deals at this table", "Running total"),
    "winner": Msg("results line: %(name)s is the seat name of the winner", "Winner: %(name)s"),
    "illegal": Msg(
        "table notice when the server refused an action; %(reason)s says why", "Not allowed: %(reason)s"
    ),
    "download": Msg("history page: link that downloads a deal record file", "Download the record"),
    "level_easy": Msg("strength of the AI opponents", "Easy"),
    "level_normal": Msg("strength of the AI opponents", "Normal"),
    "level_hard": Msg("strength of the AI opponents", "Hard"),
    "playing_level": Msg(
        "table: how strong the AI opponents at this table are; %(level)s is Easy, Normal or Hard",
        "Opponents: %(level)s",
    ),
    "waiting": Msg("table status while the AI opponents play", "Your opponents are playing…"),
    "catching_up": Msg(
        "table notice while the page reconnects to a busy or restarting server",
        "The server is catching up. The table will be back in a moment…",
    ),
    "title_your_turn": Msg(
        "browser tab title when it is the player's turn; %(title)s is the page's usual title",
        "Your turn · %(title)s",
    ),
    "over_summary": Msg(
        "table status at the end of a deal; %(name)s is the winner's seat, %(amount)s the player's own net",
        "The deal is over: %(name)s wins. Your result: %(amount)s.",
    ),
    "over_summary_you": Msg(
        "table status at the end of a deal the player won; %(amount)s is the player's net",
        "The deal is over: you win. Your result: %(amount)s.",
    ),
    "pays_you": Msg(
        "payment explained: %(name)s is a seat, %(amount)s a number of points", "%(name)s pays you %(amount)s"
    ),
    "you_pay": Msg(
        "payment explained: the player pays %(name)s (a seat) %(amount)s points",
        "You pay %(name)s %(amount)s",
    ),
    "pays": Msg(
        "payment explained: %(payer)s and %(payee)s are seats, %(amount)s a number of points",
        "%(payer)s pays %(payee)s %(amount)s",
    ),
    "explain_line": Msg(
        "payment explained: %(payment)s says who pays whom, %(formula)s multiplies its factors "
        "(like 3 × 2), %(reasons)s lists why",
        "%(payment)s = %(formula)s: %(reasons)s",
    ),
    "explain_line_one": Msg(
        "payment explained with a single reason: %(payment)s says who pays whom, %(reasons)s why",
        "%(payment)s: %(reasons)s",
    ),
    "reasons_join": Msg(
        "payment explained: two reasons of one payment, one after the other", "%(first)s; %(second)s"
    ),
    "explain_open": Msg(
        "accessible name of a figure in the results that opens into its reasons; %(name)s is a seat",
        "%(name)s: %(amount)s, show why",
    ),
    # a table shared with invited friends
    "waiting_for_friends": Msg(
        "table status: the deal starts once the invited friends have taken their seats",
        "Waiting for your friends to take their seats…",
    ),
    "person_at_seat": Msg(
        "seat name of an invited friend: %(name)s is the name they chose, %(seat)s the seat's compass point",
        "%(name)s (%(seat)s)",
    ),
    "auto_played": Msg(
        "table log: %(name)s's time for a turn ran out, so the AI made this move for them",
        "Time ran out: the AI plays for %(name)s.",
    ),
    "auto_played_you": Msg(
        "table log: the player's time for a turn ran out, so the AI made this move for them",
        "Time ran out: the AI plays this move for you.",
    ),
}

# The opponents' seat names are each game's own: the same compass point plays after you in one
# game and before you in the other, and languages that name seats by turn order (Chinese 下家,
# 上家) need to know which.
TIEN_GOW: dict[str, Msg | Plural] = {
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
    "led": Msg("Tien Gow log: %(name)s is a seat, %(tiles)s tiles with names", "%(name)s led %(tiles)s."),
    "played_up": Msg("Tien Gow log: a follower played face up", "%(name)s played %(tiles)s face up."),
    "played_down": Plural(
        "Tien Gow log: a seat played tiles face down",
        "%(name)s played %(num)s tile face down.",
        "%(name)s played %(num)s tiles face down.",
    ),
    "won_trick": Plural(
        "Tien Gow log: a seat won the trick",
        "%(name)s wins the trick and takes %(num)s column.",
        "%(name)s wins the trick and takes %(num)s columns.",
    ),
    "paid_now": Msg(
        "Tien Gow log: payments for a Supreme or a quartet, paid as the trick ends; %(list)s lists each seat",
        "Immediate payments: %(list)s.",
    ),
    "seat_amount": Msg(
        "a seat and what it received (+) or paid (−), in a list of payments", "%(name)s %(amount)s"
    ),
    "led_you": Msg("Tien Gow log: the human player led; %(tiles)s tiles with names", "You led %(tiles)s."),
    "played_up_you": Msg("Tien Gow log: the human player played face up", "You played %(tiles)s face up."),
    "played_down_you": Plural(
        "Tien Gow log: the human player played tiles face down",
        "You played %(num)s tile face down.",
        "You played %(num)s tiles face down.",
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
        "Tien Gow heading of the last trick panel; %(name)s is its winner", "Last trick, won by %(name)s"
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
        "Tien Gow results line: %(name)s is the seat that will be banker in the next deal",
        "Next banker: %(name)s",
    ),
}

CHERKI: dict[str, Msg | Plural] = {
    "west": Msg(
        "Cherki seat name: the AI opponent on your left, who plays right after you and can take "
        "your discards (you sit south)",
        "West",
    ),
    "east": Msg(
        "Cherki seat name: the AI opponent on your right, who plays right before you (you sit south)", "East"
    ),
    "piece_label": Msg(
        "Cherki: accessible name of a card (in the hand, on the table, in the rules); %(name)s is its name; "
        "%(code)s is its English code (5c, WF: English initials), which only English readers know: leave "
        "%(code)s out",
        "%(code)s %(name)s",
    ),
    "piece_text": Msg(
        "Cherki: a card inside a sentence (log); %(name)s is its name; %(code)s is its English code (5c, WF: "
        "English initials), which only English readers know: leave %(code)s out",
        "%(name)s (%(code)s)",
    ),
    "deal_no": Msg("Cherki log: number of the deal at this table", "Deal %(num)s"),
    "card_points": Plural(
        "Cherki results: accessible name of one of the winner's cards with the points it counts; "
        "%(card)s is the card's accessible name",
        "%(card)s, %(num)s point",
        "%(card)s, %(num)s points",
    ),
    "dealer": Msg("Cherki badge on the dealer's seat", "Dealer"),
    "called": Msg("Cherki badge: this player has called Cherki (declared the hand ready)", "Called Cherki"),
    "cards_in_hand": Plural("Cherki: cards a seat holds", "%(num)s card in hand", "%(num)s cards in hand"),
    "stock": Plural(
        "Cherki: cards left in the face-down stock", "Stock: %(num)s card", "Stock: %(num)s cards"
    ),
    "discards": Msg("Cherki: label of a seat's row of discarded cards", "Discards"),
    "no_discards": Msg("Cherki: a seat has not discarded yet", "no discard yet"),
    "top_discard": Msg(
        "Cherki: accessible label of the top discard; %(card)s is the card",
        "%(card)s, top discard: it can be taken",
    ),
    "pick_up": Msg(
        "Cherki instruction at the start of the player's turn",
        "Draw a card from the stock, or take the top discard.",
    ),
    "offer_call": Msg(
        "Cherki: offer at the start of a turn when the hand is ready",
        "Your hand is ready: you may call Cherki now, before drawing.",
    ),
    "select_discard": Msg(
        "Cherki instruction after picking up", "Select a card to discard, then press Discard."
    ),
    "can_call_discard": Msg(
        "Cherki: the selected discard leaves a ready hand",
        "With this discard your eight cards are ready: Call Cherki discards it and calls.",
    ),
    "cannot_discard": Msg(
        "Cherki: the selected card may not be discarded now", "This card cannot be discarded now."
    ),
    "called_wait": Msg(
        "Cherki: the human has called and plays automatically",
        "You have called Cherki: your turns now play themselves until the card you wait for comes.",
    ),
    "drew": Msg("Cherki log: a seat drew from the stock", "%(name)s drew a card."),
    "took": Msg("Cherki log: a seat took the top discard", "%(name)s took %(card)s."),
    "discarded": Msg("Cherki log: a seat discarded", "%(name)s discarded %(card)s."),
    "discarded_called": Msg(
        "Cherki log: a seat discarded and called", "%(name)s discarded %(card)s and called Cherki."
    ),
    "called_log": Msg("Cherki log: a seat called", "%(name)s called Cherki."),
    "drew_you": Msg("Cherki log: the human player drew from the stock", "You drew a card."),
    "took_you": Msg("Cherki log: the human player took the top discard", "You took %(card)s."),
    "discarded_you": Msg("Cherki log: the human player discarded", "You discarded %(card)s."),
    "discarded_called_you": Msg(
        "Cherki log: the human player discarded and called", "You discarded %(card)s and called Cherki."
    ),
    "called_log_you": Msg("Cherki log: the human player called", "You called Cherki."),
    "wins_with_you": Msg("Cherki results: the human player won", "You win with these nine cards:"),
    "result_title": Msg("Cherki heading of the end-of-deal results", "End of the deal"),
    "wins_with": Msg("Cherki results: %(name)s is the winner's seat", "%(name)s wins with these nine cards:"),
    "x_line": Msg(
        "Cherki results: x is the sum of the points of the winner's nine cards",
        "Points of the nine cards: x = %(x)s",
    ),
    "payment": Msg("Cherki results column heading: what each seat receives (+) or pays (−)", "Payment"),
    "drawn": Msg(
        "Cherki: the stock ran out and nobody won",
        "The stock ran out with no winner: the deal is drawn, nobody pays, and the cards are dealt again.",
    ),
    "redeal": Msg("Cherki button after a drawn deal", "Deal again"),
    "hand_cards": Msg("Cherki results: accessible name of the winner's cards", "The winner's nine cards"),
    "drew_card_you": Msg(
        "Cherki log: the human player drew from the stock; %(card)s is the card drawn", "You drew %(card)s."
    ),
    "picked_card": Msg(
        "Cherki: accessible name of the card the player just picked up; %(card)s is the card",
        "%(card)s, just picked up",
    ),
    "winning_card": Msg(
        "Cherki results: accessible name of the ninth card, the one that won; %(card)s is the card",
        "%(card)s, the card that won",
    ),
    "won_mark": Msg("Cherki results: badge under the ninth card, the one that completed the hand", "won"),
}

BY_GAME: dict[str, dict[str, Msg | Plural]] = {"tien-gow": TIEN_GOW, "cherki": CHERKI}

# The replay page's own texts (with COMMON and the game's texts, which name the moves and seats).
REPLAY: dict[str, Msg | Plural] = {
    "replay_link": Msg(
        "link from a finished deal to the page that replays it move by move and reviews the player's choices",
        "Replay and review",
    ),
    "replay_title": Msg("replay page heading; %(deal)s names the deal, e.g. 'Deal 3'", "Replay: %(deal)s"),
    "first": Msg("replay button: go to the start of the deal", "Start"),
    "prev": Msg("replay button: one move back", "Back"),
    "next": Msg("replay button: one move forward", "Forward"),
    "last": Msg("replay button: go to the end of the deal", "End"),
    "step_of": Msg(
        "replay position: %(step)s is the move shown, %(total)s the number of moves in the deal",
        "Move %(step)s of %(total)s",
    ),
    "at_start": Msg("replay: the position before anyone has played", "Before anyone has played."),
    "keys_help": Msg(
        "replay: how to move with the keyboard",
        "Left and right arrow keys go back and forward; Home and End go to the start and the end.",
    ),
    "show_hands": Msg(
        "replay switch: show every player's hidden pieces (the deal is over)", "Show every hand"
    ),
    "hand_of": Msg("replay: heading of one player's pieces; %(name)s is the seat name", "Hand: %(name)s"),
    "review_start": Msg("replay button: start the review of the player's decisions", "Review my decisions"),
    "review_queued": Msg(
        "replay: the review is waiting for the server", "The review will start in a moment…"
    ),
    "review_running": Plural(
        "replay: the review is running; %(done)s decisions are done out of %(num)s",
        "Reviewing: %(done)s of %(num)s decision…",
        "Reviewing: %(done)s of %(num)s decisions…",
    ),
    "review_failed": Msg("replay: the review could not be finished", "The review could not be finished."),
    "review_retry": Msg("replay button: ask for the review again after it failed", "Try again"),
    "review_summary": Plural(
        "replay: the review's summary; %(points)s are the points lost (a decimal measure, not a count), "
        "%(accuracy)s a percentage",
        "%(num)s decision reviewed: points lost %(points)s, accuracy %(accuracy)s.",
        "%(num)s decisions reviewed: points lost %(points)s, accuracy %(accuracy)s.",
    ),
    "accuracy_help": Msg(
        "replay: what the review's accuracy means",
        "Accuracy is the share of what your choices put at stake that you kept. Each choice is compared "
        "with every other you had, played out many times from what you could see then.",
    ),
    "label_best": Msg("review label: the player's choice was the best found", "Best"),
    "label_good": Msg("review label: a choice with no clear loss", "Good"),
    "label_inaccuracy": Msg("review label: a choice that lost a little", "Inaccuracy"),
    "label_mistake": Msg("review label: a choice that lost clearly", "Mistake"),
    "label_blunder": Msg("review label: a choice that lost a lot", "Blunder"),
    "decision_best": Msg(
        "replay: the player's choice here was the best; %(label)s is the review label",
        "%(label)s: no better choice found.",
    ),
    "decision_loss": Msg(
        "replay: what a choice cost; %(label)s is the review label, %(points)s the points lost (a decimal), "
        "%(low)s and %(high)s the ends of the 95 percent interval",
        "%(label)s: points lost %(points)s (95 %% interval %(low)s to %(high)s).",
    ),
    "better": Msg("replay: the better move; %(move)s describes it", "Better: %(move)s"),
    "why": Msg("replay: the reason the better move is better; %(reason)s is the reason", "Why: %(reason)s"),
    "losses_heading": Msg(
        "replay: heading of the list of the player's costliest decisions", "Biggest losses"
    ),
    "no_losses": Msg("replay: no decision lost points", "None of your decisions lost points."),
    "not_found": Msg(
        "replay: the deal cannot be shown",
        "This deal cannot be shown: it is not a finished deal of your tables in this browser.",
    ),
    "your_decision": Msg("replay: badge on a move that was the player's own decision", "Your decision"),
    "try_here": Msg(
        "replay button: open a new table at the player's move just shown (the same deal, the same pieces) "
        "to play that move differently",
        "Play this move differently",
    ),
    "try_failed": Msg(
        "replay: a new table could not be started at the move shown",
        "A new table could not be started from this move. Try again in a moment.",
    ),
}
