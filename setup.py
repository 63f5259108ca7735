"""Everything is declared in pyproject.toml; this file only adds the step that
copies docs/ (the rules pages, the protocol) into the built package as
houserules/docs, so `houserules rules GAME` works from an installed wheel and
not only from a checkout (setuptools' package data cannot reach outside src/)."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithDocs(build_py):
    def run(self) -> None:
        super().run()
        docs = Path(__file__).parent / "docs"
        target = Path(self.build_lib) / "houserules" / "docs"
        for page in [*docs.glob("*.md"), *docs.glob("rules/*.md")]:
            dest = target / page.relative_to(docs)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(page, dest)


setup(cmdclass={"build_py": BuildWithDocs})
