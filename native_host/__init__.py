"""Tabmate's native messaging host: the Python side of the Tabmate sidebar."""

__version__ = "0.1.0"
