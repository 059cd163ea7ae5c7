"""The rules of play, one module per action kind: its check (``why_not_...``, a ``(code, data)``
or ``None``; ``canasta.refusals`` holds each code's English words), its move generator
(``gen_...``, used by ``GameState.legal_actions``) and its effect (``do_...``), side by side, as
plain functions of the state.

================  ==========================================================================
``draw``          ``draw`` from the stock, a red trey's further card, the first ``upcard``
``take``          ``take`` the discard pile (onto a new meld, a meld of the rank, a sequence)
``top``           ``top``: S0's lay-down facility, the top discard alone with cards from hand
``meld``          ``meld`` (a new meld, black threes, a red three disclosed) and ``add``
``merge``         ``merge`` two group melds of one rank
``discard``       ``discard``, and with it the talon and the next turn
``ask``           ``ask`` the partner, ``yes``/``no``
``retract``       ``retract`` provisional opening melds
``end``           ``end`` (no discard after a last red three; the stock gone) and ``pass``
``declare``       ``declare`` a special hand
``kinds``         the table: for each action kind its phases, its check and its effect
``conditions``    what the checks share: cards held, the opening, wild cards, going out
``lastcard``      can the player still go out with the one card an action leaves?
``flow``          moving cards, the end of a turn, going out, dealing (no checks)
``common``        phases, the ``Problem`` type, the constants the hot paths compare with
================  ==========================================================================

Nothing here is imported by other packages: ``canasta.GameState`` is the API. The import layers
(actions above ``flow`` above ``conditions`` above ``common``) are contracts in ``pyproject.toml``.
"""
