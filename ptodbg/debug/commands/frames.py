"""The call chain: bt, frame, up, down, info frame and finish."""

from __future__ import annotations

from ptodbg.debug.commands.language import CommandResult, Commands, command, count_arg
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.view.jsonstate import frame_info_json, frame_json
from ptodbg.debug.view.records import Frame, SavedRegister


@command("bt", "bt [full] [N]",
         "the call chain from the frames FENTRY built, and a leaf's caller read from ra (innermost first); "
         "full: each frame's saved registers too", "backtrace", "where", arguments=("word", "count"))
def _bt(c: Commands, args: list[str], raw: str) -> CommandResult:
    full = any(a.lower() in ("full", "-full") for a in args)
    counts = [a for a in args if a.lower() not in ("full", "-full")]
    if len(counts) > 1:
        raise DebugError(f"expected one count, got {' '.join(counts)!r}")
    frames = c.dbg.frames(c.num(counts[0]) if counts else 64)
    rows = []
    for frame in frames:
        rows.append(_frame_line(frame))
        if full:
            rows.append("        " + _locals(frame.saved))
    return CommandResult("", True, "\n".join(rows), extra={"frames": [frame_json(f) for f in frames]})


def _locals(saved: tuple[SavedRegister, ...]) -> str:
    """bt full's line under a frame: assembly has no locals; what its FENTRY saved."""
    if not saved:
        return "No locals (assembly); no registers saved"
    return "No locals (assembly); saved " + ", ".join(f"{s.name} at {s.address:#x} = {s.value:#x}" for s in saved)


INFERRED = "  [inferred from ra]"  # a frame its callee's ra/LRA names (no frame template saved it)


# ------------------------------------------------ frames and breakpoint management
# (issue 12 items 1-2; the engine side is ptodbg.debug.engine.frames, .forward and .stops)
def _frame_line(frame: Frame) -> str:
    """A frame as gdb prints it on selection: ``#1  0x16b80 in main+0x8  (sp 0x...)``."""
    return f"#{frame.level:<2} {frame.pc:#x} in {frame.label}  (sp {frame.sp:#x})" + (INFERRED if frame.inferred else "")


def _frame_result(c: Commands, frame: Frame) -> CommandResult:
    return CommandResult("", True, _frame_line(frame), extra={"frame": frame_json(frame)})


def _level(c: Commands, args: list[str], usage: str) -> int | None:
    if len(args) > 1:
        raise DebugError(f"usage: {usage}")
    return c.num(args[0]) if args else None


@command("frame", "frame [N]", "select frame N of the call chain (0 = innermost) and show it; "
         "without N show the selected frame", "f", arguments=("count",))
def _frame(c: Commands, args: list[str], raw: str) -> CommandResult:
    level = _level(c, args, "frame [N]")
    frame = c.dbg.current_frame() if level is None else c.dbg.select_frame(level)
    return _frame_result(c, frame)


@command("up", "up [N]", "select the frame N levels toward the callers (default 1)", arguments=("count",))
def _up(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _frame_result(c, c.dbg.frame_up(count_arg(c, args)))


@command("down", "down [N]", "select the frame N levels toward the innermost (default 1)", arguments=("count",))
def _down(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _frame_result(c, c.dbg.frame_down(count_arg(c, args)))


@command("info frame", "info frame", "the selected frame: pc, function, sp, frame address, caller, saved registers",
         "info f")
def _info_frame(c: Commands, args: list[str], raw: str) -> CommandResult:
    frame, caller = c.dbg.selected_and_caller()
    info = frame_info_json(frame, caller)
    at = info["frame_address"]
    lines = [f"Stack level {info['level']}, frame at {at:#x}:" if at is not None else f"Stack level {info['level']}:",
             f" pc = {info['pc']:#x} in {frame.label}; sp = {info['sp']:#x}"]
    caller = info["caller"]
    if caller is not None:
        saved = "return address in ra (inferred: no frame template)" if caller["inferred"] else "saved pc"
        lines.append(f" {saved} = {caller['pc']:#x} ({caller['where']}), called by frame #{caller['level']}"
                     + (f" at {caller['frame_address']:#x}" if caller["frame_address"] is not None else ""))
    if info["callee"] is not None:
        lines.append(f" caller of frame #{info['callee']}")
    if info["saved"]:
        lines.append(" Saved registers:")
        lines.append("  " + ", ".join(f"{s['register']} at {s['address']:#x} = {s['value']:#x}" for s in info["saved"]))
    elif at is None or (caller is not None and caller["inferred"]):
        lines.append(" no frame template (FENTRY) at this function's entry: nothing saved")
    else:
        lines.append(" no registers saved yet (the function's FENTRY has not run)")
    return CommandResult("", True, "\n".join(lines), extra={"frame": info})


@command("finish", "finish", "run until the selected frame returns; shows the value returned (a0)", "fin",
         moves=True, long=True)
def _finish(c: Commands, args: list[str], raw: str) -> CommandResult:
    if args:
        raise DebugError("usage: finish")
    stop = c.dbg.finish()
    result = c.moved(stop)
    result.extra["value"] = stop.value
    return result
