"""houserules: a rules engine, game server and toolbox for house-rule card games."""

from .native import choose

__version__ = "0.1.0"

choose()  # the compiled rules where they were built and are current, else the sources (native.py)
