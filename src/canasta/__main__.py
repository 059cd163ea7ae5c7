"""``python -m canasta``: the same as the ``canasta`` command."""

from .cli import app

app()
