"""A trained policy as a player: ``policy:PATH`` loads a small network saved as NumPy's ``.npz``.

Why: a network trained on the environments (houserules.envs) should sit in the
ladder, the simulator, the terminal and the browser like any bot, so it is rated
against exactly what people meet. It reads what its seat may know only: the
game's encoding of the seat's view (engine/encoding.py), the same numbers the
environments hand a learner, and scores every action index; the legal actions'
indices are the mask, and it plays the legal action with the highest score.

The file (``save_policy`` writes one) holds a multi-layer perceptron:

* ``game`` (text): the game it was trained on; ``options`` (JSON text): the table's
  options it was trained at (players and the like), which bind the encoding;
* ``w0, b0, w1, b1, ...``: layer ``k`` maps ``x`` to ``x @ wk + bk``; every layer
  but the last is followed by ``activation`` (``tanh``, the default, or ``relu``).

Two forms, told apart by ``version``:

* **1** (no ``version`` array: every file written before format 2 loads as this):
  the network reads the seat's observation and scores every action index: ``w0`` has
  the observation's size in rows, the last layer the action space's size in columns.
* **2**, with ``features`` (text): the network scores one legal action at a time from
  its row of the encoding's per-action features (``action_features``, engine/encoding.py),
  which ``features`` names with its version (``shedding-actions-1``): ``w0`` has the
  row's length in rows, the last layer one column. Why: a score per action from a
  few numbers about it generalises from far fewer games than one output per index,
  and the features may carry what the seat's own cards are worth. A file whose
  features the installed game no longer has (another version) is refused, one line.

No framework is needed beyond NumPy (the ``[rl]`` extra), imported only when a policy
bot is made. ONNX is not read: onnxruntime is not a dependency of any extra, and a
network exported from PyTorch or JAX is a few arrays to save with ``save_policy``.
A file is read with ``allow_pickle=False``: it holds arrays, never code.
"""

from __future__ import annotations

import functools
import json
import math
import os
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..engine import registry
from ..engine.core import Action, GameError
from ..engine.encoding import Encoding
from .base import BotBase

if TYPE_CHECKING:
    from numpy.typing import NDArray

#: the hidden layers' activation functions a file may name
ACTIVATIONS = ("tanh", "relu")

#: the newest format ``save_policy`` writes (with ``features``); files without ``version`` are 1
FORMAT = 2

#: loaded files by (path, modification time, size): a ladder makes a bot per game
_LOADED: dict[tuple[str, float, int], Network] = {}


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise GameError("a policy bot needs numpy: pip install 'houserules[rl]'") from None
    return numpy


class Network:
    """The arrays of one saved policy, checked against its game's encoding."""

    def __init__(self, game: str, options: dict[str, Any], layers: list[tuple[NDArray[Any], NDArray[Any]]],
                 activation: str, features: str = ""):
        self.game, self.options, self.layers, self.activation = game, options, layers, activation
        self.features = features  # "" (format 1: scores per index) or the per-action features' name

    def scores(self, observation: Sequence[float] | Sequence[Sequence[float]]) -> NDArray[Any]:
        """One score per action index for ``observation`` (format 1); or, given rows of action
        features (format 2), the scores of the rows as a matrix of one column."""
        np = _numpy()
        x = np.asarray(observation, dtype=np.float64)
        for k, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if k < len(self.layers) - 1:
                x = np.tanh(x) if self.activation == "tanh" else np.maximum(x, 0.0)
        out: NDArray[Any] = x
        return out


def save_policy(path: str | os.PathLike[str], game: str, layers: Sequence[tuple[Any, Any]],
                options: Mapping[str, Any] | None = None, activation: str = "tanh", features: str = "") -> None:
    """Write ``layers`` (each a weight matrix and a bias vector) as a policy for ``game`` at a
    table with ``options``, in the form ``policy:PATH`` reads: format 1 over the observation,
    or with ``features`` (the encoding's ``action_features_name``) format 2, one action's
    feature row in and its score out."""
    np = _numpy()
    if activation not in ACTIVATIONS:
        raise GameError(f"activation must be one of {', '.join(ACTIVATIONS)}, got {activation!r}")
    arrays: dict[str, Any] = {"game": np.array(game), "options": np.array(json.dumps(dict(options or {}))),
                              "activation": np.array(activation)}
    if features:
        arrays["version"], arrays["features"] = np.array(FORMAT), np.array(features)
    for k, (w, b) in enumerate(layers):
        arrays[f"w{k}"], arrays[f"b{k}"] = np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32)
    with open(path, "wb") as f:
        np.savez(f, **arrays)


