"""houserules: a rules engine, game server and toolbox for house-rule card games."""

__version__ = "0.1.0"
