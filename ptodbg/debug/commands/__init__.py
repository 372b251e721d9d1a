"""The command language (docs/interfaces.md §5): one parser for the TUI command line, the
command palette and batch mode.

:meth:`Commands.execute` takes one line and returns a :class:`CommandResult`; batch mode
turns it into one JSON line, the TUI shows its message.  Numbers are decimal or 0x-hex;
addresses and values are expressions of :mod:`ptodbg.debug.engine.expr` (written without
spaces, e.g. ``x sp+16 32``); LOC is a symbol, ``symbol+off`` or an address.  The words
of a line are split as a POSIX shell would (:func:`split_words`), in linear time.

Every number a command takes is checked before it drives any work: counts are at least
1, lengths are checked against their limits and the mapped pages, banks against the
machine's trap banks, step numbers against 2^63 - 1, values against 64 bits; forward
work is bounded by the engine's step limit (batch ``--max-steps``) or its interrupt.

The package holds the language (:mod:`.language`: words, the command table, running a
line) and one module per kind of command, each registering its commands as it is
imported: :mod:`.run` (moving, forward and back), :mod:`.breaks` (breakpoints and
watchpoints), :mod:`.scripts` (``commands N`` ... ``end``), :mod:`.edits` (changing the
machine) with :mod:`.values` (gdb's value history, convenience variables, ``set var``),
:mod:`.inspect` (looking, ``telescope``), :mod:`.source` (``disassemble``, ``list``,
``info line``, ``info source``), :mod:`.frames`, :mod:`.last`, :mod:`.tiles` (the tile registers), :mod:`.process`
(``quit``, gdb's run/start/kill, ``info proc mappings``) and :mod:`.files` (sessions, help).  The
order of the imports below is the order ``help`` lists them.  Beside them: completion
(:mod:`.completion`), gdb's formats (:mod:`.memformat`), auto-displays (:mod:`.displays`,
:mod:`.stopdisplays`) and batch mode (:mod:`.batch`).
"""

from __future__ import annotations

from ptodbg.debug.commands.language import (
    ARGUMENT_KINDS,
    MAX_LOCATION,
    CommandResult,
    Commands,
    CommandSpec,
    command,
    command_word,
    split_words,
)

__all__ = ["ARGUMENT_KINDS", "MAX_LOCATION", "CommandResult", "CommandSpec", "Commands", "command", "command_word",
           "split_words"]

# The command modules register their commands as they are imported, in this order (the
# order help lists them).
# isort: off
from ptodbg.debug.commands import run, breaks, scripts, edits, inspect, source, frames, last, tiles, process, files  # noqa: E402, F401, I001
# isort: on
