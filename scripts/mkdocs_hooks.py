"""The manual's generated parts (MkDocs hooks, named in mkdocs.yml): nothing here is typed twice.

- ``reference/FACE.md``: a page per face of the package (``crib_stats`` and each subpackage
  that declares ``__all__``, as scripts/griffe_docstrings.py finds them), each public name
  rendered by mkdocstrings from its docstring; a face without a page in the navigation is a
  warning (``--strict``: an error);
- ``schema/...``: the JSON Schemas, from their one home, the package data ``crib_stats/schema/``
  (shipped in the wheel), published beside the pages; ``<!-- schemas -->`` lists them;
- ``<!-- openapi -->``: the web API rendered from ``docs/openapi.json`` (which tests/web/test_api.py
  holds to what the server serves);
- ``<!-- bench -->``: the performance figures from ``docs/bench.json``, which ``scripts/bench.py
  --record`` writes (dated, with the machine);
- ``<!-- include: PATH -->``: a file of the checkout, its first heading dropped (the index of the
  committed data).
"""

from __future__ import annotations

import json
import logging
import re
import sys
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import griffe_docstrings  # noqa: E402

SCHEMAS = ROOT / "crib_stats" / "schema"
OPENAPI = ROOT / "docs" / "openapi.json"
BENCH = ROOT / "docs" / "bench.json"
MARKER = re.compile(r"<!-- (openapi|bench|schemas|include: [^ ]+) -->")
log = logging.getLogger("mkdocs.hooks.crib_stats")


# ------------------------------------------------------------------------------------------
# the API reference
# ------------------------------------------------------------------------------------------


def reference_page(face: str, names: list[str]) -> str:
    """The Markdown of a face's page: its docstring, then each public name's."""
    lines = [f"# `{face}`", "",
             f"::: {face}", "    options:", "      members: false", "      show_root_heading: false", ""]
    for name in names:  # an alias where the face imports it (for crib_stats: the Griffe extension's)
        lines += [f"::: {face}.{name}", ""]
    return "\n".join(lines)


def on_files(files, config):
    for face, names in griffe_docstrings.faces().items():
        files.append(File.generated(config, f"reference/{face}.md", content=reference_page(face, names)))
    for path in sorted(SCHEMAS.rglob("*.json")):
        files.append(File.generated(config, f"schema/{path.relative_to(SCHEMAS).as_posix()}",
                                    abs_src_path=str(path)))
    return files


def on_nav(nav, config, files):
    listed = {page.file.src_uri for page in nav.pages}
    for face in griffe_docstrings.faces():
        if f"reference/{face}.md" not in listed:
            log.warning("the API reference of %s is not in mkdocs.yml's nav", face)
    return nav


# ------------------------------------------------------------------------------------------
# markers in the pages
# ------------------------------------------------------------------------------------------


def on_page_markdown(markdown, page, config, files):
    depth = page.file.src_uri.count("/")
    up = "../" * depth

    def sub(m: re.Match) -> str:
        what = m.group(1)
        if what == "openapi":
            return openapi_markdown(json.loads(OPENAPI.read_text(encoding="utf-8")))
        if what == "bench":
            return bench_markdown(BENCH)
        if what == "schemas":
            return schemas_markdown(up)
        source = ROOT / what.split(": ", 1)[1]
        text = source.read_text(encoding="utf-8")
        return re.sub(r"\A# .*\n+", "", text)

    return MARKER.sub(sub, markdown)


def _cell(text) -> str:
    """Text for a table cell or a line: no pipes, no line breaks, and no brackets that Markdown
    (or mkdocs-autorefs) would read as a link."""
    return str(text).replace("|", "\\|").replace("\n", " ").replace("[", "\\[").replace("]", "\\]")


def _type(schema: dict, components: dict) -> str:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "anyOf" in schema:
        kinds = [_type(s, components) for s in schema["anyOf"] if s.get("type") != "null"]
        return " or ".join(kinds) + (" or null" if len(kinds) < len(schema["anyOf"]) else "")
    if "enum" in schema:
        return " \\| ".join(f"`{v}`" for v in schema["enum"])
    kind = schema.get("type", "any")
    if kind == "array":
        return f"array of {_type(schema.get('items', {}), components)}"
    return kind


