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
import types as _types

import wolfe as _wolfe
from wolfe import *  # noqa: F401,F403

__all__ = list(_wolfe.__all__)

# hpp-fcl's names that coal renamed: what ``wolfe.hppfcl`` (and the ``hppfcl`` that
# ``install`` makes) add to coal's names. Kept here so that this module never imports
# ``wolfe.hppfcl`` (which imports this one).
_HPPFCL_RENAMED = {"Transform3f": _wolfe.Transform3s}


def install(names=("coal", "hppfcl")):
    """Makes ``import coal`` (and ``import hppfcl``, coal's former name) give wolfe's
    coal-named API in this process, unless a module of that name is already imported.
    Returns the names it installed."""
    done = []
    for name in names:
        if name in _sys.modules:
            continue
        if name == "hppfcl":
            module = _types.ModuleType("hppfcl", "hpp-fcl's names, provided by wolfe")
            module.__dict__.update({n: getattr(_wolfe, n) for n in __all__})
            module.__dict__.update(_HPPFCL_RENAMED)
            module.__all__ = __all__ + list(_HPPFCL_RENAMED)
        else:
            module = _sys.modules[__name__]
        _sys.modules[name] = module
        done.append(name)
    return done
