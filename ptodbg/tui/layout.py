"""Where the panes go for a terminal of a given size (a pure function, tested alone).

Three arrangements of the same widgets (the main screen switches by a class of its own and a
few sizes, never by moving widgets):

* **compact** (the default 80x24 terminal, anything under 110 columns or 30 rows): the
  disassembly over memory view A on the left, the registers on the right (their pointer
  chains when the pane is maximised: alt+r), the timeline
  as one line; the other panes are one key away (a pane or tab key shows them
  maximised).  Boxes lose their side borders: every column goes to code and bytes.
* **normal** (120x40, 160x50): everything at once.  Disassembly, the two memory views and
  a side column (registers, TPC/block state, the trap when there is one) on top; the
  events of the last instruction and the tabs below.
* **wide** (200 columns and 45 rows or more): the memory views get the width for 32 bytes
  a row with their ASCII and the disassembly the rest (whole operands, the source line
  beside); the side column becomes a row under them.

Memory views pick their bytes per row from the width they get
(:data:`MEMORY_WIDTHS`), so the plan hands them exactly one of those widths and gives
what is left to the disassembly.
"""

from __future__ import annotations

from dataclasses import dataclass

COMPACT, NORMAL, WIDE = "compact", "normal", "wide"
MODES = (COMPACT, NORMAL, WIDE)

# Cells a memory pane needs (its borders included; memory views have no scrollbar: the
# wheel scrolls them) for 8 bytes a row without and with ASCII, 16 without and with, and
# 32 with: see hexview.LAYOUTS.
MEMORY_WIDTHS = (40, 49, 65, 82, 148)
SIDE_FULL = 48  # registers with change marks: "*zero 0000000000000000  *sp ..." and borders
SIDE_NARROW = 45  # registers without the marks (colour only), with borders
SIDE_COMPACT = 43  # registers without marks or side borders
DISASM_MIN = 24
DISASM_NARROW = 34
DISASM_NORMAL = 44
DISASM_WIDE_MIN = 48
REGS_ROWS = 21  # 12 register rows, 4 queue rows, 2 predicate rows, the interrupt row, the borders
POINTER_ROWS = 7  # under them: a caption and six registers that point into memory, with their chains
REGS_PANE = REGS_ROWS + POINTER_ROWS  # the registers pane where the layout gives it its height
STATE_ROWS = 5  # the least of the TPC/block pane: TPC, steps and the block, with borders
TRAP_LEAST = 4  # rows the side column keeps under the registers for a trap pane
CHROME_ROWS = 4  # status bar, message line, command line, key footer
EVENTS_FULL = 46  # "16 store 00012038 8 403f3e3d3c3b3a39 -> ..." with its borders
EVENTS_NARROW = 40


@dataclass(frozen=True, slots=True)
class LayoutPlan:
    """The arrangement for one terminal size."""

    mode: str
    disasm_width: int  # cells of the disassembly pane
    side_width: int  # cells of the side column (compact and normal); 0 in wide
    lower_height: int  # rows of the events / tabs row (0: hidden, compact)
    side_height: int  # rows of the side row (wide), 0 otherwise
    timeline_height: int  # 1 (a line) or 2 (activity and marks)
    events_width: int = EVENTS_FULL  # cells of the events pane beside the tabs
    trap_height: int = 0  # the most rows the trap pane may take in the side column (0: its own)
    regs_height: int = 0  # rows of the registers pane in the side column (0: the stylesheet's)


def memory_fit(available: int) -> int:
    """The widest memory layout that fits ``available`` cells (the narrowest if none)."""
    fitting = [w for w in MEMORY_WIDTHS if w <= available]
    return fitting[-1] if fitting else MEMORY_WIDTHS[0]


def plan_layout(width: int, height: int) -> LayoutPlan:
    """The layout for a ``width`` x ``height`` terminal."""
    if width < 110 or height < 30:
        return LayoutPlan(COMPACT, 0, SIDE_COMPACT, 0, 0, 1, trap_height=max(5, (height - CHROME_ROWS - 1) // 2))
    timeline = 2
    work = height - CHROME_ROWS - timeline
    if width >= 200 and height >= 45:
        memory = memory_fit(width - DISASM_WIDE_MIN)
        side = REGS_PANE
        lower = max(8, (work - side) * 2 // 5)
        return LayoutPlan(WIDE, width - memory, 0, lower, side, timeline)
    side = SIDE_FULL if width >= 140 else SIDE_NARROW
    least = DISASM_NORMAL if width >= 140 else DISASM_NARROW
    memory = memory_fit(width - side - least)
    disasm = max(DISASM_MIN, width - side - memory)
    lower = max(8, work * 2 // 5)
    # The pointer rows under the grid take only what the TPC/block and trap panes leave.
    regs = max(REGS_ROWS, min(REGS_PANE, work - STATE_ROWS - TRAP_LEAST))
    return LayoutPlan(NORMAL, disasm, side, lower, 0, timeline, EVENTS_FULL if width >= 140 else EVENTS_NARROW,
                      max(6, work - regs - STATE_ROWS), regs)
