"""The club's canasta server: private tables, seats and tokens, per-seat views over WebSockets,
bots in seats, storage that survives a restart.

Layers: ``store`` (SQLAlchemy tables, one transaction per accepted move), ``online_table`` (one
writer per table applying intents through the engine, with ``seats``, ``presence``, ``timeline``,
``deals``, ``moves``, ``bot_runner``, ``hints`` and ``practice`` around it), ``hub`` (all tables of a
process, creation and reload), the routers (``rulesets``, ``tables``, ``games``, ``verify``,
``table_socket``, ``sheets``, ``events``, ``pages``: one per resource) and ``app``, which puts them
together. What the server refuses is a code and its data (``refusals``). The server never decides a
rule: it asks the engine.
"""
