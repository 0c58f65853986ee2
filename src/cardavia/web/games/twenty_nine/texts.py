"""The Twenty-Nine table's own texts (its seats, the auction, the hidden trump, the tricks, the match
to ±6, log lines and the end of a deal), by the key its script asks for. The page's common texts are
:data:`cardavia.web.ui_text.COMMON`.

A key ending in ``_you`` is the player's own form of the key without it (``ts`` in table.js).
"""

from __future__ import annotations

from cardavia.web.content import Msg, Plural

# Where a seat's name fills a sentence it may be a friend's own name: each context says so.
_SEAT = "%(name)s is a seat (Partner, Opponent left…) or a friend's own name (any gender, one person)"

# The suits by code, as the table names them (and its hints' ``{suit_name}``, ``{led_name}``).
SUITS: dict[str, Msg] = {
    "c": Msg("Twenty-Nine: the suit of clubs (♣), as a trump or a suit", "Clubs"),
    "d": Msg("Twenty-Nine: the suit of diamonds (♦), as a trump or a suit", "Diamonds"),
    "h": Msg("Twenty-Nine: the suit of hearts (♥), as a trump or a suit", "Hearts"),
    "s": Msg("Twenty-Nine: the suit of spades (♠), as a trump or a suit", "Spades"),
}

