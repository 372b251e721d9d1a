"""Tokens of ASL (the ASLRef v1 lexical syntax pto-spec uses).

One line at a time: every AVS construct that spans lines does so between tokens, except
``/* ... */`` comments, which :func:`strip_block_comments` blanks out first (keeping the
line structure, so line numbers stay true).  A token is a tuple ``(kind, value, col)``:
``kind`` is the keyword or punctuation text itself (``"if"``, ``"=="``, ``"[["``), or one of
``ID``, ``INT``, ``BITS``, ``MASK``, ``STR``, ``REAL``, ``BOOL`` for the token classes; the
column is 1-based.  Lines recur by the thousand in the generated validators, so results are
cached per line text (short lines only: the cache must not hold a hostile file's long lines).

A literal longer than :data:`~ptodbg.avs.limits.MAX_LITERAL_CHARS` (a 100,000-digit number)
and a string with a broken escape are parse errors at their place.
"""

from __future__ import annotations

import re

from ptodbg.avs.limits import MAX_LITERAL_CHARS
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
    r"""[ \t\r\f]*(?:
      (//.*)
    | ('[01 ]*')
    | ('[01x ]*')
    | ("(?:[^"\\]|\\.)*")
    | (\d[\d_]*\.\d[\d_]*)
    | (0x[0-9A-Fa-f_]+)
    | (\d[\d_]*)
    | ([A-Za-z_][A-Za-z0-9_]*)
    | (\[\[|\]\]|==|!=|<=|>=|&&|\|\||=>|-->|<->|\+:|\*:|::|<<|>>|\.\.|[-+*/^()\[\]{}<>=!,;:.])
    )""",
    re.VERBOSE,
)
_COMMENT, _BITS, _MASK, _STR, _REAL, _HEX, _INT, _ID, _OP = range(1, 10)

Token = tuple[str, object, int]

_cache: dict[str, tuple[Token, ...]] = {}
_CACHE_LIMIT = 20_000  # lines; beyond it tokenizing again is cheaper than the memory
_CACHED_LINE = 512  # characters: longer lines are not kept (the validators' longest is 225)


def tokenize_line(text: str, lineno: int = 0, filename: str = "") -> tuple[Token, ...]:
    """The tokens of one line (comments dropped); raises ParseError on a stray character."""
    got = _cache.get(text)
    if got is not None:
        return got
    out: list[Token] = []
    append = out.append
    pos = 0
    keywords = KEYWORDS
    for m in _TOKEN.finditer(text):
        kind = m.lastindex
        if kind is None or m.start() != pos:
            break
        pos = m.end()
        value = m.group(kind)
        col = m.start(kind) + 1
        if kind == _ID:
            if value in keywords:
                append((value, value, col))
            elif value == "TRUE" or value == "FALSE":
                append(("BOOL", value == "TRUE", col))
            else:
                append(("ID", value, col))
        elif kind == _OP:
            append((value, value, col))
        elif kind == _COMMENT:
            pos = len(text)
            break
        elif len(value) > MAX_LITERAL_CHARS and kind != _STR:  # the literals: a 100,000-digit number
            raise ParseError(f"{filename}:{lineno}:{col}: a literal of {len(value)} characters "
                             f"(at most {MAX_LITERAL_CHARS})")
        elif kind == _INT:
            append(("INT", int(value.replace("_", "")), col))
        elif kind == _BITS:
            digits = value[1:-1].replace(" ", "")
            append(("BITS", Bits(len(digits), int(digits, 2) if digits else 0), col))
        elif kind == _HEX:
            append(("INT", int(value[2:].replace("_", ""), 16), col))
        elif kind == _MASK:
            append(("MASK", value[1:-1].replace(" ", ""), col))
        elif kind == _STR:
            try:
                text_value = value[1:-1].encode().decode("unicode_escape")
            except UnicodeDecodeError:
                raise ParseError(f"{filename}:{lineno}:{col}: a string with a broken escape") from None
            append(("STR", text_value, col))
        else:  # real
            append(("REAL", value.replace("_", ""), col))
    if pos < len(text) and text[pos:].strip():
        col = pos + 1 + len(text[pos:]) - len(text[pos:].lstrip())
        raise ParseError(f"{filename}:{lineno}:{col}: unexpected character {text[col - 1]!r}")
    result = tuple(out)
    if len(_cache) < _CACHE_LIMIT and len(text) <= _CACHED_LINE:
        _cache[text] = result
    return result


_COMMENT_START = re.compile(r"//|/\*")


def strip_block_comments(text: str, filename: str = "") -> str:
    """Blank out ``/* ... */`` comments, keeping their newlines (a ``/*`` after ``//`` on
    its line is part of that line comment); an unterminated one is a ParseError at its
    place.  One pass from left to right: linear in the text, however its lines look."""
    if "/*" not in text:
        return text
    out = []
    pos = 0
    while True:
        m = _COMMENT_START.search(text, pos)
        if m is None:
            out.append(text[pos:])
            break
        start = m.start()
        if m.group() == "//":  # a line comment: nothing on the rest of the line opens a block
            end_of_line = text.find("\n", start)
            end_of_line = len(text) if end_of_line < 0 else end_of_line
            out.append(text[pos:end_of_line])
            pos = end_of_line
            continue
        end = text.find("*/", start + 2)
        if end < 0:
            line = text.count("\n", 0, start) + 1
            raise ParseError(f"{filename}:{line}:{start - text.rfind(chr(10), 0, start)}: unterminated /* comment")
        out.append(text[pos:start])
        out.append("\n" * text.count("\n", start, end + 2))
        pos = end + 2
    return "".join(out)
