"""The manual (docs/, mkdocs.yml) builds with no warning, as `make docs` builds it: every link and
anchor resolves, every page is in the navigation, every public name of the faces has a
docstring; the generated parts are there (the API reference, the web API, the schemas, the
bench's figures). The README is a front page: short, its links resolve, every command has its
page. (The console blocks of both are tests/test_readme.py's.)"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import griffe_docstrings  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The manual built once, with --strict (any warning fails the build)."""
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "WARNING" not in run.stderr, run.stderr
    return out


def page(site: Path, src: str) -> str:
    """The built page of the Markdown file ``src`` (use_directory_urls: NAME/index.html)."""
    stem = src.removesuffix(".md")
    path = site / ("index.html" if stem == "index" else f"{stem}/index.html")
    return path.read_text(encoding="utf-8")


@pytest.mark.slow  # the build: about 5 s on two cores
def test_the_manual_builds_with_no_warning_and_holds_its_generated_parts(site):
    # the API reference: a page per face, each public name with its docstring
    for face, names in griffe_docstrings.faces().items():
        html = page(site, f"reference/{face}.md")
        for name in names:
            assert f"{face}.{name}" in html, (face, name)
    assert "Check a record completely" in page(site, "reference/crib_stats.referee.md")  # validate's docstring
    # the docstrings' doctests as code, not as Markdown's nested quotes
    assert 'class="language-pycon"' in page(site, "reference/crib_stats.md")
    assert not any("<blockquote>" in page(site, f"reference/{face}.md") for face in griffe_docstrings.faces())
    # the web API: every operation of the OpenAPI document
    api = page(site, "web-api.md")
    for path, operations in json.loads((ROOT / "docs" / "openapi.json").read_text())["paths"].items():
        for method in operations:
            assert f"{method.upper()} {path}" in api, (method, path)
    # the schemas, published from their one home, and listed
    home = ROOT / "crib_stats" / "schema"
    published = sorted(p.relative_to(site / "schema").as_posix() for p in (site / "schema").rglob("*.json"))
    assert published == sorted(p.relative_to(home).as_posix() for p in home.rglob("*.json"))
    assert all((site / "schema" / n).read_bytes() == (home / n).read_bytes() for n in published)
    listing = page(site, "schemas.md")
    assert all(n in listing for n in published)
    # the bench's last recorded run, with its date
    bench = json.loads((ROOT / "docs" / "bench.json").read_text())
    assert bench["date"] in page(site, "performance.md") and bench["tables"]
    # the committed data's index
    assert "board_play.json" in page(site, "data.md")


def test_every_public_name_of_the_faces_has_a_docstring():
    assert griffe_docstrings.undocumented() == []


def test_every_name_a_face_exports_is_there():
    for face, names in griffe_docstrings.faces().items():
        module = importlib.import_module(face)
        assert [n for n in names if not hasattr(module, n)] == [], face


def test_the_docstrings_doctests_are_fenced_for_markdown():
    md = griffe_docstrings.markdown
    assert md(":func:`~crib_stats.referee.play_game` and :mod:`.cache`") == "`play_game` and `.cache`"
    text = "Example:\n\n    >>> 1 + 1\n    2\n\nAfter, ``kept``:\n\n```python\n>>> not a doctest\n```"
    assert md(text).splitlines() == ["Example:", "", "    ```pycon", "    >>> 1 + 1", "    2", "    ```", "",
                                     "After, ``kept``:", "", "```python", ">>> not a doctest", "```"]


def test_the_readme_is_a_front_page():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        if not target.startswith("http"):
            assert (ROOT / target).exists(), target
    assert "```console\n$ crib-stats discard " in text and "```console\n$ crib-stats game --at " in text
    assert re.search(r"!\[[^]]*\]\(docs/[^)]+\.png\)", text)
    assert ".venv/bin/crib-stats" in text and "make docs" in text and "Citing the figures" in text


def test_every_command_has_its_page_and_its_line_in_the_readme():
    from crib_stats.presentation.parser import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for name in sub.choices:
        src = "web.md" if name == "serve" else f"commands/{name}.md"
        assert (ROOT / "docs" / src).exists() and f" {src}" in nav, name
        assert f"| [`{name}`](docs/{src}) |" in readme, name
