"""What every request must be before the application sees it: addressed to
this server, sent from its own pages (or an origin allowed by the person
running it), and small.

Why the Host and Origin checks: a server on 127.0.0.1 or a home network is
reachable from any web page the player's browser opens. A page on
``evil.example`` can point its own name at 127.0.0.1 (DNS rebinding) and then
talk to the server as if it were its own site; its requests carry
``Host: evil.example``. A page can also open a WebSocket to the server
directly; the browser then sends ``Origin: https://evil.example``. So:

- ``Host`` must name this server: an IP address (a rebinding page cannot
  make the browser send one), ``localhost``, this machine's name, the name
  it was told to serve on, the host of an allowed origin, or a name given
  with ``--allow-host`` (a proxy's name for the server).
- ``Origin``, when a browser sends one, must be this same server (its
  scheme-less address equal to ``Host``) or one of the allowed origins
  (``--allow-origin``, for a server behind a proxy that serves the pages
  under another name). Programs that send no Origin are not browsers and are
  let through: they could send any header they like anyway.

Bodies larger than ``max_body`` bytes are answered 413 without being read
to the end, whatever their Content-Length claims.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class OriginError(ValueError):
    """An ``--allow-origin`` value that is not scheme://host[:port]."""


def normal_origin(origin: str) -> str:
    """``origin`` as browsers send it (``https://games.example.com:8443``, lower case, no
    path); OriginError if it is not one."""
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/") \
            or parts.query or parts.fragment or parts.username:
        raise OriginError(f"{origin!r} is not an origin such as https://games.example.com")
    try:
        port = parts.port
    except ValueError:
        raise OriginError(f"{origin!r} has a bad port") from None
    return f"{parts.scheme}://{parts.hostname}" + (f":{port}" if port else "")


def _hostname(host: str) -> str | None:
    """The name part of a Host header (``[::1]:8000`` → ``::1``), lower case; None if malformed."""
    parts = urlsplit(f"//{host}")
    try:
        parts.port  # noqa: B018 (checks the port is a number)
    except ValueError:
        return None
    return parts.hostname


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def party(address: str | None) -> str:
    """Who is behind a client address, for limits one party must not exhaust: an IPv4
    address's /24 network, an IPv6 address's /64 (one home or one machine can hold every
    address of either), and all of loopback as one (any 127.x.y.z reaches a local server).
    Anything else (a test client's name, a missing address) stands for itself."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or "?"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return "loopback"
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


class Gate:
    """ASGI middleware: Host, Origin and body-size checks for HTTP and WebSocket requests."""

    def __init__(self, app: ASGIApp, *, served_host: str = "127.0.0.1", allow_origins: Iterable[str] = (),
                 allow_hosts: Iterable[str] = (), max_body: int = 64 * 1024):
        self.app = app
        self.max_body = max_body
        self.origins = {normal_origin(o) for o in allow_origins}
        self.names = {"localhost", served_host.lower(), socket.gethostname().lower(), socket.getfqdn().lower()}
        self.names |= {urlsplit(o).hostname or "" for o in self.origins} | {h.lower() for h in allow_hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        refusal = self._refusal(headers)
        if refusal is not None:
            status, detail = refusal
            await _deny(scope, receive, send, status, detail)
            return
        if scope["type"] == "http":
            await self._limited(scope, receive, send, headers.get("content-length"))
        else:
            await self.app(scope, receive, send)

    def _refusal(self, headers: dict[str, str]) -> tuple[int, str] | None:
        host = headers.get("host", "")
        name = _hostname(host)
        if name is None or not (_is_ip(name) or name in self.names or name.endswith(".localhost")):
            return 400, f"this server does not answer to the host name {host!r} (see --allow-host)"
        origin = headers.get("origin")
        if origin is None or origin in self.origins:
            return None
        parts = urlsplit(origin)
        if parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower():
            return None
        return 403, f"requests from pages at {origin!r} are not allowed here (see --allow-origin)"

    async def _limited(self, scope: Scope, receive: Receive, send: Send, length: str | None) -> None:
        """Run the app with a receive that stops at ``max_body`` bytes; answer 413 when it does."""
        too_big = f"the request body is larger than {self.max_body} bytes"
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _deny(scope, receive, send, 413 if length.isdigit() else 400,
                        too_big if length.isdigit() else "bad Content-Length")
            return
        seen = 0
        started = answered = False

        async def counting_receive() -> Message:
            # Past the limit the app is told the client left, and the client gets the 413.
            nonlocal seen, answered
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    if not started and not answered:
                        answered = True
                        await _respond(send, 413, too_big)
                    return {"type": "http.disconnect"}
            return message

        async def watching_send(message: Message) -> None:
            nonlocal started
            if answered:
                return  # the 413 has been sent; what the app says after it goes nowhere
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, counting_receive, watching_send)


async def _deny(scope: Scope, receive: Receive, send: Send, status: int, detail: str) -> None:
    """Refuse a request before the app sees it: a JSON answer, or for a WebSocket the
    handshake refused (with the same answer where the server can send one)."""
    if scope["type"] == "http":
        await _respond(send, status, detail)
        return
    await receive()  # websocket.connect
    if "websocket.http.response" in scope.get("extensions", {}):
        await _respond(send, status, detail, prefix="websocket.")
    else:
        await send({"type": "websocket.close", "code": 1008, "reason": detail[:120]})


async def _respond(send: Send, status: int, detail: str, prefix: str = "") -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": f"{prefix}http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": f"{prefix}http.response.body", "body": body})
