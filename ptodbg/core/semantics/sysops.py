"""SYS forms: EBREAK, ASSERT, fences, system registers, ACRC/ACRE, maintenance
(``asl/scalar/model/sys/semantics.asl``, ``sys/registers.asl``, ``dispatch/sys.asl``)."""

from __future__ import annotations
