"""Tokens of ASL (the ASLRef v1 lexical syntax pto-spec uses).

One line at a time: every AVS construct that spans lines does so between tokens, except
``/* ... */`` comments, which :func:`strip_block_comments` blanks out first (keeping the
line structure, so line numbers stay true).  A token is a tuple ``(kind, value, col)``:
``kind`` is the keyword or punctuation text itself (``"if"``, ``"=="``, ``"[["``), or one of
``ID``, ``INT``, ``BITS``, ``MASK``, ``STR``, ``REAL``, ``BOOL`` for the token classes; the
column is 1-based.  Lines recur by the thousand in the generated validators, so results are
cached per line text.
"""

from __future__ import annotations

import re

from ptodbg.avs.values import Bits, ParseError

KEYWORDS = frozenset(
    """
    AND DIV DIVRM MOD NOT OR XOR IN
    array as assert begin bit bits boolean case catch config constant do downto else elsif
    end enumeration exception for func getter if impdef implementation integer let of
    otherwise pass pure readonly real record repeat return setter string subtypes then throw
    to try type until var when where while with unreachable print println
    """.split()
)

_TOKEN = re.compile(
    r"""
    [ \t\r\f]*(?:
      (?P<comment>//.*)
    | (?P<bits>'[01 ]*')
    | (?P<mask>'[01x ]*')
    | (?P<str>"(?:[^"\\]|\\.)*")
    | (?P<real>\d[\d_]*\.\d[\d_]*)
    | (?P<hex>0x[0-9A-Fa-f_]+)
    | (?P<int>\d[\d_]*)
    | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
    | (?P<op>\[\[|\]\]|==|!=|<=|>=|&&|\|\||=>|-->|<->|\+:|\*:|::|<<|>>|\.\.|[-+*/^()\[\]{}<>=!,;:.])
    | (?P<end>$)
    )
    """,
    re.VERBOSE,
)

Token = tuple[str, object, int]

_cache: dict[str, tuple[Token, ...]] = {}


def tokenize_line(text: str, lineno: int = 0, filename: str = "") -> tuple[Token, ...]:
    """The tokens of one line (comments dropped); raises ParseError on a stray character."""
    got = _cache.get(text)
    if got is not None:
        return got
    out: list[Token] = []
    pos = 0
    n = len(text)
    match = _TOKEN.match
    while True:
        m = match(text, pos)
        if m is None:
            col = pos + 1 + len(text[pos:]) - len(text[pos:].lstrip())
            raise ParseError(f"{filename}:{lineno}:{col}: unexpected character {text[col - 1]!r}")
        kind = m.lastgroup
        if kind == "end" or kind == "comment":
            break
        value = m.group(kind)
        col = m.start(kind) + 1
        if kind == "id":
            if value in KEYWORDS:
                out.append((value, value, col))
            elif value == "TRUE" or value == "FALSE":
                out.append(("BOOL", value == "TRUE", col))
            else:
                out.append(("ID", value, col))
        elif kind == "op":
            out.append((value, value, col))
        elif kind == "int":
            out.append(("INT", int(value.replace("_", "")), col))
        elif kind == "hex":
            out.append(("INT", int(value[2:].replace("_", ""), 16), col))
        elif kind == "bits":
            digits = value[1:-1].replace(" ", "")
            out.append(("BITS", Bits(len(digits), int(digits, 2) if digits else 0), col))
        elif kind == "mask":
            out.append(("MASK", value[1:-1].replace(" ", ""), col))
        elif kind == "str":
            out.append(("STR", value[1:-1].encode().decode("unicode_escape"), col))
        else:  # real
            out.append(("REAL", value.replace("_", ""), col))
        pos = m.end()
        if pos >= n:
            break
    result = tuple(out)
    if len(_cache) < 400_000:
        _cache[text] = result
    return result


def strip_block_comments(text: str) -> str:
    """Blank out ``/* ... */`` comments, keeping their newlines."""
    if "/*" not in text:
        return text
    out = []
    pos = 0
    while True:
        start = text.find("/*", pos)
        if start < 0:
            out.append(text[pos:])
            break
        # a "/*" inside a line comment does not open a block comment
        line_start = text.rfind("\n", 0, start) + 1
        if "//" in text[line_start:start]:
            end_of_line = text.find("\n", start)
            end_of_line = len(text) if end_of_line < 0 else end_of_line
            out.append(text[pos:end_of_line])
            pos = end_of_line
            continue
        end = text.find("*/", start + 2)
        if end < 0:
            raise ParseError("unterminated /* comment")
        out.append(text[pos:start])
        out.append("\n" * text.count("\n", start, end + 2))
        pos = end + 2
    return "".join(out)