def _text(data: Any, key: str, path: str) -> str:
    if key not in data.files or data[key].shape != ():
        raise GameError(f"policy {path} has no {key!r} text: save it with houserules.bots.policy.save_policy")
    return str(data[key])


def shelf(folder: str | os.PathLike[str]) -> dict[str, dict[str, str]]:
    """The trained policies a server offers (``houserules serve --policies DIR``): each
    ``NAME.npz`` in ``folder``, loaded and checked now, by game and then name. A table made
    over the network names one as ``policy:NAME`` and never by path, so a stranger cannot
    make the server read a file of its choosing. GameError (one line) for a folder that
    cannot be read or a file that is not a policy of a game this server has."""
    try:
        files = sorted(f for f in os.listdir(folder) if f.endswith(".npz"))
    except OSError as e:
        raise GameError(f"cannot read the policies folder {folder}: {e.strerror}") from None
    out: dict[str, dict[str, str]] = {}
    for f in files:
        path = os.path.abspath(os.path.join(folder, f))
        net = load(path)
        check(net, path, net.game)
        out.setdefault(net.game, {})[f[:-len(".npz")]] = path
    return out


def load(path: str) -> Network:
    """The network in ``path``; GameError (one line) when it is missing or not a policy file."""
    if not path.endswith(".npz"):
        raise GameError(f"a policy is a NumPy .npz file (policy:PATH.npz), got {path!r}")
    try:
        st = os.stat(path)
    except OSError as e:
        raise GameError(f"cannot read policy {path}: {e.strerror}") from None
    key = (os.path.abspath(path), st.st_mtime, st.st_size)
    if key in _LOADED:
        return _LOADED[key]
    np = _numpy()
    try:
        with np.load(path, allow_pickle=False) as data:
            game, activation = _text(data, "game", path), _text(data, "activation", path)
            options = json.loads(_text(data, "options", path))
            version = int(data["version"]) if "version" in data.files else 1
            if version not in (1, FORMAT):
                raise GameError(f"policy {path} is format {version}; this houserules reads 1 and {FORMAT}")
            features = _text(data, "features", path) if version == FORMAT else ""
            layers: list[tuple[NDArray[Any], NDArray[Any]]] = []
            while f"w{len(layers)}" in data.files:
                k = len(layers)
                if f"b{k}" not in data.files:
                    raise GameError(f"policy {path} has w{k} but no b{k}")
                layers.append((data[f"w{k}"].astype(np.float64), data[f"b{k}"].astype(np.float64)))
    except GameError:
        raise
    except Exception as e:  # noqa: BLE001 (a stranger's file: not a zip, a damaged or odd array, bad JSON)
        raise GameError(f"policy {path} is not a readable .npz policy: {type(e).__name__}: {e}") from None
    if not layers:
        raise GameError(f"policy {path} has no layers (w0, b0, ...)")
    if activation not in ACTIVATIONS or not isinstance(options, dict):
        raise GameError(f"policy {path} names activation {activation!r} (one of {', '.join(ACTIVATIONS)}) "
                        f"and options {options!r} (a JSON object)")
    net = Network(game, options, layers, activation, features)
    _LOADED[key] = net
    return net


def check(net: Network, path: str, game: str) -> Encoding:
    """The encoding ``net`` reads in ``game``, after checking it fits: the same game, and layers
    that chain from the observation's size to the action space's size (format 2: from the
    action features' row to one score, the features named as the encoding names them)."""
    if net.game != game:
        raise GameError(f"policy {path} was trained for {net.game}, not {game}")
    spec = registry.spec(game)
    if not spec.encoding:
        raise GameError(f"{spec.title} has no encoding, so no policy can read it")
    options = registry.get(game).options(net.options)
    encoding: Encoding = registry.load(spec.encoding).bound(options)
    if net.features and net.features != encoding.action_features_name:
        has = f"has {encoding.action_features_name}" if encoding.action_features_name else "has none"
        raise GameError(f"policy {path} reads the action features {net.features}; {spec.title}'s encoding {has}")
    size = len(encoding.action_feature_names()) if net.features else encoding.observation_size(options)
    for k, (w, b) in enumerate(net.layers):
        if w.ndim != 2 or b.ndim != 1 or b.shape != (w.shape[1],) or w.shape[0] != size:
            raise GameError(f"policy {path}: layer {k} is {w.shape} + {b.shape}, expected ({size}, n) + (n,)")
        size = w.shape[1]
    if net.features and size != 1:
        raise GameError(f"policy {path} scores actions by features: its last layer has {size} columns, not 1")
    if not net.features and size != encoding.action_size(options):
        raise GameError(f"policy {path} scores {size} actions; {game} at {net.options} has "
                        f"{encoding.action_size(options)}")
    return encoding


