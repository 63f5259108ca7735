"""bpoker's rules page and its pictures: every picture the page draws loads from the server (issue
39: two were broken, 404, because nothing served docs/rules/img/). The pictures belong to the
balance study, which the How to play page players get leaves out (developer material): so the
page as written (``houserules rules bpoker --developers``) is where they are drawn, and the
server serves them where a page at /rules/GAME finds them."""

from __future__ import annotations

import re
from pathlib import Path

from houserules.rules_pages import developer_index, markdown_html
from server_helpers import server


def test_every_picture_on_the_page_loads(tmp_path: Path) -> None:
    pictures = re.findall(r'<img src="([^"]+)"', markdown_html(developer_index("bpoker")))
    assert pictures  # the balance study's two plots
    with server(tmp_path / "tables.db") as client:
        for src in pictures:
            assert not src.startswith(("/", "http")), src  # relative to the page, /rules/bpoker
            answer = client.get("/rules/" + src)
            assert answer.status_code == 200 and answer.headers["content-type"] == "image/png", src
        assert client.get("/rules/img/nothing.png").status_code == 404
        assert "<img" not in client.get("/api/rules/bpoker").json()["html"]  # players get no study
