"""The terminal UI: ``canasta play`` (a whole game against bots, in Textual).

``session.py`` holds the game (state, seats, bots, saving) without any UI, ``render.py`` turns a
seat's view into text, ``widgets.py`` and ``app.py`` are the Textual screens.
"""
