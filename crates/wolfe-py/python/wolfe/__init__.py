"""wolfe: convex collision detection and compliant-contact simulation, from Rust.

The compiled module is ``wolfe._wolfe``; every public name of it is re-exported here,
so ``import wolfe`` (and ``import wolfe as coal``) reads as before. Pure Python modules
live beside it: ``wolfe.sweep`` (parameter sweeps and datasets on dask.distributed,
with the ``[distributed]`` extra), imported on demand so that the core package needs
only numpy.
"""

from . import _wolfe
from ._wolfe import *  # noqa: F401,F403

__version__ = _wolfe.__version__
__doc__ = _wolfe.__doc__ or __doc__
__all__ = [name for name in dir(_wolfe) if not name.startswith("_")]
