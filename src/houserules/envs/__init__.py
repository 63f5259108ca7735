"""Environments for learning programs: every game with an encoding, as PettingZoo and Gymnasium.

``houserules.envs.pettingzoo.env("shedding", players=4)`` is a PettingZoo
AEC environment, and ``parallel_env`` the same through the Parallel API (one
acting agent per step: see that module);
``houserules.envs.gymnasium.SingleAgentEnv`` puts
one learner at a table of houserules bots. Both are built from the game's
``GameSpec.encoding`` (engine/encoding.py) and see only views.
Needs the ``[rl]`` extra (numpy, PettingZoo, Gymnasium); the rules core
never imports this package.
"""
