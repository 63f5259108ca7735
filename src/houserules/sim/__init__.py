"""Many games at once: the batch runner, its statistics and plots."""

from .runner import SimConfig, Tally, bot_list, simulate, summary

__all__ = ["SimConfig", "Tally", "bot_list", "simulate", "summary"]
