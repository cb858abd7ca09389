"""wolfe: convex collision detection and compliant-contact simulation, from Rust.

The compiled module is ``wolfe._wolfe``; every public name of it is re-exported here,
so ``import wolfe`` (and ``import wolfe as coal``) reads as before. Pure Python modules
live beside it: ``wolfe.sweep`` (parameter sweeps and datasets on dask.distributed,
with the ``[distributed]`` extra), imported on demand so that the core package needs
only numpy.
"""

import abc as _abc

from . import _wolfe
from ._wolfe import *  # noqa: F401,F403

__version__ = _wolfe.__version__
__doc__ = _wolfe.__doc__ or __doc__


class ShapeBase(metaclass=_abc.ABCMeta):
    """coal's ``ShapeBase``: the shapes that are not bounding-volume hierarchies.

    ``isinstance(shape, ShapeBase)`` is true for ``Sphere``, ``Box``, ``Capsule``,
    ``Cylinder``, ``Cone``, ``Ellipsoid``, ``Convex``, ``Halfspace``, ``Plane`` and
    ``TriangleP`` (registered virtual subclasses; every one of them is also a
    ``CollisionGeometry``), false for ``BVHModelOBBRSS``. It cannot be instantiated.
    """


for _shape in (
    _wolfe.Sphere,
    _wolfe.Box,
    _wolfe.Capsule,
    _wolfe.Cylinder,
    _wolfe.Cone,
    _wolfe.Ellipsoid,
    _wolfe.Convex,
    _wolfe.Halfspace,
    _wolfe.Plane,
    _wolfe.TriangleP,
):
    ShapeBase.register(_shape)
del _shape

from ._coal_extras import *  # noqa: E402,F401,F403
from ._coal_extras import __all__ as _extras

__all__ = [name for name in dir(_wolfe) if not name.startswith("_")] + ["ShapeBase"] + list(_extras)
