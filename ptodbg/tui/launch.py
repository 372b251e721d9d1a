"""Opening what the TUI debugs: a program, or a saved session (which names its program,
profile and compatibility mode unless the command line does)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.debug.files import session as sessions

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger


def open_target(path: str | None = None, *, session: str | None = None, profile: str = "debug",
                compat: str | None = None) -> tuple[Debugger, str]:
    """The debugger for a program (None: the built-in demo) and an optional session, and
    the sentence that says what the session restored ("" without one).

    Raises :class:`~ptodbg.debug.files.program.OpenError` or
    :class:`~ptodbg.debug.files.session.SessionError` with one clear sentence."""
    from ptodbg.debug.files.program import open_debugger

    data = None
    if session is not None:
        data = sessions.read(session)
        if path is None:
            named = sessions.program_path(data)
            path = str(named) if named is not None else None
        saved_profile = data.get("program", {}).get("profile")
        if isinstance(saved_profile, str) and profile == "debug":
            profile = saved_profile
        saved_compat = data.get("program", {}).get("compat")
        if isinstance(saved_compat, str) and compat is None:
            compat = saved_compat
    dbg = open_debugger(path, profile=profile, compat=compat)
    notice = sessions.apply(dbg, data) if data is not None else ""
    return dbg, notice
