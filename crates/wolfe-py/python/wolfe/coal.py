"""coal's Python module, provided by wolfe: every coal name that wolfe has.

``import wolfe.coal as coal`` gives coal's names. To run a coal program unchanged
(``import coal``) in an environment without coal, either create a file ``coal.py`` on
its path holding the one line::

    from wolfe.coal import *  # noqa: F401,F403

or call ``wolfe.coal.install()`` before the program imports ``coal``. wolfe does not
install a top-level ``coal`` package: that would shadow the real coal wherever both
are installed. ``docs/coal-compat.md`` lists every coal name and how wolfe's differs.
"""

import sys as _sys

import wolfe as _wolfe
from wolfe import *  # noqa: F401,F403

__all__ = list(_wolfe.__all__)


def install(names=("coal", "hppfcl")):
    """Makes ``import coal`` (and ``import hppfcl``, coal's former name) give wolfe's
    coal-named API in this process, unless a module of that name is already imported.
    Returns the names it installed."""
    from . import hppfcl

    done = []
    for name in names:
        if name in _sys.modules:
            continue
        _sys.modules[name] = hppfcl if name == "hppfcl" else _sys.modules[__name__]
        done.append(name)
    return done
