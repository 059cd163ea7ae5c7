"""What the server refuses, as a code and its data, and the English words of every code in one table.

A refusal (an HTTP error, a ``refused`` answer or an ``error`` on the table's socket) is a *code* and
a dict of *data* (:mod:`canasta.messages`): the page, or any client, says it in the reader's language
from its catalogue; the English sentence is sent along as ``message`` from :data:`REFUSALS`. The
engine's refusals keep the engine's code, data and English sentence (``IllegalAction``), and so do
the club tools' (a score sheet's entry: ``canasta.scoresheet.MESSAGES``; a table's totals:
``events.MESSAGES``; a club's roster and season: ``canasta.tournament.season.MESSAGES``); a reason
given by a library error (a rule set's ``RuleError``, a record's ``RecordError``) travels as the
datum ``reason``: the error's code and data (``{"code", "data"}``, said in the reader's language from
the catalogue's ``error.<code>``), or its English sentence where it has no code (an event's).

Data keys follow :mod:`canasta.messages`: ``seat``, ``round``, ``event`` and the like are numbers;
``name`` is text; ``n`` chooses the plural form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..error_words import reason_of, template_of
from ..errors import IllegalAction
from ..messages import Template, render

REFUSALS: dict[str, Template] = {
    # requests and messages
    "bad_request": "{field}: {reason}",
    "bad_message": "{field}: {reason}",
    "not_text": "messages are JSON text",
    "hello_first": "the first message must be 'hello' with your link's token",
    "already_hello": "already said hello",
    "one_intent_kind": "an intent holds exactly one of 'action', 'meld' or 'take'",
    "too_big": "a request body may hold at most {max_bytes} bytes",
    "message_too_big": "a message may hold at most {max_bytes} bytes",
    "rate_limited": "too many messages at once; slow down",
    "full": "this server has as many tables as it can hold; try later",
    "busy": "the server is busy just now; try again in a minute",
    "too_many_qr": "many QR codes have been drawn for your address just now; wait a minute and try again",
    "too_many_tables": "many tables have been made from your address just now; wait a minute and try again",
    "too_many_sockets": "too many table pages are open from your address; close some and try again",
    "too_many_documents": "many score sheets and events have been made from your address just now; wait a "
                          "minute and try again",
    "watchers_full": "this table has as many watchers as it can take",
    "seed_chosen": "the server draws every table's deal: a new table cannot be given a seed",
    # links and roles
    "unknown_table": "there is no such table (check the link)",
    "bad_token": "this link is not (or no longer) valid",
    "not_host": "only the host of the table may do this",
    "seat_to_bot": "the host has given your seat to a bot; ask the host for a new link",
    "seat_new_link": "the host has sent your seat a new link, so this one no longer opens it; ask the host "
                     "for the new link",
    "spectator": "spectators watch; they cannot play",
    "spectator_hint": "spectators watch; they cannot ask for hints",
    "spectator_undo": "spectators cannot undo",
    # rule sets and seats
    "unknown_preset": "{reason}",
    "bad_rules": "{reason}",
    "bad_seat": "seat {seat} is not at this table (seats 0 to {last_seat})",
    "seat_count": ("{n} seat given, but this game is for {players} players",
                   "{n} seats given, but this game is for {players} players"),
    "level_with_seats": "level is for the seats left out: with seats given, give each bot's level in its "
                        "seat",
    "no_person": "at least one seat must be a person",
    "bot_reissue": "a bot's seat has no link to re-issue",
    # play
    "game_over": "the game is over",
    "not_dealt": "the cards are not dealt yet: they are dealt when every player's page has joined the table",
    "not_dealing": "this game's cards are already dealt",
    "bad_number": "a page's number for the shuffle is 32 to 64 hex digits",
    "number_given": "this seat has already given its number for this game's shuffle",
    "round_not_over": "the other tables of this round are still playing these deals: the record is given "
                      "when every table has finished",
    "stale": "the table has moved on since your screen was drawn (event {event}); look again and choose",
    "not_your_turn": "it is {name}'s turn, not yours",
    "not_your_turn_seat": "it is seat {seat}'s turn, not yours",
    "hint_not_your_turn": "a hint is given when it is your turn",
    "hint_failed": "no hint could be worked out just now",
    "hint_pending": "a hint is being worked out for you: wait for it",
    "bad_cards": "{reason}",
    "conflict": "the move could not be stored; look again and retry",
    "moved": "another of the server's processes has just taken this table; nothing was changed: try again",
    "storage": "this could not be saved just now (the server's storage is not working); nothing was changed: "
               "try again later",
    "not_practice": "whole turns are taken back only when you play alone against bots; use 'take back' "
                    "for provisional melds",
    "nothing_to_undo": "you have not made a move in this game yet",
    "hand_ended": "you cannot take back moves from a hand that has ended",
    # table talk
    "chat_off": "the host has turned table talk off",
    "chat_muted": "the host has turned off table talk from your seat",
    "chat_spectator": "people watching read the table talk; only players write",
    "chat_empty": "write something first",
    "chat_rate": "wait a moment before writing again",
    # games, records and deals
    "not_finished": "the game in progress is not over yet",
    "record_not_ready": "the record is given once the game is over",
    "no_game": "this table has no game {game_no}",
    "no_commitments": "this game was played before deals were committed to",
    "bad_record": "{reason}",
    "verify_nothing": "give a record, commitments, or both",
    "verify_too_long": "a record of at most {most} moves is checked here (this one has {moves}); check it "
                       "with 'canasta verify' on your computer",
    "verify_busy": "records are being checked for many people just now; try again in a minute",
    "verify_slow": "checking this record took too long; check it with 'canasta verify' on your computer",
    "bad_verify": "{reason}",
    # score sheets and events (documents behind one link)
    "unknown_sheet": "there is no such score sheet (check the link)",
    "unknown_event": "there is no such event (check the link)",
    "sheet_changed": "someone else has changed this score sheet since you loaded it: your change was not "
                     "saved; look again and make it again",
    "sheet_changed_now": "someone else changed this score sheet at the same moment: your change was not "
                         "saved; look again and make it again",
    "event_changed": "someone else has changed this event since you loaded it: your change was not saved; "
                     "look again and make it again",
    "event_changed_now": "someone else changed this event at the same moment: your change was not saved; "
                         "look again and make it again",
    "event_busy": "the event is being changed by many people at once: try again",
    "bad_event": "{reason}",
    "round_online": "round {round} is already played online",
    "round_online_meanwhile": "round {round} was put online from another device meanwhile",
    "duplicate_gvr": "duplicate compares pairs deal by deal; with GVR partnering the partners change, so "
                     "play this round online without the same deals",
    "not_online": "table {table} of round {round} is not played online",
    "result_changed": "table {table} of round {round} was changed on another device: your entry was not "
                      "saved; look at it again",
    "clock_moved": "the clock is at round {now_round} now, not {round}",
    # a club's season (server/season.py; the season's own refusals carry their code and words)
    "unknown_club": "there is no such club (check the link)",
    "club_changed": "someone else has changed this club since you loaded it: your change was not saved; "
                    "look again and make it again",
    "club_changed_now": "someone else changed this club at the same moment: your change was not saved; "
                        "look again and make it again",
    "not_club_event": "event {event} is not one of this club's nights",
    "bad_club": "{reason}",
}

# the HTTP status of each code that is not a plain 400
STATUS: dict[str, int] = {
    "unknown_table": 404, "unknown_sheet": 404, "unknown_event": 404, "no_game": 404, "unknown_club": 404,
    "club_changed": 409, "club_changed_now": 409, "not_club_event": 404,
    "bad_token": 403, "not_host": 403, "seat_to_bot": 403, "seat_new_link": 403,
    "not_finished": 409, "record_not_ready": 409, "sheet_changed": 409, "sheet_changed_now": 409,
    "event_changed": 409, "event_changed_now": 409, "event_busy": 409, "round_online_meanwhile": 409,
    "result_changed": 409, "clock_moved": 409, "conflict": 409, "moved": 409,
    "round_not_over": 409,
    "too_big": 413, "full": 503, "storage": 503, "busy": 503, "verify_busy": 429, "verify_slow": 503,
    "too_many_tables": 429, "too_many_documents": 429, "too_many_qr": 429, "rate_limited": 429,
    "too_many_sockets": 429, "watchers_full": 429,
}


class Refusal(Exception):
    """Something the server does not do: a code and its data; ``message`` is the English sentence
    (the engine's own for its codes, else :data:`REFUSALS`' template)."""

    def __init__(self, code: str, data: Mapping[str, Any] | None = None, message: str | None = None) -> None:
        self.code = code
        self.data: dict[str, Any] = dict(data or {})
        self.message = (message if message is not None
                        else render(REFUSALS[code], self.data, lookup=template_of))
        super().__init__(self.message)

    @classmethod
    def of(cls, e: IllegalAction) -> Refusal:
        """The engine's refusal, as the engine said it."""
        return cls(e.code, e.data, e.message)

    @classmethod
    def because(cls, code: str, e: BaseException) -> Refusal:
        """A refusal whose reason is a library error (a rule set's ``RuleError``, a record's
        ``RecordError``): the datum ``reason`` is its code and data where it has them (said in the
        reader's language, :mod:`canasta.error_words`), else its English sentence."""
        return cls(code, {"reason": reason_of(e)})

    @property
    def status(self) -> int:
        return STATUS.get(self.code, 400)

    def body(self) -> dict[str, Any]:
        """The ``error`` of an HTTP answer, and the fields of a socket's ``error`` or ``refused``."""
        return {"code": self.code, "message": self.message, "data": self.data}

    def reply(self, client_id: str | None) -> dict[str, Any]:
        """The socket's answer to intent ``client_id``."""
        return {"type": "refused", "id": client_id, **self.body()}

    def error(self) -> dict[str, Any]:
        """A socket ``error`` message (a message that is not an intent was refused)."""
        return {"type": "error", **self.body()}
