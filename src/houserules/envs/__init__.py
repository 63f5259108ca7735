"""Environments for learning programs: every game with an encoding, as PettingZoo, Gymnasium and OpenSpiel.

``houserules.envs.pettingzoo.env("shedding", players=4)`` is a PettingZoo
AEC environment, and ``parallel_env`` the same through the Parallel API (one
acting agent per step: see that module);
``houserules.envs.gymnasium.SingleAgentEnv`` puts
one learner at a table of houserules bots. Both are built from the game's
``GameSpec.encoding`` (engine/encoding.py) and see only views.
``houserules.envs.openspiel.game("shedding")`` is the game as a
``pyspiel.Game`` for OpenSpiel's algorithms (the ``[openspiel]`` extra).
Needs the ``[rl]`` extra (numpy, PettingZoo, Gymnasium); the rules core
never imports this package.

Importing this package registers every game with Gymnasium (when it is
installed) as ``houserules/<game>-v0``, the single-agent environment, so

    import houserules.envs
    env = gymnasium.make("houserules/shedding-v0", players=2, opponents=("heuristic",))

works, as does ``gymnasium.make("houserules.envs:houserules/shedding-v0")``
without the import (Gymnasium imports the module named before the colon).
Registering names the entry point as text: nothing heavy is imported here.
Each id carries a ``max_episode_steps`` (``EPISODE_STEPS``): Gymnasium's
``TimeLimit`` truncates an episode of that many learner decisions, about
ten times the longest a random learner played against the ``club`` bot,
so a policy stuck in a loop (drawing for ever) ends without waiting for the
game's own turn limit (10,000 turns in Shedding). ``gymnasium.make(...,
max_episode_steps=N)`` sets another.
"""

from __future__ import annotations

from ..engine import registry

NAMESPACE = "houserules"
#: learner decisions after which ``gymnasium.make``'s TimeLimit truncates an episode, per game (the
#: longest of 40 episodes of a random learner against ``club``: Shedding 111, King Taco 126, Onion
#: 164, Mao 333 of 10, bpoker 42 of 10 at three seats); a game not named gets ``EPISODE_STEPS_ELSE``
EPISODE_STEPS = {"shedding": 1_000, "king-taco": 1_000, "cripple-mr-onion": 3_000, "mao": 3_000, "bpoker": 1_000}
EPISODE_STEPS_ELSE = 3_000


def gymnasium_ids() -> list[str]:
    """The Gymnasium id of every game with an encoding: ``houserules/<game>-v0``."""
    return [f"{NAMESPACE}/{name}-v0" for name in registry.names() if registry.spec(name).encoding]


def _register_with_gymnasium() -> None:
    try:
        import gymnasium
    except ImportError:  # the [rl] extra is not installed: nothing to register with
        return
    for env_id in gymnasium_ids():
        if env_id not in gymnasium.registry:
            game = env_id.removeprefix(f"{NAMESPACE}/").removesuffix("-v0")
            gymnasium.register(env_id, entry_point="houserules.envs.gymnasium:SingleAgentEnv", kwargs={"game": game},
                               max_episode_steps=EPISODE_STEPS.get(game, EPISODE_STEPS_ELSE))


_register_with_gymnasium()
