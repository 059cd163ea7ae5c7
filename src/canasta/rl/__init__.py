"""Canasta for reinforcement learning (``docs/rl.md``; the ``[rl]`` extra): one integer action space
per rule set (:mod:`canasta.rl.actions`), observations per seat from the seat's view
(:mod:`canasta.rl.observation`), a PettingZoo AEC environment (:func:`env`) and an OpenSpiel game
(``import canasta.rl.openspiel``). The engine never imports this package."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .aec import CanastaEnv


def env(preset: str = "gvr-club", **kwargs: Any) -> CanastaEnv:
    """A PettingZoo AEC environment of ``preset`` (see :func:`canasta.rl.aec.env`)."""
    from .aec import env as make_env
    return make_env(preset, **kwargs)


__all__ = ["env"]
