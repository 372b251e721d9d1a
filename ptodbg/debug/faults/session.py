"""Session files that open the debugger at a fault-injection site with its fault armed.

A campaign writes one for every failing site, so that ``ptodbg tui PROGRAM --session
DIR/site-N.toml`` (or ``batch --session``) shows the state before the faulting attempt
with ``inject PAGE 4096 PERMS once`` in place: one ``step`` shows the trap, ``recover``
and ``continue`` the reissue.  The file is an ordinary session (of the current schema) written by
:mod:`ptodbg.debug.files.session`'s writer, atomically.
"""

from __future__ import annotations

from pathlib import Path

from ptodbg.core.memory import PAGE_SIZE, parse_perms
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.edits import Edit, OnceEdit
from ptodbg.debug.faults.sites import Site
from ptodbg.debug.files import session


def site_injection(site: Site) -> Edit:
    """The timeline edit that arms the site's fault: ``inject PAGE 4096 PERMS at STEP once``."""
    return OnceEdit(site.step, site.page, PAGE_SIZE, parse_perms(site.perms), scheduled=True)


def save_site_session(dbg: Debugger, site: Site, path: str | Path) -> Path:
    """Write the session of ``site`` for the program ``dbg`` has open (its path, sha256,
    profile and compatibility mode; none of its stops or edits)."""
    p = Path(path)
    data = session.session_data(dbg, p)
    data.update(position={"step": site.step}, breakpoint=[], watchpoint=[], edit=[],
                injection=[site_injection(site).to_record()])
    session.write_atomically(p, session.to_toml(data))
    return p
