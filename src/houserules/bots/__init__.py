"""Bots: programs that choose an action from what their seat may know.

A bot sees a view and the legal actions, never a state. Bots are made by
name through ``make``; each game registers its own kinds here (``random`` is
available for every game).
"""

from __future__ import annotations

from .base import Bot, bot_kinds, make, register

__all__ = ["Bot", "bot_kinds", "make", "register"]
