"""System registers: names, access classes, their values in the machine and the
SSRGET/SSRSET/SSRSWAP semantics.

Addresses are 24 bits (``asl/scalar/model/sys/registers.asl``).  Base registers have
fixed addresses; context-family registers have a low index 0xF00..0xFB7 and select the
ACR bank with address bits [15:12] (TRAPNO of ACR1 = 0x1F02).  Context registers are
reachable only from ACR0 (SystemRegisterAccessPermitted); any refused access is
ILLEGAL_INST at the instruction.  Values and access classes: spec/catalog/system-registers.json.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.faults import ILLEGAL_INST, Fault

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine

BASE_REGISTERS: dict[int, tuple[str, str]] = {
    0x0000: ("THREAD_PTR", "RW"),
    0x0001: ("GLOBAL_PTR", "RW"),
    0x0010: ("TIME", "RO"),
    0x0020: ("CORE_STATE", "RW"),
    0x0021: ("CORE_ID", "RO"),
    0x0022: ("VENDOR", "RO"),
    0x0023: ("VERSION", "RO"),
    0x0024: ("CORE_FEATURE", "RO"),
    0x0025: ("CORE_FEATURE_ENABLE", "RW"),
    0x0026: ("THREAD_ID", "RO"),
    0x0027: ("TILE_CAPACITY", "RO"),
    0x0050: ("BLOCKNUM", "RO"),
    0x0051: ("BLOCKID", "RO"),
    0x0C00: ("CYCLE", "RO"),
}

CONTEXT_REGISTERS: dict[int, tuple[str, str]] = {
    0xF00: ("ECSTATE", "RW"), 0xF01: ("EVBASE", "RW"), 0xF02: ("TRAPNO", "RW"),
    0xF03: ("TRAPARG0", "RW"), 0xF05: ("ETEMP", "RW"), 0xF06: ("ETEMP0", "RW"),
    0xF07: ("ECONFIG", "RW"), 0xF08: ("IPENDING", "RO"), 0xF09: ("TOPEI", "RO"),
    0xF0A: ("EOIEI", "WO"),
    0xF10: ("TTBR0", "RW"), 0xF11: ("TTBR1", "RW"), 0xF12: ("TCR", "RW"), 0xF13: ("MAIR", "RW"),
    0xF14: ("IOTTBR", "RW"), 0xF15: ("IOTCR", "RW"), 0xF16: ("IOMAIR", "RW"),
    0xF20: ("TIMER_TIME", "RO"), 0xF21: ("TIMER_TIMECMP", "RW"),
    0xF30: ("XBINFO", "RW"), 0xF31: ("ACR_PARAM", "RW"),
    0xF40: ("EBARG0", "RW"), 0xF41: ("EBARG_BPC_CUR", "RW"), 0xF42: ("EBARG_BPC_TGT", "RW"),
    0xF43: ("EBARG_TPC", "RW"), 0xF44: ("EBARG_LRA", "RW"),
    0xF45: ("EBARG_TQ0", "RW"), 0xF46: ("EBARG_TQ1", "RW"), 0xF47: ("EBARG_TQ2", "RW"),
    0xF48: ("EBARG_TQ3", "RW"), 0xF49: ("EBARG_UQ0", "RW"), 0xF4A: ("EBARG_UQ1", "RW"),
    0xF4B: ("EBARG_UQ2", "RW"), 0xF4C: ("EBARG_UQ3", "RW"), 0xF4D: ("EBARG_LB", "RW"),
    0xF4E: ("EBARG_LC", "RW"), 0xF4F: ("EBARG_EXTCTX_PTR", "RW"),
    0xF50: ("EBARG_EXTCTX_META", "RW"), 0xF51: ("EBARG_TPLFLAGS", "RW"),
    0xF80: ("DBGID", "RO"),
    0xF90: ("DBCR0", "RW"), 0xF91: ("DBVR0", "RW"), 0xF92: ("DBCR1", "RW"), 0xF93: ("DBVR1", "RW"),
    0xF94: ("DBCR2", "RW"), 0xF95: ("DBVR2", "RW"), 0xF96: ("DBCR3", "RW"), 0xF97: ("DBVR3", "RW"),
    0xFA0: ("DCCR0", "RW"), 0xFA1: ("DCVR0", "RW"),
    0xFB0: ("DWCR0", "RW"), 0xFB1: ("DWVR0", "RW"), 0xFB2: ("DWCR1", "RW"), 0xFB3: ("DWVR1", "RW"),
    0xFB4: ("DWCR2", "RW"), 0xFB5: ("DWVR2", "RW"), 0xFB6: ("DWCR3", "RW"), 0xFB7: ("DWVR3", "RW"),
}
# Registers that exist only in one fixed bank (the catalog's fixed_context).
FIXED_CONTEXT = {0xF10: 1, 0xF11: 1, 0xF12: 1, 0xF13: 1, 0xF14: 1, 0xF15: 1, 0xF16: 1}

ECSTATE, EVBASE, TRAPNO, TRAPARG0, ECONFIG = 0xF00, 0xF01, 0xF02, 0xF03, 0xF07
IPENDING, TOPEI, EOIEI, TIMER_TIME, TIMER_TIMECMP = 0xF08, 0xF09, 0xF0A, 0xF20, 0xF21
EBARG0, EBARG_BPC_CUR, EBARG_BPC_TGT, EBARG_TPC, EBARG_LRA = 0xF40, 0xF41, 0xF42, 0xF43, 0xF44
EBARG_TQ0, EBARG_UQ0, EBARG_LB, EBARG_LC = 0xF45, 0xF49, 0xF4D, 0xF4E
MASK64 = (1 << 64) - 1

NAME_TO_ADDRESS: dict[str, int] = {name: addr for addr, (name, _) in BASE_REGISTERS.items()}
for _low, (_name, _) in CONTEXT_REGISTERS.items():
    for _ring in range(16):
        NAME_TO_ADDRESS[f"{_name}_ACR{_ring}"] = (_ring << 12) | _low


def context_index(ring: int, low: int) -> int:
    return (ring << 12) | low


def register_name(address: int) -> str:
    if address in BASE_REGISTERS:
        return BASE_REGISTERS[address][0]
    low = address & 0xFFF
    if low in CONTEXT_REGISTERS and address >> 16 == 0:
        return f"{CONTEXT_REGISTERS[low][0]}_ACR{(address >> 12) & 0xF}"
    return f"SSR_{address:#x}"


def access_of(address: int) -> str | None:
    """'RO', 'RW', 'WO', or None for an address that names no register."""
    if address in BASE_REGISTERS:
        return BASE_REGISTERS[address][1]
    if address >> 16:
        return None
    low = address & 0xFFF
    entry = CONTEXT_REGISTERS.get(low)
    if entry is None:
        return None
    fixed = FIXED_CONTEXT.get(low)
    if fixed is not None and (address >> 12) & 0xF != fixed:
        return None
    return entry[1]


def permitted(address: int, ring: int) -> bool:
    """SystemRegisterAccessPermitted: base registers from every ring, the context, debug
    and translation families (low index 0xF00 and up) from ACR0 only."""
    return (address & 0xFFF) < 0xF00 or ring == 0


def read(m: Machine, address: int) -> int:
    """Value of a system register, without access checks (the debugger's view,
    ``Machine.read_sysreg``); the instructions' checked access is :func:`read_ssr`."""
    if address in BASE_REGISTERS:
        name = BASE_REGISTERS[address][0]
        return {
            "THREAD_PTR": m.thread_ptr,
            "GLOBAL_PTR": m.global_ptr,
            "TIME": m.steps,
            "CYCLE": m.steps,
            "CORE_STATE": m.core_state,
            "CORE_FEATURE_ENABLE": m.feature_enable,
            "VERSION": 1,
            "TILE_CAPACITY": m.profile.tile_capacity,
        }.get(name, 0)
    ring, low = (address >> 12) & 0xF, address & 0xFFF
    if low == TRAPNO:
        a, valid, cause, number, _ = m.trap_status[ring]
        return (a << 63) | (valid << 62) | ((cause & 0xFFFFFF) << 24) | (number & 0x3F)
    if low == TRAPARG0:
        return m.trap_status[ring][4]
    if low == TIMER_TIME:
        return m.steps
    return m.sregs.get(address & 0xFFFF, 0)


