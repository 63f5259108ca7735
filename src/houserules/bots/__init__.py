"""Bots: programs that choose an action from what their seat may know.

A bot sees a view and the legal actions, never a state. Bots are made by
name through ``make``: the kinds every game has (``random``) are here, and
each game declares its own in its package's ``GameSpec``.
"""

from __future__ import annotations

from .base import LEVELS, POLICY, Bot, BotBase, ask, bot_kinds, check_spec, default_bot, levels, make, shown_bot, take_turn

__all__ = ["LEVELS", "POLICY", "Bot", "BotBase", "ask", "bot_kinds", "check_spec", "default_bot", "levels", "make",
           "shown_bot",
           "take_turn"]