TEXTS: dict[str, Msg | Plural] = {
    # the seats: partners face each other, the opponents sit either side
    "opp_right": Msg(
        "Twenty-Nine seat name: the opponent on your right, who plays right after you (you sit at the "
        "bottom; your partner faces you)",
        "Opponent right",
    ),
    "partner": Msg("Twenty-Nine seat name: your partner, sitting opposite you (your team)", "Partner"),
    "opp_left": Msg(
        "Twenty-Nine seat name: the opponent on your left, who plays right before you",
        "Opponent left",
    ),
    "piece_label": Msg(
        "Twenty-Nine: accessible name of a card (in the hand, on the table); %(name)s is its name, "
        "read alone: the card's drawing shows its rank and suit, and a screen reader would spell out a code",
        "%(name)s",
    ),
    "piece_text": Msg("Twenty-Nine: a card inside a sentence (log, hint); %(name)s is its name", "%(name)s"),
    "deal_no": Msg("Twenty-Nine log: number of the deal at this table (a deal, not a trick)", "Deal %(num)s"),
    "drawn": Msg(
        "Twenty-Nine log: the deal was annulled because the eldest hand's first four cards hold no point "
        "card (no jack, nine, ace or ten); it is dealt again",
        "Annulled: the first four cards of the eldest hand hold no point card. No score; the same dealer "
        "deals again.",
    ),
    # the suits, named in buttons and sentences (``suit_c``…)
    **{f"suit_{code}": name for code, name in SUITS.items()},
    # seat boxes
    "dealer": Msg("Twenty-Nine badge on the dealer's seat", "Dealer"),
    "bidder": Msg("Twenty-Nine badge on the seat that won the auction (the bidder)", "Bidder"),
    "asked_badge": Msg("Twenty-Nine badge on the seat that asked for the trump to be shown", "Asked"),
    "showed_badge": Msg(
        "Twenty-Nine badge on the bidder's seat when the bidder itself showed its hidden trump (it could "
        "not follow suit)",
        "Showed trump",
    ),
    "pair_badge": Msg(
        "Twenty-Nine badge on the seat that declared the pair (King and Queen of trumps)", "Pair"
    ),
    "cards_in_hand": Plural(
        "Twenty-Nine: cards a seat holds", "%(num)s card in hand", "%(num)s cards in hand"
    ),
    "tricks_won": Plural(
        "Twenty-Nine: tricks a seat has won in this deal", "%(num)s trick", "%(num)s tricks"
    ),
    "call_bid": Msg("Twenty-Nine seat box: the seat's last call in the auction was a bid", "Bid %(value)s"),
    "call_hold": Msg(
        "Twenty-Nine seat box: the seat's last call held the bid (stayed at the same number, as the first "
        "bidder may)",
        "Held at %(value)s",
    ),
    "call_pass": Msg("Twenty-Nine seat box: the seat has passed in the auction (for good)", "Passed"),
    # the doubling round, listed after the bids
    "call_double": Msg(
        "Twenty-Nine auction list: this seat doubled the opponents' contract (the deal counts twice)",
        "Doubled",
    ),
    "call_redouble": Msg(
        "Twenty-Nine auction list: this seat, of the doubled bidder's team, redoubled (the deal counts four "
        "times)",
        "Redoubled",
    ),
    "call_no_double": Msg(
        "Twenty-Nine auction list: this seat, an opponent of the bidder, chose not to double", "No double"
    ),
    "call_no_redouble": Msg(
        "Twenty-Nine auction list: this seat, of the doubled bidder's team, chose not to redouble",
        "No redouble",
    ),
    # the centre: the contract, the trump, the points, the trick
    "auction_heading": Msg("Twenty-Nine heading of the centre during the bidding", "Auction"),
    "no_bid": Msg("Twenty-Nine centre: nobody has bid yet", "No bid yet"),
    "current_bid": Msg(
        "Twenty-Nine centre: the highest bid so far and who holds it; " + _SEAT, "Bid %(value)s: %(name)s"
    ),
    "current_bid_you": Msg(
        "Twenty-Nine centre: the player holds the highest bid so far", "Bid %(value)s: you"
    ),
    "contract": Msg(
        "Twenty-Nine centre: the contract, its bid and bidder; " + _SEAT, "Contract %(value)s: %(name)s"
    ),
    "contract_you": Msg("Twenty-Nine centre: the player won the auction", "Contract %(value)s: you"),
    "trump_choosing": Msg("Twenty-Nine centre: the bidder is choosing the trump", "Trump: being chosen"),
    "trump_hidden": Msg(
        "Twenty-Nine centre: the bidder has chosen the trump face down; only the bidder knows it",
        "Trump: chosen, hidden",
    ),
    "trump_secret": Msg(
        "Twenty-Nine centre, on the bidder's own page only: the trump it chose, which no one else knows yet; "
        "%(suit)s is the suit",
        "Trump: %(suit)s (only you know it)",
    ),
    "trump_shown": Msg(
        "Twenty-Nine centre: the trump has been shown; %(suit)s is the suit", "Trump: %(suit)s"
    ),
    "doubled": Msg("Twenty-Nine centre: the deal was doubled and counts twice", "Doubled ×2"),
    "redoubled": Msg(
        "Twenty-Nine centre: the deal was doubled and redoubled and counts four times", "Redoubled ×4"
    ),
    "target": Msg("Twenty-Nine centre: the card points the bidder's team must take", "Target %(target)s"),
    "team_points": Msg(
        "Twenty-Nine centre: card points taken so far by each team in this deal",
        "Points: your team %(us)s, opponents %(them)s",
    ),
    "trick_heading": Msg(
        "Twenty-Nine centre: the trick being played, its number (1 to 8)", "Trick %(trick)s"
    ),
    "trick_points": Plural(
        "Twenty-Nine centre: card points in the trick so far", "%(num)s point in it", "%(num)s points in it"
    ),
    "trick_empty": Msg("Twenty-Nine: nobody has played to the current trick yet", "Nobody has played yet."),
    "trick_taken": Plural(
        "Twenty-Nine centre: the trick just finished, who took it and its points; " + _SEAT,
        "%(name)s took the trick: %(num)s point",
        "%(name)s took the trick: %(num)s points",
    ),
    "trick_taken_you": Plural(
        "Twenty-Nine centre: the player took the trick just finished, with its points",
        "You took the trick: %(num)s point",
        "You took the trick: %(num)s points",
    ),
    # the match to ±6, kept on a red and a black Six
    "match_heading": Msg(
        "Twenty-Nine: heading of the match score, which each team keeps on a red and a black Six (the "
        "traditional score cards); a team at +6 wins, at −6 loses",
        "Match to ±6",
    ),
    "sixes_us": Msg(
        "Twenty-Nine: accessible name of the player's team's score cards (a red and a black Six); %(score)s "
        "is its game points, + or −",
        "Your team: %(score)s; the match is won at +6 and lost at −6",
    ),
    "sixes_them": Msg(
        "Twenty-Nine: accessible name of the opponents' score cards (a red and a black Six); %(score)s is "
        "their game points, + or −",
        "Opponents: %(score)s; the match is won at +6 and lost at −6",
    ),
    "team_us": Msg("Twenty-Nine: the player's team (the player and the partner)", "Your team"),
    "team_them": Msg("Twenty-Nine: the other team (the two opponents)", "Opponents"),
    "match_won_us": Msg(
        "Twenty-Nine: the player's team has won the match (reached +6, or the other −6)",
        "Your team wins the match!",
    ),
    "match_won_them": Msg("Twenty-Nine: the opponents have won the match", "The opponents win the match."),
    "match_new": Msg(
        "Twenty-Nine: after a won match the next deal starts a new match",
        "The next deal starts a new match at 0.",
    ),
    # what the player may do now (below the controls)
    "open_line": Msg(
        "Twenty-Nine: the player opens the auction; %(low)s and %(high)s are the lowest and highest bids",
        "You open the auction: choose a bid from %(low)s to %(high)s (the points your team will take).",
    ),
    "raise_line": Msg(
        "Twenty-Nine: the player, as challenger, must bid more than the current bid or pass",
        "Bid more than %(value)s, or pass for good.",
    ),
    "hold_line": Msg(
        "Twenty-Nine: the player, who bid first, faces a raise and may hold (stay at the same bid); " + _SEAT,
        "%(name)s raised to %(value)s: hold at %(value)s to stay the bidder, bid higher, or pass for good.",
    ),
    "hold_rule": Msg(
        "Twenty-Nine: the rule of holding, shown beside the bid controls",
        "Holding: of the two players bidding, the one who bid first may stay at the same number; the "
        "challenger must bid higher. A pass is final, and the next player challenges.",
    ),
    "hold_button": Msg(
        "Twenty-Nine button: hold the current bid (stay the bidder at the same number)", "Hold %(value)s"
    ),
    "trump_choose": Msg(
        "Twenty-Nine: the player won the auction and chooses the trump face down; %(value)s is the contract",
        "You won the auction at %(value)s. Choose the trump face down: nobody else, not even your partner, "
        "knows it until someone asks for it.",
    ),
    "trump_wait": Msg(
        "Twenty-Nine: another seat chooses the trump face down; " + _SEAT,
        "%(name)s is choosing the trump face down.",
    ),
    "double_line": Msg(
        "Twenty-Nine: the player may double the opponents' contract; %(value)s is the bid; " + _SEAT,
        "%(name)s bid %(value)s. Double if you expect it to fail: the deal then counts twice.",
    ),
    "redouble_line": Msg(
        "Twenty-Nine: the player's side was doubled and may redouble",
        "The opponents doubled. Redouble if you expect to make it: the deal then counts four times.",
    ),
    "ask_line": Msg(
        "Twenty-Nine: the player cannot follow suit and may ask for the trump to be shown; what asking "
        "obliges",
        "You cannot follow suit: you may ask for the trump first. It is then shown to everyone, and you "
        "must play a trump if you hold one.",
    ),
    "asked_line": Msg(
        "Twenty-Nine: the player has just asked for the trump",
        "You asked for the trump: play a trump if you hold one.",
    ),
    "show_line": Msg(
        "Twenty-Nine: the player, who chose the hidden trump (the bidder), cannot follow suit and may show "
        "the trump to everyone before playing; what that obliges",
        "You cannot follow suit: you may show your trump first. Everyone then knows it, and you must play "
        "a trump if you hold one.",
    ),
    "shown_line": Msg(
        "Twenty-Nine: the player, the bidder, has just shown its own hidden trump",
        "You showed your trump: play a trump if you hold one.",
    ),
    "ask_button": Msg("Twenty-Nine button: ask the bidder to show the hidden trump", "Ask for trump"),
    "show_button": Msg(
        "Twenty-Nine button, on the bidder's own page: show the hidden trump it chose (it cannot follow "
        "suit)",
        "Show trump",
    ),
    "pair_line": Msg(
        "Twenty-Nine: the player may declare the pair (King and Queen of trumps); %(target)s is the new "
        "target",
        "You hold the King and Queen of trumps: declare the pair to make the target %(target)s.",
    ),
    "lead_line": Msg("Twenty-Nine: the player leads the trick", "Your lead: select a card, then press Play."),
    "follow_line": Msg(
        "Twenty-Nine: the player follows; the cards that cannot be played are dimmed",
        "Follow suit if you can: the cards you cannot play are dimmed. Select one, then press Play.",
    ),
    "bidder_lead_line": Msg(
        "Twenty-Nine: the bidder leads while its trump is still hidden",
        "Your trump is still hidden: you may not lead it until someone else has led one, unless you hold "
        "only trumps.",
    ),
    "trump_card": Msg(
        "Twenty-Nine: accessible name of a card of the trump suit in the player's hand; %(card)s is the card",
        "%(card)s, trump",
    ),
    "trump_mark": Msg("Twenty-Nine: small mark on a card of the trump suit in the player's hand", "trump"),
    # the log
    "log_bid": Msg("Twenty-Nine log: a seat bids; " + _SEAT, "%(name)s bids %(value)s."),
    "log_bid_you": Msg("Twenty-Nine log: the player bids", "You bid %(value)s."),
    "log_hold": Msg(
        "Twenty-Nine log: a seat holds the bid (stays at the same number); " + _SEAT,
        "%(name)s holds at %(value)s.",
    ),
    "log_hold_you": Msg("Twenty-Nine log: the player holds the bid", "You hold at %(value)s."),
    "log_pass": Msg("Twenty-Nine log: a seat passes in the auction; " + _SEAT, "%(name)s passes."),
    "log_pass_you": Msg("Twenty-Nine log: the player passes in the auction", "You pass."),
    "log_trump": Msg(
        "Twenty-Nine log: the bidder chose the trump face down; " + _SEAT,
        "%(name)s chooses the trump face down.",
    ),
    "log_trump_you": Msg(
        "Twenty-Nine log: the player chose the trump face down (only the player sees this line); %(suit)s "
        "is the suit",
        "You choose %(suit)s as trump, face down.",
    ),
    "log_double": Msg("Twenty-Nine log: a seat doubles; " + _SEAT, "%(name)s doubles."),
    "log_double_you": Msg("Twenty-Nine log: the player doubles", "You double."),
    "log_no_double": Msg("Twenty-Nine log: a seat does not double; " + _SEAT, "%(name)s does not double."),
    "log_no_double_you": Msg("Twenty-Nine log: the player does not double", "You do not double."),
    "log_redouble": Msg("Twenty-Nine log: a seat redoubles; " + _SEAT, "%(name)s redoubles."),
    "log_redouble_you": Msg("Twenty-Nine log: the player redoubles", "You redouble."),
    "log_no_redouble": Msg(
        "Twenty-Nine log: a seat does not redouble; " + _SEAT, "%(name)s does not redouble."
    ),
    "log_no_redouble_you": Msg("Twenty-Nine log: the player does not redouble", "You do not redouble."),
    "log_second_four": Msg(
        "Twenty-Nine log: the second four cards are dealt to every seat", "Everyone receives four more cards."
    ),
    "log_ask": Msg(
        "Twenty-Nine log: a seat asks for the trump, which is shown; %(suit)s is the suit; " + _SEAT,
        "%(name)s asks for the trump: it is %(suit)s.",
    ),
    "log_ask_you": Msg(
        "Twenty-Nine log: the player asks for the trump; %(suit)s is the suit",
        "You ask for the trump: it is %(suit)s.",
    ),
    "log_show": Msg(
        "Twenty-Nine log: the bidder, who could not follow suit, shows its own hidden trump; %(suit)s is "
        "the suit; " + _SEAT,
        "%(name)s shows the trump: it is %(suit)s.",
    ),
    "log_show_you": Msg(
        "Twenty-Nine log: the player, the bidder, shows its own hidden trump; %(suit)s is the suit",
        "You show your trump: it is %(suit)s.",
    ),
    "log_pair": Msg(
        "Twenty-Nine log: a seat declares the pair; %(target)s is the new target; " + _SEAT,
        "%(name)s declares the pair: the target is now %(target)s.",
    ),
    "log_pair_you": Msg(
        "Twenty-Nine log: the player declares the pair", "You declare the pair: the target is now %(target)s."
    ),
    "log_lead": Msg(
        "Twenty-Nine log: a seat leads a card; %(card)s is the card; " + _SEAT, "%(name)s leads %(card)s."
    ),
    "log_lead_you": Msg("Twenty-Nine log: the player leads a card", "You lead %(card)s."),
    "log_play": Msg(
        "Twenty-Nine log: a seat plays a card to the trick; " + _SEAT, "%(name)s plays %(card)s."
    ),
    "log_play_you": Msg("Twenty-Nine log: the player plays a card to the trick", "You play %(card)s."),
    "log_trick": Plural(
        "Twenty-Nine log: a seat takes the trick and its card points; " + _SEAT,
        "%(name)s takes the trick: %(num)s point.",
        "%(name)s takes the trick: %(num)s points.",
    ),
    "log_trick_you": Plural(
        "Twenty-Nine log: the player takes the trick",
        "You take the trick: %(num)s point.",
        "You take the trick: %(num)s points.",
    ),
    # the end of the deal
    "result_title": Msg("Twenty-Nine heading of the end-of-deal explanation", "End of the deal"),
    "res_contract": Msg(
        "Twenty-Nine result: the contract; %(value)s the bid, %(suit)s the trump; " + _SEAT,
        "%(name)s bid %(value)s with %(suit)s as trump.",
    ),
    "res_contract_you": Msg(
        "Twenty-Nine result: the player's contract", "You bid %(value)s with %(suit)s as trump."
    ),
    "res_doubled": Msg("Twenty-Nine result: the deal was doubled", "Doubled: the deal counts twice."),
    "res_redoubled": Msg(
        "Twenty-Nine result: the deal was redoubled", "Redoubled: the deal counts four times."
    ),
    "res_reveal": Msg(
        "Twenty-Nine result: who asked for the trump and in which trick (1 to 8); " + _SEAT,
        "%(name)s asked for the trump in trick %(trick)s.",
    ),
    "res_reveal_you": Msg(
        "Twenty-Nine result: the player asked for the trump", "You asked for the trump in trick %(trick)s."
    ),
    "res_shown": Msg(
        "Twenty-Nine result: the bidder showed its own trump and in which trick (1 to 8); " + _SEAT,
        "%(name)s showed the trump in trick %(trick)s.",
    ),
    "res_shown_you": Msg(
        "Twenty-Nine result: the player, the bidder, showed its own trump",
        "You showed your trump in trick %(trick)s.",
    ),
    "res_no_reveal": Msg(
        "Twenty-Nine result: nobody asked for the trump",
        "Nobody asked for the trump: it stayed hidden until now.",
    ),
    "res_pair_down": Msg(
        "Twenty-Nine result: the bidder's team declared the pair, lowering the target; " + _SEAT,
        "%(name)s declared the pair: the target went down from %(bid)s to %(target)s.",
    ),
    "res_pair_down_you": Msg(
        "Twenty-Nine result: the player (bidder's team) declared the pair",
        "You declared the pair: the target went down from %(bid)s to %(target)s.",
    ),
    "res_pair_up": Msg(
        "Twenty-Nine result: the bidder's opponents declared the pair, raising the target; " + _SEAT,
        "%(name)s declared the pair: the target went up from %(bid)s to %(target)s.",
    ),
    "res_pair_up_you": Msg(
        "Twenty-Nine result: the player (opponent of the bidder) declared the pair",
        "You declared the pair: the target went up from %(bid)s to %(target)s.",
    ),
    "res_no_pair": Msg(
        "Twenty-Nine result: nobody declared the pair",
        "Nobody declared the pair: the target stayed %(target)s.",
    ),
    "res_points": Msg(
        "Twenty-Nine result: card points each team took",
        "Card points: your team %(us)s, the opponents %(them)s.",
    ),
    "res_made": Msg(
        "Twenty-Nine result: the bidding team made its contract; %(points)s its card points",
        "Made: the bidding team took %(points)s, at least its target of %(target)s.",
    ),
    "res_failed": Msg(
        "Twenty-Nine result: the bidding team failed",
        "Failed: the bidding team took %(points)s, less than its target of %(target)s.",
    ),
    "res_change_us": Msg(
        "Twenty-Nine result: what the deal moved the player's team's match score by (only the bidding team "
        "scores); %(amount)s is signed",
        "This deal: %(amount)s for your team in the match.",
    ),
    "res_change_them": Msg(
        "Twenty-Nine result: what the deal moved the opponents' match score by; %(amount)s is signed",
        "This deal: %(amount)s for the opponents in the match.",
    ),
    "res_match": Msg(
        "Twenty-Nine result: the match score after the deal; %(us)s and %(them)s are signed",
        "Match: your team %(us)s, the opponents %(them)s.",
    ),
    "col_trick": Msg("Twenty-Nine results column heading: the trick's number", "Trick"),
    "play_led": Msg(
        "Twenty-Nine trick: the name above the trick's first card, marking the player who led it (the suit "
        "led is the one to follow); %(name)s is the seat's name or a friend's own name (any gender); keep "
        "it short",
        "%(name)s · led",
    ),
    "col_led": Msg("Twenty-Nine results column heading: who led the trick", "Led by"),
    "col_won": Msg("Twenty-Nine results column heading: who took the trick", "Taken by"),
    "col_points": Msg("Twenty-Nine results column heading: the trick's card points", "Points"),
    "tricks_caption": Msg(
        "Twenty-Nine results: caption of the table of the eight tricks", "The eight tricks"
    ),
    "shown_four": Msg(
        "Twenty-Nine: accessible name of the annulled deal's shown cards (the eldest hand's first four)",
        "The eldest hand's four cards",
    ),
    # the end of a deal is a team's: the shared lines would name one seat as the winner
    "over_summary": Msg(
        "Twenty-Nine table status at the end of a deal: the team of the seat named won it; " + _SEAT + "; "
        "%(amount)s is the player's own result in game points",
        "The deal is over: %(name)s's team wins. Your result: %(amount)s.",
    ),
    "over_summary_you": Msg(
        "Twenty-Nine table status at the end of a deal the player's team won; %(amount)s is the player's "
        "own result in game points",
        "The deal is over: your team wins. Your result: %(amount)s.",
    ),
    "deal_won": Msg(
        "Twenty-Nine log, last line of a deal: the team of the seat named won it; " + _SEAT,
        "%(name)s's team wins the deal.",
    ),
    "deal_won_you": Msg(
        "Twenty-Nine log, last line of a deal the player's team won", "Your team wins the deal."
    ),
}
