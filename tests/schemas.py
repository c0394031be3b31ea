"""The JSON Schemas of crib_stats/schema/ (package data) as jsonschema validators, for the tests.

Every schema is registered under its path below one base URI (a reserved ``.invalid`` host:
nothing is ever fetched), so the relative ``$ref``s between files resolve as they do from the
folder or from the manual's site. ``strict=True`` validates against a copy of the schemas in which every object
that lists its ``properties`` and says nothing of others allows no others: the published schemas
let a reader meet fields it does not know (a later release of the same version may add some),
but what the code writes today must be described, field by field.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from importlib.resources import files

import jsonschema
import referencing
from referencing.jsonschema import DRAFT202012

BASE = "https://crib-stats.invalid/schema/"
OPEN_ENDED = ("additionalProperties", "unevaluatedProperties", "patternProperties")


def schema_dir():
    """The schemas where the installed package has them (the wheel's package data)."""
    return files("crib_stats") / "schema"


def names() -> list[str]:
    """Every schema's path under crib_stats/schema/, e.g. ``record/crib-stats-game-1.schema.json``."""
    found = []

    def walk(node, prefix):
        for child in node.iterdir():
            if child.is_dir():
                walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(".schema.json"):
                found.append(prefix + child.name)

    walk(schema_dir(), "")
    return sorted(found)


def load(name: str) -> dict:
    return json.loads((schema_dir() / name).read_text(encoding="utf-8"))


def closed(schema):
    """The schema with ``additionalProperties: false`` wherever an object lists its properties
    and leaves the rest open by saying nothing."""
    schema = copy.deepcopy(schema)
    for node in objects(schema):
        if node.get("type") == "object" and "properties" in node and not any(k in node for k in OPEN_ENDED):
            node["additionalProperties"] = False
    return schema


def objects(node):
    """Every JSON object in a document, the document first, depth first."""
    if isinstance(node, dict):
        yield node
        children = list(node.values())
    elif isinstance(node, list):
        children = node
    else:
        return
    for child in children:
        yield from objects(child)


@lru_cache(maxsize=2)
def registry(strict: bool) -> referencing.Registry:
    resources = [(BASE + n, DRAFT202012.create_resource(closed(load(n)) if strict else load(n))) for n in names()]
    return referencing.Registry().with_resources(resources)


@lru_cache(maxsize=None)
def validator(name: str, strict: bool = True) -> jsonschema.Draft202012Validator:
    """A validator of the schema ``name`` (its references resolved among the others)."""
    return jsonschema.Draft202012Validator({"$ref": BASE + name}, registry=registry(strict),
                                           format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def check(name: str, instance, strict: bool = True) -> None:
    """Raise with every error (its path and message) when ``instance`` does not follow ``name``."""
    errors = sorted(validator(name, strict).iter_errors(instance), key=lambda e: list(e.absolute_path))
    if errors:
        lines = [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:300]}" for e in errors[:10]]
        raise AssertionError(f"{len(errors)} errors against {name}:\n" + "\n".join(lines))
