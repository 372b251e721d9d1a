"""Finding a function by the C++ name a programmer types, as gdb does.

``break "operator new(unsigned long)"`` names a function by its full demangled signature;
``break std::vector<int>::push_back`` by its name without parameters; ``break push_back``
by its last name components.  libc++ spells its names with an inline namespace and the
default template arguments (``std::__1::vector<int, std::__1::allocator<int> >``), which
no one types, so both sides are compared in a canonical form: ``__1::`` dropped, trailing
default arguments of the standard library (allocator, char_traits, less, hash, equal_to)
dropped, and blanks kept only between two identifier characters ("unsigned long",
"operator new"), so ``vector<int> >`` and ``vector<int>>`` are the same.

A match is looked for in three tiers, the first that matches wins: the full signature,
the qualified name without parameters, then the trailing components of either (``push_back``,
``vector<int>::push_back``, ``vector<int>::push_back(int&&)``), as gdb matches a name in
any scope.  Several functions at one address (constructor aliases) are
one answer; several addresses are a clear error listing the candidates.
"""

from __future__ import annotations

import re

DEFAULT_ARGUMENTS = ("std::allocator<", "std::char_traits<", "std::less<", "std::hash<", "std::equal_to<")
MAX_LISTED = 8  # candidates an ambiguity error names
_INLINE_NAMESPACE = re.compile(r"\b__1::")
_BLANKS = re.compile(r"\s+")
_QUALIFIERS = (" const", " volatile", " &&", " &")


def _squeeze(text: str) -> str:
    """Blanks only where they separate two identifier characters."""
    out: list[str] = []
    words = _BLANKS.split(text.strip())
    for word in words:
        if out and out[-1] and word and (out[-1][-1].isalnum() or out[-1][-1] == "_") and (word[0].isalnum() or word[0] == "_"):
            out.append(" ")
        out.append(word)
    return "".join(out)


def _drop_defaults(text: str) -> str:
    """Remove trailing standard default template arguments from every argument list."""
    out = []
    i = 0
    while i < len(text):
        if text[i] == ",":
            rest = text[i + 1 :].lstrip()
            if rest.startswith(DEFAULT_ARGUMENTS):
                end = _argument_end(text, i + 1 + (len(text[i + 1 :]) - len(rest)))
                if end is not None and end < len(text) and text[end] == ">":
                    i = end  # the default was the last argument of its list
                    continue
        out.append(text[i])
        i += 1
    return "".join(out)


def _argument_end(text: str, start: int) -> int | None:
    """Index of the ',' or '>' that ends the template argument starting at ``start``."""
    depth = 0
    for j in range(start, len(text)):
        c = text[j]
        if c in "<(":
            depth += 1
        elif c in ">)":
            if depth == 0:
                return j
            depth -= 1
        elif c == "," and depth == 0:
            return j
    return None


def canonical(text: str) -> str:
    """The form both a typed name and a demangled one are compared in."""
    text = _squeeze(_INLINE_NAMESPACE.sub("", text))
    for _ in range(len(DEFAULT_ARGUMENTS) + 1):  # a default is dropped once it is the last argument
        shorter = _drop_defaults(text)
        if shorter == text:
            break
        text = shorter
    return _squeeze(text)


def without_parameters(signature: str) -> str:
    """The qualified name of a demangled function signature: its parameter list and
    qualifiers dropped, and a template function's leading return type too."""
    text = signature.strip()
    changed = True
    while changed:
        changed = False
        for q in _QUALIFIERS:
            if text.endswith(q):
                text, changed = text[: -len(q)].rstrip(), True
    if text.endswith(")"):
        depth = 0
        for j in range(len(text) - 1, -1, -1):
            if text[j] == ")":
                depth += 1
            elif text[j] == "(":
                depth -= 1
                if depth == 0:
                    if not text[:j].endswith("operator"):  # operator() keeps its ()
                        text = text[:j]
                    break
    return _strip_return_type(text)


def _strip_return_type(text: str) -> str:
    """``void std::__1::sort<int*>`` -> ``std::__1::sort<int*>`` (c++filt prints the
    return type of template functions): the part after the last blank at nesting depth 0
    that is not inside an operator name."""
    depth = 0
    cut = -1
    for j, c in enumerate(text):
        if c in "<(":
            depth += 1
        elif c in ">)":
            depth = max(0, depth - 1)
        elif c == " " and depth == 0 and not text[:j].endswith("operator") and not text[j + 1 :].startswith(("const", "&")):
            cut = j
    return text[cut + 1 :] if cut >= 0 else text


class FunctionIndex:
    """The program's C++ functions by canonical signature and name."""

    def __init__(self, functions: list[tuple[str, str, int]]) -> None:
        """``functions``: (symbol, demangled signature, address)."""
        self.entries = [(symbol, shown, address, canonical(shown), canonical(without_parameters(shown)))
                        for symbol, shown, address in functions]

    def find(self, typed: str) -> list[tuple[str, str, int]]:
        """The functions ``typed`` names, from the first tier that matches anything:
        (symbol, demangled, address) each."""
        want = canonical(typed)
        if not want:
            return []
        tiers: tuple[list, list, list] = ([], [], [])
        for symbol, shown, address, full, name in self.entries:
            if full == want:
                tiers[0].append((symbol, shown, address))
            elif name == want:
                tiers[1].append((symbol, shown, address))
            elif name.endswith("::" + want) or full.endswith("::" + want):
                tiers[2].append((symbol, shown, address))
        for tier in tiers:
            if tier:
                return tier
        return []


def ambiguity(typed: str, found: list[tuple[str, str, int]]) -> str:
    """The sentence for a name that matches functions at several addresses."""
    by_address: dict[int, str] = {}
    for _symbol, shown, address in sorted(found, key=lambda f: (f[2], f[1])):
        by_address.setdefault(address, shown)
    listed = [f"{shown} at {address:#x}" for address, shown in list(by_address.items())[:MAX_LISTED]]
    more = len(by_address) - len(listed)
    tail = f"; and {more} more" if more > 0 else ""
    return (f"{typed!r} matches {len(by_address)} functions: " + "; ".join(listed) + tail
            + " (quote the full signature, e.g. break \"NAME(ARGS)\")")
