"""hpp-fcl (coal's former name) provided by wolfe: coal's names, plus hpp-fcl's
``Transform3f`` for coal's ``Transform3s``.

As for ``wolfe.coal``: a file ``hppfcl.py`` holding
``from wolfe.hppfcl import *  # noqa: F401,F403`` makes ``import hppfcl`` work.
"""

from wolfe.coal import *  # noqa: F401,F403
from wolfe.coal import __all__ as _coal_all
from wolfe.coal import _HPPFCL_RENAMED

globals().update(_HPPFCL_RENAMED)
__all__ = list(_coal_all) + list(_HPPFCL_RENAMED)
