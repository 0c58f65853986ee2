"""The table page's texts that JavaScript shows, as messages with their translator context.

They are translated on the server into the page's language and handed to the page as JSON, so
the browser never holds English fallbacks for a translated page. Placeholders are ``%(name)s``;
plural messages are resolved in the browser by the language's CLDR category (``one``/``other``).
Each game's own texts (its seats, its log lines) are its web package's ``GameWeb.texts``.
"""

from __future__ import annotations

from cardavia.web.content import Msg, Plural

__all__ = ["COMMON", "OVERRIDABLE", "REPLAY", "Plural"]

# The keys a game's texts may give in its own words (``GameWeb.texts`` overrides them); the shared
# pages use these defaults for a game that does not (a ``_you`` key is the player's own form).
OVERRIDABLE: dict[str, Msg | Plural] = {
    "piece_label": Msg(
        "accessible name of a piece (in the hand, on the table) in a game that gives no form of its own; "
        "%(name)s is the piece's name",
        "%(name)s",
    ),
    "piece_text": Msg(
        "a piece inside a sentence (log, hint, error) in a game that gives no form of its own; "
        "%(name)s is the piece's name",
        "%(name)s",
    ),
    "deal_no": Msg(
        "table log: number of the deal at this table (a deal, not a round or a trick)", "Deal %(num)s"
    ),
    "drawn": Msg(
        "table log: the deal ended with no winner, so it counts for nothing and is dealt again",
        "The deal is drawn: nobody wins, and it is dealt again.",
    ),
    # the end of a deal as the engine's outcome gives it (its winner, the player's returns): a game
    # with no single winner may say it in its own words
    "over_summary": Msg(
        "table status at the end of a deal; %(name)s is the winner's seat, a compass point or a "
        "friend's own name (any gender, one person); %(amount)s is the player's own net",
        "The deal is over: %(name)s wins. Your result: %(amount)s.",
    ),
    "over_summary_you": Msg(
        "table status at the end of a deal the player won; %(amount)s is the player's net",
        "The deal is over: you win. Your result: %(amount)s.",
    ),
    "deal_won": Msg(
        "table log, last line of a deal: %(name)s (a seat, or a friend's own name) won the deal",
        "%(name)s wins the deal.",
    ),
    "deal_won_you": Msg("table log, last line of a deal the player won", "You win the deal."),
}