def _limits(schema: dict) -> str:
    said = []
    for s in [schema, *schema.get("anyOf", [])]:
        for key, word in (("maxLength", "at most {} characters"), ("minimum", "at least {}"),
                          ("maximum", "at most {}"), ("maxItems", "at most {} items")):
            if key in s:
                said.append(word.format(s[key]))
    if "default" in schema:
        said.append(f"default `{schema['default']}`")
    return "; ".join(said)


def openapi_markdown(doc: dict) -> str:
    """The OpenAPI document as Markdown: every operation with its parameters, body and answers."""
    components = doc.get("components", {}).get("schemas", {})
    out = [f"*{_cell(doc['info']['title'])} {doc['info']['version']}, OpenAPI {doc['openapi']}.* "
           + _cell(doc["info"].get("description", "")), ""]
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            out += [f"## `{method.upper()} {path}`", "", _cell(op.get("summary", "")), ""]
            if op.get("description"):
                out += [_cell(op["description"]), ""]
            params = op.get("parameters", [])
            if params:
                out += ["| parameter | in | required | type | limits | what it is |", "|---|---|---|---|---|---|"]
                for p in params:
                    s = p.get("schema", {})
                    out.append(f"| `{p['name']}` | {p['in']} | {'yes' if p.get('required') else ''} | "
                               f"{_type(s, components)} | {_cell(_limits(s))} | {_cell(p.get('description', ''))} |")
                out.append("")
            body = op.get("requestBody")
            if body:
                schema = body["content"]["application/json"]["schema"]
                name = schema["$ref"].rsplit("/", 1)[-1]
                model = components[name]
                out += [f"Body (JSON, `{name}`): {model.get('description', '')}", "",
                        "| field | required | type | limits | what it is |", "|---|---|---|---|---|"]
                for field, s in model.get("properties", {}).items():
                    required = "yes" if field in model.get("required", []) else ""
                    out.append(f"| `{field}` | {required} | {_type(s, components)} | {_cell(_limits(s))} | "
                               f"{_cell(s.get('description', ''))} |")
                out.append("")
            answers = [f"`{code}` {_cell(r.get('description', ''))}" for code, r in op.get("responses", {}).items()]
            out += ["Answers: " + "; ".join(answers) + ".", ""]
    return "\n".join(out)


# ------------------------------------------------------------------------------------------
# the schemas and the bench's figures
# ------------------------------------------------------------------------------------------


def schemas_markdown(up: str) -> str:
    """A table of every schema: its file (a link to it in the site), its title and what it is."""
    rows = ["| schema | what it describes |", "|---|---|"]
    for path in sorted(SCHEMAS.rglob("*.json")):
        rel = path.relative_to(SCHEMAS).as_posix()
        doc = json.loads(path.read_text(encoding="utf-8"))
        what = doc.get("title", "") + (": " + doc["description"] if doc.get("description") else "")
        rows.append(f"| [`{rel}`]({up}schema/{rel}) | {_cell(what)} |")
    return "\n".join(rows)


def _seconds(s: float) -> str:
    return f"{s:.6f}" if s < 0.001 else f"{s:.4f}" if s < 100 else f"{s:,.1f}"


def _ratio(r: float) -> str:
    return f"{r:,.0f}x" if r >= 100 else f"{r:.2f}x" if r >= 0.1 else f"{r:.2g}x"


def bench_markdown(path: Path) -> str:
    """The tables of the last recorded bench run, with its date and machine."""
    if not path.exists():
        log.warning("%s is missing: run python scripts/bench.py --record", path.relative_to(ROOT))
        return ""
    run = json.loads(path.read_text(encoding="utf-8"))
    out = [f"Recorded **{run['date']}** by `{run['command']}` at commit `{run['commit']}`, on "
           f"{run['machine']} (Python {run['python']}, numba {run['numba']}; load average "
           f"{run['load']} when it started).", ""]
    for table in run["tables"]:
        out += [f"### {table['title']}", "", "| timed | seconds | baseline | seconds | " + table["ratio"] + " |",
                "|---|---:|---|---:|---:|"]
        for row in table["rows"]:
            out.append(f"| {_cell(row['name'])} | {_seconds(row['seconds'])} | {_cell(row['baseline'])} | "
                       f"{_seconds(row['baseline_seconds'])} | {_ratio(row['ratio'])} |")
        out.append("")
    return "\n".join(out)
