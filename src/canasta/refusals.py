"""The English words of every refusal the engine makes: code -> template (see :mod:`canasta.messages`).

A check refuses a move with a code and its data, ``("wrong_rank", {"top_card": "QH", "card": "7S"})``;
the sentence is made where a person reads it, ``render(REFUSALS[code], data)`` in English (what
``IllegalAction`` carries), or from the catalogue of the reader's language keyed by the same codes.
One code per sentence; the data are typed by their key's name (``card``/``*_card`` a card,
``rank``/``*_rank`` a rank, other ints numbers, ``n`` the plural count). ``tests/test_wording.py``
checks that every code the engine returns is here and that every template names only its data.
"""

from __future__ import annotations

from typing import Final

from .messages import Template

REFUSALS: Final[dict[str, Template]] = {
    # ------------------------------------------------------------------ an action at all, the phase
    "not_an_action": "{value} is not an action",
    "bad_action_op": "an action's op must be an Op (such as Op.DISCARD), not {value}",
    "bad_action_cards": "an action's cards must be a tuple of card numbers (0 to 52), not {value}",
    "bad_action_field": "an action's {field} must be a whole number (-1 for none), not {value}",
    "game_over": "the game is over",
    "answer_partner": "seat {seat} must first answer whether their partner may go out",
    "not_asked": "nobody has asked to go out",
    "draw_first": "draw from the stock or take the pile first",
    "already_drawn": "you have already drawn this turn",
    # ------------------------------------------------------------------ cards held
    "not_a_card": "{value} is not a card",
    "not_in_hand": "you do not hold {card}",
    "not_that_many": "you do not hold that many {card}",
    # ------------------------------------------------------------------ draw, upcard
    "shown_melds": "you have shown melds to take the pile: take it, or retract them first",
    "stock_empty": "the stock is empty: take the discard pile or end the hand",
    "stock_empty_replacement": "the stock is empty: there is no further card",
    "stock_empty_upcard": "the stock is empty: the upcard is taken with a card from the stock",
    "no_upcard": "only the first player, on the first turn, may take the upcard alone",
    "upcard_gone": "there is no upcard",
    "upcard_wild": "the upcard {card} is a wild card and cannot be taken",
    "upcard_black_three": "the upcard {card} is a black three and cannot be taken",
    "upcard_not_natural": "the upcard {card} is not a natural card",
    # ------------------------------------------------------------------ taking the pile
    "pile_empty": "the discard pile is empty",
    "wild_on_top": "a wild card ({card}) on top of the pile cannot be taken",
    "black_three_stop": "a black three on top stops you taking the pile",
    "red_three_on_top": "a red three on top of the pile cannot be taken",
    "one_card_pile": "with one card in hand you may not take a one-card pile",
    "one_card_go_out": "with one card in hand you may take the pile only if you can go out",
    "no_meld": "your side has no meld @{meld}",
    "wrong_rank": "to take the pile your cards must match the top card ({top_card}); {card} does not",
    "meld_target": "the top card goes onto your meld of {rank}: write @{meld}",
    "no_meld_of_rank": "there is no meld of that rank to take the pile onto",
    "meld_target_wrong": "the top card ({top_card}) does not belong in meld @{meld}",
    "natural_cards": "take the pile with natural cards from your hand (add wild cards after)",
    "frozen": "the pile is frozen: you need two natural {rank} from your hand to take it",
    "frozen_always": "the pile is always frozen: you need two natural {rank} from your hand to take it",
    "frozen_unopened": "the pile is frozen for a side that has not yet melded: you need two natural "
                       "{rank} from your hand to take it",
    "wilds_cannot_take": "wild cards cannot take the pile: you need natural {rank}",
    "layoff_alone": "to lay the top card off on your {rank}, take it alone (take @{meld}) and add your "
                    "cards after",
    "layoff_alone_sequence": "the top card extends the sequence alone (take @{meld}); add your cards after",
    "need_pair": "you need two natural {rank} to take the pile",
    "need_pair_or_wild": "you need two {rank} (or one and a wild card) to take the pile",
    "canasta_closed_top": "the top card may not be added to a completed canasta",
    "new_meld_size": "a new meld needs at least three cards",
    "dead_card": "{rank} are dead: your side has closed their canasta",
    "opening_minimum": "your side needs {minimum} points to open; this makes {points}",
    "opening_natural": "your opening needs a meld of three or more natural cards",
    "no_sequence_take": "the pile cannot be taken to extend a sequence",
    # ------------------------------------------------------------------ S0's top card alone
    "no_facility": "the top card alone may be taken only before your side lays down, once an "
                   "opponent's lay-down player has had another turn",
    "top_size": "the top card goes with two or more cards from your hand",
    "top_new_meld": "the top card makes a new meld: write top CARD CARD",
    "top_naturals": "the top card goes with natural cards from your hand",
    "facility_turns": "a wild top card may be used only after three turns",
    "top_mixed_ranks": "the cards from your hand must be of one rank",
    "top_wrong_rank": "the cards must be two or more {rank}",
    "top_wrong_rank_run": "the cards must be two or more {rank} or two cards making a run with it",
    "laydown_minimum": "your side needs {minimum} points to lay down; this makes {points}",
    # ------------------------------------------------------------------ a new meld
    "draw_first_to_meld": "draw first (you may show melds before drawing only to take the pile for "
                          "your opening)",
    "draw_first_red_three": "draw first: a red three is melded after the draw",
    "retracted": "you took back your opening this turn; discard to end the turn",
    "laydown_locked": "you took the upcard: you cannot lay down until your next turn",
    "meld_size": "lay a new meld as three cards, then add more one at a time",
    "red_three": "red threes cannot be melded with other cards",
    "mixed_ranks": "a meld's natural cards must all be of one rank",
    "mixed_ranks_or_run": "a meld is cards of one rank, or a sequence of one suit in a row",
    "sequence_window": "that sequence does not fit a sequence canasta (they run within {low_rank:one} "
                       "to {high_rank:one})",
    "no_naturals": "wild cards cannot be melded on their own",
    "few_naturals": ("a meld needs at least one natural card", "a meld needs at least {n} natural cards"),
    "one_meld_per_rank": "your side already has a meld of {rank}: add to it (@{meld})",
    # ------------------------------------------------------------------ a meld a position or record shows
    # (melds.meld_problem: the reason inside a RecordError's "{where}: {reason}")
    "meld_empty": "a meld needs cards",
    "meld_black_three_mixed": "black threes meld only with each other",
    "meld_red_three": "red threes cannot be melded",
    "meld_wild_alone": "wild cards cannot be melded on their own here",
    "meld_wild_size": "a wild meld holds at most {size} cards",
    "meld_shape": "a meld is cards of one rank, or (where the rules have sequences) three or more natural "
                  "cards of one suit in a row",
    "meld_naturals": "a meld needs three cards, {naturals} of them natural",
    # ------------------------------------------------------------------ black threes
    "black_three_never": "black threes cannot be melded",
    "black_three_going_out": "black threes are melded only when going out",
    "black_three_all": "meld all your black threes together when you go out",
    "black_three_alone": "black threes are melded only with each other",
    "black_three_no_wilds": "black threes may not be melded with wild cards",
    "black_three_wild_pair": "a wild card joins only two black threes",
    "black_three_min": "you need at least {n} black threes to meld them",
    "black_three_last": "black threes are melded only as you go out: meld your other cards first",
    "black_three_closed": "nothing can be added to the black threes",
    # ------------------------------------------------------------------ adding to a meld
    "add_one": "add one card at a time",
    "add_wrong_rank": "{card} does not belong in the meld of {rank}",
    "not_wild": "{card} is not a wild card: a meld of wild cards takes only wild cards",
    "wrong_card": "{card} does not extend the sequence {first_card}-{last_card}",
    "sequence_full": "that sequence cannot grow any further",
    "wild_meld_full": "that meld of wild cards cannot grow any further",
    "canasta_closed": "no cards may be added to a completed canasta",
    "canasta_closed_wild": "wild cards may not be added to a completed canasta",
    # ------------------------------------------------------------------ wild cards in a meld
    "wild_limit_max": ("a meld may hold at most one wild card", "a meld may hold at most {n} wild cards"),
    "wild_limit_ratio": "a meld may not hold more wild cards than natural cards",
    "wild_limit_fewer": "a meld must hold more natural cards than wild cards",
    "wild_limit_size": "a meld may hold at most {n} cards",
    "wild_limit_rank": "melds of {rank} never take wild cards",
    "wild_limit_opening": "{rank} take wild cards only in the opening meld",
    "wild_limit_naturals": ("after the opening a wild card joins only a meld with one natural card",
                            "after the opening a wild card joins only a meld with {n} natural cards"),
    # ------------------------------------------------------------------ merging
    "no_merge": "melds cannot be merged in these rules",
    "merge_melds": "name two different melds of your side",
    "merge_order": "write the lower meld number first: merge @{meld} @{other}",
    "merge_ranks": "only two group melds of the same rank can be merged",
    "merge_keep_card": "after that merge you could not go out with your last card",
    # ------------------------------------------------------------------ going out (a play that would
    # leave one card, empty the hand, meld the black threes or discard the last card, and why not)
    "keep_cards_canastas": ("that would leave you one card, but you may not go out: your side needs "
                            "one canasta to go out and has {canastas}",
                            "that would leave you one card, but you may not go out: your side needs "
                            "{n} canastas to go out and has {canastas}"),
    "keep_cards_sequence": "that would leave you one card, but you may not go out: one of your side's "
                           "canastas must be a sequence canasta (escalera) to go out",
    "keep_cards_partner_no": "that would leave you one card, but you may not go out: your partner "
                             "said no this turn",
    "keep_cards_ask_first": "that would leave you one card, but you may not go out: you must first "
                            "ask your partner",
    "keep_cards_opening": "that would leave you one card, but you may not go out: your side has not "
                          "met its opening minimum of {minimum}",
    "cannot_go_out_canastas": ("that would empty your hand, but you may not go out: your side needs "
                               "one canasta to go out and has {canastas}",
                               "that would empty your hand, but you may not go out: your side needs "
                               "{n} canastas to go out and has {canastas}"),
    "cannot_go_out_sequence": "that would empty your hand, but you may not go out: one of your side's "
                              "canastas must be a sequence canasta (escalera) to go out",
    "cannot_go_out_partner_no": "that would empty your hand, but you may not go out: your partner said "
                                "no this turn",
    "cannot_go_out_ask_first": "that would empty your hand, but you may not go out: you must first "
                               "ask your partner",
    "cannot_go_out_opening": "that would empty your hand, but you may not go out: your side has not "
                             "met its opening minimum of {minimum}",
    "black_three_out_canastas": ("black threes are melded only when going out, and your side needs "
                                 "one canasta to go out and has {canastas}",
                                 "black threes are melded only when going out, and your side needs "
                                 "{n} canastas to go out and has {canastas}"),
    "black_three_out_sequence": "black threes are melded only when going out, and one of your side's "
                                "canastas must be a sequence canasta (escalera) to go out",
    "black_three_out_partner_no": "black threes are melded only when going out, and your partner said "
                                  "no this turn",
    "black_three_out_ask_first": "black threes are melded only when going out, and you must first ask "
                                 "your partner",
    "black_three_out_opening": "black threes are melded only when going out, and your side has not met "
                               "its opening minimum of {minimum}",
    "discard_out_canastas": ("discarding your last card would go out, but your side needs one canasta "
                             "to go out and has {canastas}",
                             "discarding your last card would go out, but your side needs {n} "
                             "canastas to go out and has {canastas}"),
    "discard_out_sequence": "discarding your last card would go out, but one of your side's canastas "
                            "must be a sequence canasta (escalera) to go out",
    "discard_out_partner_no": "discarding your last card would go out, but your partner said no this "
                              "turn",
    "discard_out_ask_first": "discarding your last card would go out, but you must first ask your "
                             "partner",
    "discard_out_opening": "discarding your last card would go out, but your side has not met its "
                           "opening minimum of {minimum}",
    "discard_needed": "you must keep a card to discard when you go out",
    # ------------------------------------------------------------------ discarding
    "discard_one": "discard exactly one card",
    "no_discard": "the last card of the stock was a red three: you may meld, then end the hand "
                  "without discarding",
    "opening_natural_retract": "your opening needs a meld of three or more natural cards: add more or "
                               "retract them",
    "opening_short": "your melds make {points}, short of your side's opening minimum of {minimum}: add "
                     "more or retract them",
    "swad_wild": "after taking the pile you may not discard a wild card onto the empty pile",
    "swad_seven": "after taking the pile you may not discard a seven onto the empty pile",
    "swad_ace": "after taking the pile you may not discard an ace onto the empty pile",
    "swad_dead": "after taking the pile you may not discard a dead card ({rank} are closed) onto the "
                 "empty pile",
    "must_go_out": "your partner said yes, and you can go out: meld your cards and go out this turn",
    # ------------------------------------------------------------------ asking the partner
    "no_partner": "there is no partner to ask",
    "ask_after_pickup": "ask after your pick-up (draw or take), before showing any card",
    "ask_after_showing": "ask before any card is shown this turn",
    "asked": "you have already asked this turn",
    "asked_once": "you may ask only once a hand",
    "ask_after_draw": "ask after drawing (before drawing, only to go out by taking the pile)",
    "ask_late": "ask before you meld down to your last card (a 'no' must leave you a card to keep "
                "after discarding)",
    # ------------------------------------------------------------------ retract, end, pass
    "nothing_to_retract": "there are no provisional melds to take back",
    "no_end": "end your turn with a discard",
    "no_end_stock": "the stock is not empty: draw from the stock or take the pile",
    "must_take": "the stock is gone and the discard fits your meld: you must take it",
    "no_pass": "these rules have no pass: end your turn with a discard",
    "pass_one_card": "you may pass only when one card is left and you may not go out",
    "pass_can_go_out": "you can go out: discard your last card",
    # ------------------------------------------------------------------ special hands
    "no_special": "name a special hand: pairs, garbage or straight",
    "special_not_in_rules": "these rules have no such special hand",
    "special_melded": "a special hand is only for a side that has not melded (once a team melds, the "
                      "partner can no longer get a special hand)",
    "straight_before_draw": "in these rules a straight is shown before drawing",
    "draw_first_special": "draw first: a special hand is shown after drawing",
    "special_size": "a special hand is declared holding {n} cards",
    "special_no_discard": "this special hand is shown without a discard",
    "straight_discard": "a straight is shown with its 14th card discarded: declare straight CARD",
    "not_pairs": "a pairs hand is seven different pairs (wild cards: one pair of deuces or of jokers)",
    "pairs_need_wilds": "these rules score no pairs hand without wild cards",
    "pairs_aces_sevens": "a pairs hand with wild cards must hold a pair of aces and a pair of sevens",
    "pairs_no_wilds": "these rules score no pairs hand with wild cards",
    "not_garbage": "garbage is four, four, three and three of a kind, with no wild cards",
    "not_garbage_jokers": "garbage is four, four, three and three of a kind, with no jokers",
    "not_straight": "a straight is one ace, one deuce, one joker and one card of each rank from four to "
                    "king, with no threes",
}
