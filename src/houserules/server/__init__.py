"""The game server: FastAPI over HTTP and WebSockets, SQLite underneath.

``create_app(ServerConfig(db=...))`` builds the application; ``houserules
serve`` runs it with uvicorn. The server drives games only through the
engine's registry, the live ``Table``, views and the referee: it holds no
rules of its own. See docs/protocol.md for what goes over the wire.
"""

from .app import ServerConfig, create_app

__all__ = ["ServerConfig", "create_app"]
