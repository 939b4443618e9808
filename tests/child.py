# SPDX-License-Identifier: GPL-3.0-or-later
"""Child processes of the test scripts (fuzz_protocol.py, cdp.py)."""

import subprocess


def wait_or_kill(proc, timeout):
    """Waits for a process told to quit; kills it when it has not ended within `timeout`
    seconds."""
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
