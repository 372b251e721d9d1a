"""Scalar floating point (``asl/scalar/model/fsu/*.asl``, ``dispatch/fsu.asl``)."""

from __future__ import annotations
