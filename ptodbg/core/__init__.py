"""The PTO emulator core: machine state, memory, semantics, traps (docs/interfaces.md §1).

The core knows nothing of the debugger.  Entry points: :class:`Machine`, the profiles
``DEBUG``/``REFERENCE``/``reference(n)``, and the permission bits ``R``/``W``/``X``.
"""

from ptodbg.core.faults import Fault, Halt
from ptodbg.core.machine import Machine, RunResult, StepResult
from ptodbg.core.memory import R, W, X
from ptodbg.core.profiles import DEBUG, LINUX, REFERENCE, Profile, reference
from ptodbg.core.snapshot import Snapshot
from ptodbg.core.traps import TrapInfo

__all__ = [
    "DEBUG", "LINUX", "REFERENCE", "Fault", "Halt", "Machine", "Profile", "R", "RunResult",
    "Snapshot", "StepResult", "TrapInfo", "W", "X", "reference",
]