class PolicyBot(BotBase):
    """Plays the legal action its network scores highest (ties: the first); format 2 scores
    each legal action's feature row, format 1 the observation's index scores. A legal action
    the encoding gives no index (bpoker: a declaration longer than its index space) is not
    scored; if none has one, it plays one of them at random."""

    name = "policy"
    wants_view = True
    takes_game = True  # bots.make hands from_spec the game: the file must fit it

    def __init__(self, seed: int, net: Network, encoding: Encoding, path: str):
        self.rng = random.Random(seed)
        self.net, self.encoding, self.path = net, encoding, path
        self.name = f"policy:{path}"

    @classmethod
    def from_spec(cls, seed: int, param: str, game: str) -> PolicyBot:
        """``PATH`` of a ``.npz`` saved by ``save_policy`` for ``game``."""
        path = param.strip()
        net = load(path)
        return cls(seed, net, check(net, path, game), path)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if self.net.features:
            if len(legal) == 1:
                return legal[0]
            scores = self.net.scores(self.encoding.action_features(view, legal))[:, 0]
            return legal[max(range(len(legal)), key=lambda i: float(scores[i]))]
        observation = self.encoding.observe(view)
        if len(observation) != self.net.layers[0][0].shape[0]:
            raise GameError(f"policy {self.path} reads {self.net.layers[0][0].shape[0]} numbers; this table's "
                            f"view has {len(observation)} (trained at {self.net.options})")
        indexed: list[tuple[int, Action]] = []
        for action in legal:
            try:
                indexed.append((self.encoding.index(view, action), action))
            except GameError:
                continue
        if not indexed:
            return legal[self.rng.randrange(len(legal))]
        scores = self.net.scores(observation)
        return max(indexed, key=lambda ia: float(scores[ia[0]]))[1]


def forward(layers: Sequence[tuple[Sequence[Sequence[float]], Sequence[float]]], row: Sequence[float],
            activation: str) -> float:
    """The one score a format-2 network gives a feature row, in pure Python (NumPy's ``scores``
    gives the same, up to rounding): a shipped policy needs no extra to play."""
    x = list(row)
    for k, (w, b) in enumerate(layers):
        x = [bj + sum(xi * wi[j] for xi, wi in zip(x, w)) for j, bj in enumerate(b)]
        if k < len(layers) - 1:
            x = [math.tanh(v) for v in x] if activation == "tanh" else [max(v, 0.0) for v in x]
    return x[0]


class ShippedPolicy(BotBase):
    """A trained action policy (format 2) shipped in the package as JSON and scored in pure
    Python, so that a game's strength level may be a policy without NumPy (the ``[rl]`` extra).
    A subclass names its ``game`` and ``file`` (the JSON of ``shipped``); it plays as
    ``policy:PATH.npz`` of the same weights does."""

    wants_view = True
    game: ClassVar[str] = ""
    file: ClassVar[str] = ""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.layers, self.activation, self.encoding = _shipped(self.game, self.file)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        rows = self.encoding.action_features(view, legal)
        scores = [forward(self.layers, row, self.activation) for row in rows]
        return legal[max(range(len(legal)), key=lambda i: scores[i])]


def shipped(net: Network) -> dict[str, Any]:
    """A format-2 network as the JSON ``ShippedPolicy`` reads (float32 weights written exactly)."""
    if not net.features:
        raise GameError("only a policy that scores action features (format 2) can be shipped")
    return {"game": net.game, "options": net.options, "activation": net.activation, "features": net.features,
            "layers": [[[[float(v) for v in r] for r in w], [float(v) for v in b]] for w, b in net.layers]}


@functools.lru_cache(maxsize=None)
def _shipped(game: str, file: str) -> tuple[list[tuple[list[list[float]], list[float]]], str, Encoding]:
    """A shipped policy's layers, activation and the encoding it reads, checked against its game."""
    with open(file) as f:
        data = json.load(f)
    spec = registry.spec(game)
    if data["game"] != game or not spec.encoding:
        raise GameError(f"shipped policy {file} is not one of {game}'s")
    encoding: Encoding = registry.load(spec.encoding).bound(registry.get(game).options(data["options"]))
    if data["features"] != encoding.action_features_name:
        raise GameError(f"shipped policy {file} reads {data['features']}; {spec.title}'s encoding has "
                        f"{encoding.action_features_name}")
    return [(w, b) for w, b in data["layers"]], data["activation"], encoding
