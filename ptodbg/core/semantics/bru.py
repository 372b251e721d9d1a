"""Compare, condition setters, jumps and return-address forms
(``asl/scalar/model/bru/semantics.asl``, ``dispatch/bru.asl``)."""

from __future__ import annotations
