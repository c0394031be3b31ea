"""The API reference's docstrings, as mkdocstrings shows them (a Griffe extension, loaded by
mkdocs.yml), and the check that every public name has one.

The package's docstrings are plain prose with Sphinx-style roles (``:func:`analyse```) and bare
doctest blocks (``>>> ...``), which the suite runs (``--doctest-modules``). Markdown would read
``>>>`` as three nested quotes and the roles as text, so this extension turns each doctest block
into a fenced ``pycon`` block and each role into code, when Griffe loads the package (the source
files are not touched).

It also warns, through Griffe's logger (which ``mkdocs build --strict`` turns into an error), for
every public name of a face without a docstring: the names of ``crib_stats.__all__`` and of each
subpackage's ``__all__``, and the public methods of the public classes among them.
:func:`undocumented` is that check, which ``tests/test_docs.py`` also runs on its own.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
import re

import griffe

ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|attr|data|exc|obj|const):`(~?)([^`]+)`")
PACKAGE = "crib_stats"
logger = logging.getLogger("mkdocs.plugins.crib_stats.docstrings")  # mkdocs --strict counts its warnings


def _role(m: re.Match) -> str:
    name = m.group(2)
    return f"`{name.rsplit('.', 1)[-1] if m.group(1) else name}`"


def markdown(text: str) -> str:
    r"""A docstring as Markdown: doctest blocks fenced as ``pycon``, Sphinx roles as code.

    >>> markdown("The score (:func:`~crib_stats.score`):\n\n>>> 1 + 1\n2\n\nDone.").splitlines()
    ['The score (`score`):', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    fence = False  # inside a fence the docstring wrote itself
    doctest_indent: str | None = None  # inside a doctest block we fenced
    for line in text.splitlines():
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        if doctest_indent is not None:
            if stripped:
                out.append(line)
                continue
            out.append(doctest_indent + "```")
            doctest_indent = None
        if stripped.startswith("```"):
            fence = not fence
        elif not fence and stripped.startswith(">>>"):
            if out and out[-1].strip():
                out.append("")
            out.append(indent + "```pycon")
            out.append(line)
            doctest_indent = indent
            continue
        out.append(line if fence else ROLE.sub(_role, line))
    if doctest_indent is not None:
        out.append(doctest_indent + "```")
    return "\n".join(out)


def faces() -> dict[str, list[str]]:
    """Each face of the package and its public names: ``crib_stats`` (its lazily resolved
    ``__all__``) and every subpackage (``crib_stats.X``) whose ``__init__`` declares ``__all__``,
    but the command line's own (:mod:`crib_stats.presentation`: its reports are what the commands
    print, documented as the commands and their JSON, not a library)."""
    top = importlib.import_module(PACKAGE)
    found = {PACKAGE: [n for n in top.__all__ if not n.startswith("_")]}
    for info in pkgutil.iter_modules(top.__path__, PACKAGE + "."):
        if not info.ispkg or info.name == PACKAGE + ".presentation":
            continue
        module = importlib.import_module(info.name)
        if "__all__" in vars(module):
            found[info.name] = list(module.__all__)
    return found


def target(face: str, name: str) -> str:
    """The dotted path where ``face.name`` is defined (the top level's names are lazy: their
    modules are in ``crib_stats._API``)."""
    if face == PACKAGE:
        return f"{importlib.import_module(PACKAGE)._API[name]}.{name}"
    return f"{face}.{name}"


def _final(obj):
    while isinstance(obj, griffe.Alias):
        obj = obj.final_target
    return obj


def undocumented(package: griffe.Module | None = None) -> list[str]:
    """Every public name of a face (and public method of a public class) without a docstring."""
    package = package or griffe.load(PACKAGE, resolve_aliases=True, resolve_external=False)
    missing = []
    for face, names in faces().items():
        for name in names:
            path = target(face, name)
            obj = _final(package[path.removeprefix(PACKAGE + ".")])
            if not (obj.docstring and obj.docstring.value.strip()):
                missing.append(f"{face}.{name}")
            if obj.is_class:
                for member_name, member in obj.members.items():
                    if member_name.startswith("_") or isinstance(member, griffe.Alias):
                        continue
                    if member.is_function and not (member.docstring and member.docstring.value.strip()):
                        missing.append(f"{face}.{name}.{member_name}")
    return sorted(set(missing))


class Docstrings(griffe.Extension):
    """Markdown docstrings for mkdocstrings, and a warning per undocumented public name."""

    def on_package(self, *, pkg: griffe.Module, **kwargs) -> None:
        if pkg.name != PACKAGE:
            return

        def walk(obj):
            if obj.docstring:
                obj.docstring.value = markdown(obj.docstring.value)
            for member in obj.members.values():
                if not isinstance(member, griffe.Alias):
                    walk(member)

        walk(pkg)
        # crib_stats resolves its public names lazily (a module __getattr__), which a static reader
        # cannot see: give the face an alias per name, so the reference shows crib_stats.NAME
        for name in faces()[PACKAGE]:
            if name not in pkg.members:
                pkg.set_member(name, griffe.Alias(name, target(PACKAGE, name), parent=pkg))
        try:
            missing = undocumented(pkg)
        except griffe.AliasResolutionError as e:  # resolved later by mkdocstrings: check without it
            logger.debug("the docstring check waits for aliases: %s", e)
            return
        for name in missing:
            logger.warning("%s is public but has no docstring", name)
