"""The pages of the club server: static HTML, CSS and JavaScript shipped inside the package."""

from pathlib import Path

STATIC = Path(__file__).parent / "static"