COMMON: dict[str, Msg | Plural] = {
    **OVERRIDABLE,
    "you": Msg("seat name: the human player", "You"),
    "seat_label": Msg(
        "accessible name of a seat: %(name)s is the seat's name, a compass point or a friend's "
        "own name (any gender, one person)",
        "Seat: %(name)s",
    ),
    "to_act": Msg("badge on the seat whose turn it is", "To play"),
    "your_turn": Msg("table status", "Your turn"),
    "your_turn_doing": Msg(
        "table status on the player's turn, with what the game asks of them now, so that a screen reader "
        'says both at once; %(what)s is that instruction, a whole sentence ("Bid at least 16, or pass.")',
        "Your turn. %(what)s",
    ),
    "playing": Msg(
        "table status: another seat is thinking; %(name)s is its name, a compass point or a "
        "friend's own name (any gender, one person)",
        "%(name)s is playing…",
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
    "winner": Msg(
        "results line: %(name)s is the winner's seat, a compass point or a friend's own name (any"
        " gender, one person)",
        "Winner: %(name)s",
    ),
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
    "waiting_partner": Msg(
        "table status of a game played in partnerships while the player's partner (the seat opposite, "
        "on the player's team) decides: bids, chooses or plays",
        "Your partner is playing…",
    ),
    "catching_up": Msg(
        "table notice while the page reconnects to a busy or restarting server",
        "The server is catching up. The table will be back in a moment…",
    ),
    "resending": Msg(
        "table notice: the server failed before confirming the player's move (or new deal), which may or"
        " may not have been recorded; the page sends the same request again, which is never applied twice",
        "The server may not have received that. Sending it again…",
    ),
    "title_your_turn": Msg(
        "browser tab title when it is the player's turn; %(title)s is the page's usual title",
        "Your turn · %(title)s",
    ),
    "pays_you": Msg(
        "payment explained: %(name)s is a seat, a compass point or a friend's own name (any "
        "gender, one person); %(amount)s is a number of points",
        "%(name)s pays you %(amount)s",
    ),
    "you_pay": Msg(
        "payment explained: the player pays %(name)s %(amount)s points; %(name)s is a seat, a "
        "compass point or a friend's own name (any gender, one person)",
        "You pay %(name)s %(amount)s",
    ),
    "pays": Msg(
        "payment explained: %(payer)s and %(payee)s are seats, each a compass point or a friend's"
        " own name (any gender, one person); %(amount)s is a number of points",
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
        "accessible name of a figure in the results that opens into its reasons; %(name)s is a "
        "seat, a compass point or a friend's own name (any gender, one person)",
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
        "table log: the time for a turn ran out, so the AI made this move; %(name)s is a friend's"
        " own name beside their seat (any gender, one person)",
        "Time ran out: the AI plays for %(name)s.",
    ),
    "auto_played_you": Msg(
        "table log: the player's time for a turn ran out, so the AI made this move for them",
        "Time ran out: the AI plays this move for you.",
    ),
    # a table shared with friends: the turn clock, quick messages, playing again together
    "clock_you": Msg(
        "table: the time the player has left for their move before the AI plays it for them; %(time)s "
        "is minutes:seconds (0:23)",
        "Your time: %(time)s",
    ),
    "clock_other": Msg(
        "table: the time another player has left for their move; %(name)s is their seat, a compass "
        "point or a friend's own name (any gender, one person); %(time)s is minutes:seconds (0:23)",
        "Time left for %(name)s: %(time)s",
    ),
    "clock_warn_you": Msg(
        "table, read out by screen readers: the player's time for this move is nearly up",
        "10 seconds left for your move.",
    ),
    "quick_heading": Msg(
        "table shared with friends: heading of the buttons that send a short fixed message to the others",
        "Quick messages",
    ),
    "quick_good_game": Msg("quick message to the other players at the table", "Good game"),
    "quick_well_played": Msg(
        "quick message to the other players at the table: praise for a move", "Well played"
    ),
    "quick_thanks": Msg("quick message to the other players at the table", "Thanks"),
    "quick_oops": Msg("quick message to the other players at the table: after one's own slip", "Oops"),
    "quick_one_moment": Msg(
        "quick message to the other players at the table: please wait a little", "One moment"
    ),
    "quick_said": Msg(
        "table log: a quick message another player sent; %(name)s is their seat, a compass point or a "
        "friend's own name (any gender, one person); %(message)s is the message",
        "%(name)s: %(message)s",
    ),
    "quick_said_you": Msg(
        "table log: the quick message the player sent; %(message)s is the message", "You: %(message)s"
    ),
    "quick_mute": Msg(
        "table shared with friends: checkbox that hides and silences the others' quick messages",
        "Mute quick messages",
    ),
    "quick_too_fast": Msg(
        "table notice: the player sent quick messages too fast (one every 2 seconds)",
        "Wait a moment before sending another message.",
    ),
    # the seat list of a shared table (everyone sees it; the host also gets its buttons)
    "who_host": Msg("seat list of a shared table: the seat of the person who made the table", "Host"),
    "who_person": Msg(
        "seat list of a shared table: an invited friend who has taken their seat (said of one "
        "person, any gender)",
        "Playing",
    ),
    "who_slow": Msg(
        "seat list and seat box: a friend's time for a move ran out, so the AI made that move; they "
        "are still at the table and play their next turn themselves (said of one person, any gender)",
        "Out of time: the AI played their turn",
    ),
    "who_left_ai": Msg(
        "seat list and seat box: an invited friend has left the table (closed or lost), and the AI "
        "plays their turns until they are back (said of one person, any gender)",
        "Has left: the AI plays for them",
    ),
    "who_open": Msg(
        "seat list and seat box: an invited seat whose link nobody has used yet", "Waiting for a player"
    ),
    "who_ai": Msg("seat list and seat box: the AI plays this seat", "Played by the AI"),
    "who_left": Msg(
        "seat list and seat box: an invited friend's browser has left the table (closed or lost) "
        "(said of one person, any gender)",
        "Has left the table",
    ),
    "who_host_left": Msg(
        "seat list: the host (the person who made the table) has left the table for now (said of "
        "one person, any gender)",
        "Host, has left the table",
    ),
    "seat_play_for": Msg(
        "seat list button (host): a friend has left the table; the AI plays their turns until "
        "they are back (one friend: any gender, one person)",
        "Let the AI play for them",
    ),
    "left_table": Msg(
        "table log: an invited friend (or the host) has left the table; %(name)s is a friend's "
        "own name beside their seat (any gender, one person)",
        "%(name)s has left the table.",
    ),
    "back_table": Msg(
        "table log: a friend who had left is back at the table; %(name)s is a friend's own name "
        "beside their seat (any gender, one person)",
        "%(name)s is back.",
    ),
    "handed_ai": Msg(
        "table log: the host let the AI play for a friend who left until they are back; %(name)s "
        "is a friend's own name beside their seat (any gender, one person)",
        "The AI plays for %(name)s until they are back.",
    ),
    "auto_left": Msg(
        "table log: a friend has left the table, so the AI made this move for them; %(name)s is a"
        " friend's own name beside their seat (any gender, one person)",
        "%(name)s is away: the AI plays for them.",
    ),
    "auto_left_you": Msg(
        "table log: the player had left the table, so the AI made this move for them",
        "You were away: the AI played this move for you.",
    ),
    "copy_link": Msg("button: copy an invite link to the clipboard", "Copy"),
    "copied": Msg("button after the invite link was copied to the clipboard", "Copied"),
    "new_link": Msg(
        "seat list button (host): make a new invite link for an open seat; the old link stops working",
        "New link",
    ),
    "seat_to_ai": Msg(
        "seat list button (host): the AI plays this open seat instead of an invited friend",
        "Let the AI play this seat",
    ),
    "for_seat": Msg(
        "accessible name of a seat list button: %(action)s is the button's text, %(seat)s the "
        "seat, a compass point or a friend's own name (any gender, one person)",
        "%(action)s: %(seat)s",
    ),
    "link_for_seat": Msg(
        "accessible name of the field holding an open seat's invite link; %(seat)s is the seat",
        "Invite link for %(seat)s",
    ),
    "joined": Msg(
        "table log: an invited friend took their seat; %(name)s is the name they chose, a "
        "friend's own name (any gender, one person)",
        "%(name)s has joined the table.",
    ),
    "now_ai": Msg(
        "table log: from now on the AI plays this seat; %(seat)s is the seat, a compass point or "
        "a friend's own name (any gender, one person)",
        "The AI plays %(seat)s from now on.",
    ),
    "people_count": Plural(
        "rules beside a shared table: how many people sit at it, in “%(people)s and %(ai)s at this table”",
        "%(num)s person",
        "%(num)s people",
    ),
    "ai_count": Plural(
        "rules beside a shared table: how many seats the AI plays, in “%(people)s and %(ai)s at this table”",
        "%(num)s AI player",
        "%(num)s AI players",
    ),
    "shared_meta": Msg(
        "rules beside a shared table, instead of 'you vs three AI': %(people)s is like '2 people', "
        "%(ai)s like '2 AI players'",
        "%(people)s and %(ai)s at this table",
    ),
    "shared_meta_no_ai": Msg(
        "rules beside a shared table where every seat is a person's: %(people)s is like '4 people'",
        "%(people)s at this table, no AI",
    ),
    "leave_confirm": Msg(
        "confirmation before the host of a shared table starts a new game of their own",
        "Your friends are at this table. Start a new game of your own? The AI will play your seat here, "
        "so they can play on.",
    ),
    # the tradition page's Play with a level other than that of this browser's unfinished table
    "level_ask": Msg(
        "table: the player chose a level on the tradition page, but this browser has a game in progress "
        "at another level; %(old)s and %(new)s are Easy, Normal or Hard",
        "You have a game in progress against %(old)s opponents. You chose %(new)s.",
    ),
    "level_resume": Msg(
        "table button: go on with the game in progress at its level; %(level)s is Easy, Normal or Hard",
        "Go on with it (%(level)s)",
    ),
    "playing_level_ai": Msg(
        "table shared with friends: how strong the AI players at this table are (the friends are "
        "opponents too); %(level)s is Easy, Normal or Hard",
        "Opponents: AI %(level)s",
    ),
    "level_new": Msg(
        "table button: start a new game at the level just chosen; %(level)s is Easy, Normal or Hard",
        "New game (%(level)s)",
    ),
    # a table opened from a replay to play one of the player's moves again
    "tried_from": Msg(
        "table page, at a table opened from a replay to play a move again; %(deal)s names the deal "
        "('Deal 1'), %(step)s is the move's number in the replay, %(move)s the move the review suggested "
        "('put Heaven 6-6 face down')",
        "%(deal)s, move %(step)s again — the review suggested: %(move)s.",
    ),
    "tried_from_plain": Msg(
        "table page, at a table opened from a replay to play a move again, when the review suggested "
        "nothing there; %(deal)s names the deal ('Deal 1'), %(step)s is the move's number in the replay",
        "%(deal)s, move %(step)s again.",
    ),
    "back_to_replay": Msg("link from a table opened from a replay back to that replay", "Back to the replay"),
}

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
    "hand_of": Msg(
        "replay: heading of one player's pieces; %(name)s is the seat's name, a compass point or "
        "a friend's own name (any gender, one person)",
        "Hand: %(name)s",
    ),
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
    "review_totals": Msg(
        "replay, among the review's figures: %(points)s the points lost over all the decisions (a decimal), "
        "%(accuracy)s a percentage",
        "Points lost in all: %(points)s; accuracy %(accuracy)s.",
    ),
    "review_totals_one": Msg(
        "replay, among the figures of a review of one decision (where an accuracy means nothing): "
        "%(points)s the points it lost, %(stake)s how far apart its best and worst choices lay (decimals)",
        "Points lost: %(points)s; the best and the worst choice lay %(stake)s apart.",
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
        "%(low)s and %(high)s the ends of its confidence interval, %(confidence)s the interval's level "
        "already written as your language writes a percentage (95%, Norwegian 95 %)",
        "%(label)s: points lost %(points)s (%(confidence)s interval %(low)s to %(high)s).",
    ),
    "better": Msg("replay: the better move; %(move)s describes it", "Better: %(move)s"),
    "review_overview": Plural(
        "replay: the review's first line; %(labels)s lists how many decisions got each label, "
        "like 'Best: 9, Good: 2, Mistake: 1'",
        "%(num)s decision reviewed: %(labels)s.",
        "%(num)s decisions reviewed: %(labels)s.",
    ),
    "label_count": Msg(
        "replay: one review label and how many decisions got it, in the review's first line; %(label)s is "
        "the label, %(tally)s the number of decisions",
        "%(label)s: %(tally)s",
    ),
    "figures": Msg(
        "replay: a disclosure that opens the review's figures (deals played out, averages, intervals)",
        "Figures",
    ),
    "accuracy_line": Msg(
        "replay, among the review's figures: what accuracy is; %(full)s is one hundred percent",
        "Accuracy: of the points your choices could win or lose, the share you kept (%(full)s when every "
        "choice was the best).",
    ),
    "decision_lost": Msg(
        "replay: what a choice cost; %(label)s is the review label, %(points)s the points lost (a decimal)",
        "%(label)s: points lost %(points)s.",
    ),
    "measured": Plural(
        "replay, among a decision's figures: the deal was played out %(num)s times from what the player "
        "could see; %(best)s and %(chosen)s are average results in points (decimals)",
        "The rest of the deal was played out %(num)s time from what you could see: the better move "
        "scored %(best)s on average, yours %(chosen)s.",
        "The rest of the deal was played out %(num)s times from what you could see: the better move "
        "scored %(best)s on average, yours %(chosen)s.",
    ),
    "why": Msg("replay: the reason the better move is better; %(reason)s is the reason", "Why: %(reason)s"),
    "option_value": Msg(
        "replay, an exact review: one choice the player had and its exact value; %(move)s says the choice "
        "('set 6-6+3-4 behind and 5-6+2-5 in front'), %(points)s its average result in points a deal (a "
        "decimal such as 0.454 or −0.441)",
        "%(move)s: %(points)s",
    ),
    "option_value_yours": Msg(
        "replay, an exact review: the choice the player made and its exact value; %(move)s says the choice, "
        "%(points)s its average result in points a deal (a decimal)",
        "%(move)s (your choice): %(points)s",
    ),
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
