"""Loads, stores and prefetches (``asl/scalar/model/dispatch/agu.asl``,
``asl/scalar/model/agu/{addressing,memory}.asl``)."""

from __future__ import annotations
