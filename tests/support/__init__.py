"""Shared test support: paths to the shared reference material and AVS-style harness."""
