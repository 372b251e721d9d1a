"""Forms from the official PTO catalogs, for ``ptodbg disasm --catalog``.

The catalogs (pto-spec ``spec/catalog/scalar-forms.json`` and ``command-forms.json``) are
read as given: each entry becomes a :class:`~ptodbg.isa.forms.Form` with the catalog's
mask, match, field pieces, signedness and constraints, in catalog order, and a
:class:`~ptodbg.isa.decoder.Decoder` over them decodes with the catalog priority (command
forms first, most mask bits, then form_id).  A form whose form_id ptodbg's table also has
takes ptodbg's canonical template, so its listing reassembles; any other form gets a
generic template ``mnemonic Field={Field}, ...`` that names every field.  Files are read
through :mod:`ptodbg.base.userfile` (regular files of at most 16 MiB; a FIFO, a device or a
symlink loop is one error naming the path).
"""

from __future__ import annotations

from pathlib import Path

from ptodbg.base import userfile
from ptodbg.isa.decoder import Decoder
from ptodbg.isa.forms import FORMS_BY_ID, RAW, SIGNED, UNSIGNED, Constraint, Field, Form, Piece

CATALOG_FILES = ("command-forms.json", "scalar-forms.json")


class CatalogError(ValueError):
    """A catalog path that cannot be used; the message names the path and the problem."""


def _field(entry: dict) -> Field:
    pieces = tuple(Piece(int(p["instruction_lsb"]), int(p["value_lsb"]), int(p["width"])) for p in entry["pieces"])
    sign = {"signed": SIGNED, "unsigned": UNSIGNED}.get(entry.get("signedness"), RAW)
    width = int(entry.get("width") or max(p.value_lsb + p.width for p in pieces))
    return Field(entry["name"], pieces, sign, width)


def _constraint(entry: dict) -> Constraint:
    if entry["operator"] == "not-equal":
        return Constraint(entry["field"], excluded=int(entry["value"]))
    return Constraint(entry["field"], allowed=frozenset(int(v) for v in entry["values"]))


def _generic_syntax(mnemonic: str, fields: tuple[Field, ...]) -> str:
    body = ", ".join(f"{f.name.lower()}={{{f.name}}}" for f in fields)
    return f"{mnemonic.lower()} {body}".rstrip()


def _encoding(parts: list[dict]) -> tuple[int, int]:
    mask = match = 0
    for part in parts:
        mask |= int(part["mask"], 16) << (32 * int(part["index"]))
        match |= int(part["match"], 16) << (32 * int(part["index"]))
    return mask, match


def form_from_entry(entry: dict, surface: str, index: int) -> Form:
    """One catalog entry as a Form."""
    mask, match = _encoding(entry["encoding"])
    variants = tuple(_encoding(v["encoding"]) for v in entry.get("encoding_variants", []))
    fields = tuple(_field(f) for f in entry["fields"])
    ours = FORMS_BY_ID.get(entry["form_id"])
    syntax = ours.syntax if ours is not None and [f.name for f in ours.fields] == [f.name for f in fields] \
        else _generic_syntax(entry["mnemonic"], fields)
    form = Form(
        mnemonic=entry["mnemonic"],
        form_id=entry["form_id"],
        surface=surface,
        index=index,
        family=entry.get("semantic_family", ""),
        length=int(entry["length_bits"]),
        mask=mask,
        match=match,
        fields=fields,
        constraints=tuple(_constraint(c) for c in entry.get("constraints", [])),
        agu=ours.agu if ours is not None else None,
        syntax=syntax,
        mask_bits=mask.bit_count(),
        variants=variants,
        implicit_sources=ours.implicit_sources if ours is not None else (),
    )
    form.by_name.update({f.name: f for f in fields})
    return form


def _files(path: Path) -> list[Path]:
    if userfile.is_dir(path):
        found = [path / name for name in CATALOG_FILES if userfile.exists(path / name)]
        if not found:
            raise CatalogError(f"{path}: no {' or '.join(CATALOG_FILES)} in this folder")
        return found
    if userfile.missing(path):
        raise CatalogError(f"{path}: no such file or folder")
    return [path]  # anything else: the bounded reader says what is wrong with it


def load(paths: list[str | Path]) -> Decoder:
    """A decoder over the forms of the catalog files (or folders holding them)."""
    command: list[Form] = []
    scalar: list[Form] = []
    seen: set[str] = set()
    for raw in paths:
        for path in _files(Path(raw)):
            try:
                text = userfile.read_text(path, "catalog")
            except userfile.UserFileError as e:
                raise CatalogError(str(e)) from None
            try:
                doc = userfile.load_json(text, str(path))
            except userfile.UserFileError as e:
                raise CatalogError(f"{path}: not a PTO form catalog ({str(e).split(': ', 1)[1]})") from None
            try:
                entries = doc["forms"]
                is_command = doc.get("surface") == "command-and-boundary" or "command" in path.name
                target = command if is_command else scalar
                for entry in entries:
                    if entry["form_id"] in seen:
                        continue
                    seen.add(entry["form_id"])
                    target.append(form_from_entry(entry, "command" if is_command else "scalar", len(target)))
            except KeyError as e:
                raise CatalogError(f"{path}: not a PTO form catalog (an entry lacks the key {e.args[0]!r})") from None
            except (ValueError, TypeError, AttributeError):
                raise CatalogError(f"{path}: not a PTO form catalog (a value is not of the expected kind)") from None
    if not command and not scalar:
        raise CatalogError(f"{', '.join(map(str, paths))}: no forms")
    return Decoder(command, scalar)
