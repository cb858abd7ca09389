"""The compatibility table of docs/coal-compat.md is the one scripts/coal_names.py
writes from coal's name list and this wolfe module."""

import subprocess
import sys
from pathlib import Path

import pytest

import wolfe

ROOT = Path(__file__).resolve().parents[4]
SCRIPT = ROOT / "scripts" / "coal_names.py"
NAMES = ROOT / "crates" / "wolfe-py" / "python" / "coal_names.txt"


@pytest.mark.skipif(not SCRIPT.exists(), reason="run from a checkout of the repository")
def test_compatibility_table_is_current():
    r = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


@pytest.mark.skipif(not NAMES.exists(), reason="run from a checkout of the repository")
def test_every_provided_name_is_really_there_and_counts_add_up():
    names = [n for n in NAMES.read_text().split() if n]
    assert len(names) == len(set(names)) == 158
    doc = (ROOT / "docs" / "coal-compat.md").read_text()
    rows = [line for line in doc.splitlines() if line.startswith("| `")]
    assert len(rows) == len(names)
    for line in rows:
        name, kind = line.split("|")[1].strip().strip("`"), line.split("|")[2].strip()
        assert hasattr(wolfe, name) == (kind != "not provided"), name