def write(m: Machine, address: int, value: int) -> None:
    """Write a system register, without access checks (the debugger's view,
    ``Machine.write_sysreg``); the instructions' checked access is :func:`write_ssr`."""
    value &= MASK64
    if address in BASE_REGISTERS:
        name = BASE_REGISTERS[address][0]
        if name == "THREAD_PTR":
            m.thread_ptr = value
        elif name == "GLOBAL_PTR":
            m.global_ptr = value
        elif name == "CORE_STATE":
            m.core_state = value
            m.acr = value & 0xF
            m.apply_bound()
        elif name == "CORE_FEATURE_ENABLE":
            m.feature_enable = value
        return
    ring, low = (address >> 12) & 0xF, address & 0xFFF
    if low == TRAPNO:
        arg = m.trap_status[ring][4]
        m.trap_status[ring] = (bool(value >> 63 & 1), bool(value >> 62 & 1), (value >> 24) & 0xFFFFFF,
                               value & 0x3F, arg)
    elif low == TRAPARG0:
        m.trap_status[ring] = m.trap_status[ring][:4] + (value,)
    elif low == EOIEI and not address >> 16:
        m.end_of_interrupt(ring, value)
    else:
        m.sregs[address & 0xFFFF] = value
        if low == TIMER_TIMECMP and not address >> 16:
            m.refresh_timer(ring)


def _permitted(m: Machine, address: int) -> bool:
    return permitted(address, m.acr)


def _refuse(pc: int, address: int, why: str) -> Fault:
    return Fault(ILLEGAL_INST, pc, reason=f"system register {register_name(address)} ({address:#x}): {why}")


def read_ssr(m: Machine, address: int, pc: int) -> int:
    """ReadSystemRegisterAddress: the value, or Fault(ILLEGAL_INST) before any effect."""
    if not _permitted(m, address):
        raise _refuse(pc, address, f"not accessible from ACR{m.acr}")
    access = access_of(address)
    if access is None or access == "WO":
        raise _refuse(pc, address, "not readable")
    if address & 0xFFF in (IPENDING, TOPEI) and not address >> 16:
        m.refresh_timer((address >> 12) & 0xF)  # ReadInterruptPending / ReadTopPendingInterrupt
    return m.read_sysreg(address)


def write_ssr(m: Machine, address: int, value: int, pc: int) -> None:
    """WriteSystemRegisterAddress, refusing read-only, unknown or inaccessible registers."""
    access = access_of(address)
    if not _permitted(m, address) or access is None or access == "RO":
        raise _refuse(pc, address, "not writable here")
    m.write_sysreg(address, value)


def swap_ssr(m: Machine, address: int, value: int, pc: int) -> int:
    """SwapSystemRegisterAddress: both permissions checked before the read."""
    if not _permitted(m, address) or access_of(address) != "RW":
        raise _refuse(pc, address, "not swappable here")
    old = m.read_sysreg(address)
    m.write_sysreg(address, value)
    return old
