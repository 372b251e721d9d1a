"""The bounds of an AVS run: every size, depth and amount of work a program controls.

An AVS program is a file a user names, so ``ptodbg avs`` treats it as hostile input: each
bound below turns what would be a hang, a memory blow-up or a Python ``RecursionError``
into one clear line — a ``fail`` point saying which bound the program passed, or, for a
path that cannot be read as a program, exit status 2.  The real suites stay far inside
every bound (the figures in brackets are their largest values: 3,352 programs and the
1,153 generated validators of ``pto/avs``).

Reading:
  * :data:`MAX_PROGRAM_BYTES` — a program file [13 KB];
  * :data:`MAX_LIBRARY_BYTES` — the validators' text once decompressed [36 MB] (a gzip
    bomb beside the programs stops there).

Parsing:
  * :data:`MAX_LITERAL_CHARS` — one number or bitvector literal [66 characters];
  * :data:`MAX_STATEMENTS` — statements and declarations of one program file [~400];
  * :data:`MAX_SYNTAX_DEPTH` — how deep the syntax tree of a function or declaration
    goes [21]: nested blocks and expressions, and a chain of operators (``1 + 1 + ...``
    nests one level per operator), so that compiling and running it never meets Python's
    recursion limit.

Running:
  * :data:`MAX_CALL_DEPTH` — ASL calls nested in ASL calls [< 10];
  * :data:`WORK_BUDGET` — statements one run may execute inside loops and ASL calls
    (each loop iteration is charged the statements of its body, each call those and
    :data:`CALL_COST` more: a call costs several statements' time) [72,000]: about a second of
    the slowest kind of work on a quiet machine;
  * :data:`MAX_SECONDS` — the time one point may run [well under a second]: the work
    budget counts statements, and a statement that calls the harness can cost a
    millisecond (a contract function runs an instruction on a machine of its own), so a
    loop of such calls is stopped by the clock — a last resort that no real point nears;
  * :data:`MAX_ARRAY_LENGTH` — elements of one array [64]; arrays of arrays are charged to
    the work budget element by element;
  * :data:`MAX_BITS` — the width of a bitvector and of an integer result [524,288 bits: a
    tile's definedness bits; 64 outside the tile model];
  * :data:`WIDE_BUDGET` — the bits of the values wider than :data:`WIDE_BITS` one run may
    make, all together [a few million]: such values are the tile model's, and storing
    thousands of them (an array of 65,536 tile payloads) would take gigabytes.
"""

from __future__ import annotations

KiB = 1 << 10
MAX_PROGRAM_BYTES = 256 * KiB
MAX_LIBRARY_BYTES = 256 << 20
MAX_LITERAL_CHARS = 1000
MAX_STATEMENTS = 10_000
MAX_SYNTAX_DEPTH = 100
MAX_CALL_DEPTH = 64
WORK_BUDGET = 1_000_000
CALL_COST = 8
MAX_SECONDS = 60.0
MAX_ARRAY_LENGTH = 1 << 16
MAX_BITS = 1 << 21  # 256 KiB: a whole tile of PTO_MODEL_MAX_TILE_CAPACITY_BYTES
WIDE_BITS = 1 << 16
WIDE_BUDGET = 1 << 30  # bits: 128 MiB
