"""``python -m canasta``: the same as the ``canasta`` command."""

from .cli import app

if __name__ == "__main__":
    app()
