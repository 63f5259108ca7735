"""What the tests that press Ctrl-C at a command share."""

from __future__ import annotations

import signal


def ctrl_c_as_at_a_terminal() -> None:
    """A child's ``preexec_fn``: Ctrl-C does what it does at a person's terminal.

    A command started in the background by a non-interactive shell (a CI script run with
    ``&``) inherits SIGINT ignored, and Python then never raises KeyboardInterrupt; the
    tests would measure the launcher, not houserules."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
