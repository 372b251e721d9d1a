"""Compatibility decode tables for code built for older LinxISA releases.

``linx-v0.4``: the programs of the LinxISA v0.4 LLVM/musl toolchain call functions with
the 48-bit ``HL.BSTART.STD CALL`` header, an encoding PTO 0.58.3 reserves
(``spec/catalog/extension-encoding-reservations.json``: HL.BSTART.STD.CALL, "reserved in
PTO").  In this mode it decodes as a command form: it opens a STD block of type CALL
whose BPCN is TPC + simm (a byte offset; bit 0 is always 0); the return address comes
from the C.SETRET that follows it in that code.  A strict (0.58.3) decode treats it as
an illegal instruction; :func:`legacy_form` lets the machine say which option runs it.

The same code shows that v0.4's ``HL.SETRET`` took a *signed* halfword offset: the
return address of the call to ``exit`` in ``02_algorithms.static`` is encoded as
imm32 = 0xfffffffd at 0x1176a, and the symbol table names its target, ``.LBB7_3`` =
0x11764 = 0x1176a - 6.  PTO 0.58.3 zero-extends the field (``dispatch/bru.asl``:
``SetReturnAddress(ZeroExtend(imm32))``), which would give 0x200011764; the v0.4 mode
replaces the form with a signed variant.
"""

from __future__ import annotations

from ptodbg.isa.decoder import Decoder
from ptodbg.isa.forms import COMMAND_FORMS, SCALAR_FORMS, Form, parse_rows

LINX_V04_ROWS = """
HL.BSTART.STD.CALL     hl_bstart_std_call_48_linx04 CMD  48 00007fff000f/00004001000e simm:s=47:31@1,15:4@18 | hl.bstart.std call, {simm:pcb}
C.BSTART.STD           c_bstart_std_16_linx04       BBD  16 c7ff/0000 BrType=13:11 ?BrType=1,5-7 | c.bstart.std {BrType:brt}
"""

LINX_V04_SCALAR_ROWS = """
HL.SETRET              hl_setret_48_linx04          BRU  48 00000fff000f/00000507000e imm32:s=47:28@0,15:4@20 | hl.setret {imm32:pc}, ->ra
"""

LINX_V04_FORMS: tuple[Form, ...] = parse_rows(LINX_V04_ROWS, "legacy")
LINX_V04_SCALAR_FORMS: tuple[Form, ...] = parse_rows(LINX_V04_SCALAR_ROWS, "legacy")

# mode -> (forms added, form_ids they replace).  v0.4 also used C.BSTART.STD with
# BrType 6 (ICALL: target from the block's own C.SETC.TGT), which 0.58.3 reserves.
COMPAT_MODES = {"linx-v0.4": LINX_V04_FORMS}
COMPAT_SCALAR = {"linx-v0.4": LINX_V04_SCALAR_FORMS}
REPLACED = {"linx-v0.4": {"c_bstart_std_16_8b40f078c14a", "hl_setret_48_302bb793a800"}}

_DECODERS: dict[str, Decoder] = {}
_REPLACING = {"c_bstart_std_16_linx04", "hl_setret_48_linx04"}  # variants of strict forms: no "illegal in strict" hint


def decoder_for(mode: str | None) -> Decoder:
    """The decoder of a compatibility mode (None: strict PTO 0.58.3)."""
    from ptodbg.isa.decoder import STRICT

    if mode is None:
        return STRICT
    if mode not in COMPAT_MODES:
        raise ValueError(f"unknown compatibility mode {mode!r} (known: {', '.join(COMPAT_MODES)})")
    if mode not in _DECODERS:
        replaced = REPLACED.get(mode, set())
        commands = tuple(f for f in COMMAND_FORMS if f.form_id not in replaced)
        scalars = tuple(f for f in SCALAR_FORMS if f.form_id not in replaced)
        _DECODERS[mode] = Decoder(commands + COMPAT_MODES[mode], scalars + COMPAT_SCALAR.get(mode, ()))
    return _DECODERS[mode]


def legacy_form(insn: int, length: int) -> tuple[str, Form] | None:
    """(mode, form) of a compatibility form that owns this instruction, if any."""
    for mode, forms in COMPAT_MODES.items():
        for form in forms:
            if form.length == length and insn & form.mask == form.match and form.form_id not in _REPLACING:
                return mode, form
    return None
