"""The club's canasta server: private tables, seats and tokens, per-seat views over WebSockets,
bots in seats, storage that survives a restart.

Layers: ``store`` (SQLAlchemy tables, one transaction per accepted move), ``table`` (one writer per
table applying intents through the engine), ``hub`` (all tables of a process, creation and reload),
``app`` (HTTP and WebSocket routes, the pages). The server never decides a rule: it asks the engine.
"""
