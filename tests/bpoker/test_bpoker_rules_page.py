"""bpoker's rules page as people get it: every picture it shows loads (issue 39: the How to play
page had two broken images, 404, because nothing served docs/rules/img/)."""

from __future__ import annotations

import re
from pathlib import Path

from server_helpers import server


def test_every_picture_on_the_page_loads(tmp_path: Path) -> None:
    with server(tmp_path / "tables.db") as client:
        html = client.get("/api/rules/bpoker").json()["html"]
        pictures = re.findall(r'<img src="([^"]+)"', html)
        assert pictures  # the balance study's two plots
        for src in pictures:
            assert not src.startswith(("/", "http")), src  # relative to the page, /rules/bpoker
            answer = client.get("/rules/" + src)
            assert answer.status_code == 200 and answer.headers["content-type"] == "image/png", src
        assert client.get("/rules/img/nothing.png").status_code == 404
