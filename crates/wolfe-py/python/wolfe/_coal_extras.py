"""coal names written in Python on top of the compiled module: coal's version numbers
and build options, `GJKStatus`, the `StdVec_*` vectors, `CollisionCallBackCollect`, and
the cached functors `ComputeDistance` / `ComputeCollision`. Re-exported by ``wolfe``.
"""

import enum

from . import _wolfe

#: The version of coal's Python API that wolfe follows (coal 3.0.3).
COAL_MAJOR_VERSION, COAL_MINOR_VERSION, COAL_PATCH_VERSION = 3, 0, 3

#: ``Convex.convexHull`` works (coal: whether it was built with qhull; wolfe has its
#: own quickhull).
WITH_QHULL = True
#: Octrees are not in wolfe.
WITH_OCTOMAP = False


def _version():
    return (COAL_MAJOR_VERSION, COAL_MINOR_VERSION, COAL_PATCH_VERSION)


def checkVersionAtLeast(major, minor, patch):
    """Whether the coal API version wolfe follows is at least ``major.minor.patch``."""
    return _version() >= (major, minor, patch)


def checkVersionAtMost(major, minor, patch):
    """Whether the coal API version wolfe follows is at most ``major.minor.patch``."""
    return _version() <= (major, minor, patch)


class GJKStatus(enum.IntEnum):
    """coal's GJK statuses, with coal's numbers and names. wolfe's results report
    wolfe's ``Status`` instead; this enum is for code that names coal's members."""

    DidNotRun = 0
    Failed = 1
    NoCollisionEarlyStopped = 2
    NoCollision = 3
    CollisionWithPenetrationInformation = 4
    Collision = 5


def _std_vec(name, item):
    doc = (f"coal's ``std::vector<{item}>``: a Python list (``append``, ``extend``, "
           "indexing, ``len``).")
    return type(name, (list,), {"__doc__": doc, "__module__": "wolfe"})


StdVec_CollisionRequest = _std_vec("StdVec_CollisionRequest", "CollisionRequest")
StdVec_CollisionResult = _std_vec("StdVec_CollisionResult", "CollisionResult")
StdVec_Contact = _std_vec("StdVec_Contact", "Contact")
StdVec_DistanceRequest = _std_vec("StdVec_DistanceRequest", "DistanceRequest")
StdVec_DistanceResult = _std_vec("StdVec_DistanceResult", "DistanceResult")
StdVec_Vec6 = _std_vec("StdVec_Vec6", "Vec6s")


class CollisionCallBackCollect(_wolfe.CollisionCallBackBase):
    """coal's ``CollisionCallBackCollect(max_size)``: collects every pair of collision
    objects the manager hands over (candidates whose boxes overlap, not a collision
    test), cleared by ``init()``, which the manager calls first."""

    def __init__(self, max_size=0):
        super().__init__()
        self.max_size = max_size
        self._pairs = []

    def init(self):
        self._pairs = []

    def collide(self, o1, o2):
        self._pairs.append((o1, o2))
        return False

    def numCollisionPairs(self):
        """How many pairs were collected."""
        return len(self._pairs)

    def getCollisionPairs(self):
        """The pairs collected, in the order they came."""
        return list(self._pairs)

    def exist(self, o1, o2=None):
        """Whether the pair ``(o1, o2)`` (or a pair given as one tuple) was collected,
        in that order, as coal's."""
        pair = o1 if o2 is None else (o1, o2)
        return any(a is pair[0] and b is pair[1] for a, b in self._pairs)


class ComputeDistance:
    """coal's ``ComputeDistance(o1, o2)``: ``functor(tf1, tf2, request, result)`` is
    ``distance(o1, tf1, o2, tf2, request, result)``. wolfe keeps no per-pair state here
    (its solvers are kept per thread; ``PairCache`` keeps a warm start)."""

    def __init__(self, o1, o2):
        self.o1, self.o2 = o1, o2

    def __call__(self, tf1, tf2, request, result):
        return _wolfe.distance(self.o1, tf1, self.o2, tf2, request, result)


class ComputeCollision:
    """coal's ``ComputeCollision(o1, o2)``: ``functor(tf1, tf2, request, result)`` is
    ``collide(o1, tf1, o2, tf2, request, result)``."""

    def __init__(self, o1, o2):
        self.o1, self.o2 = o1, o2

    def __call__(self, tf1, tf2, request, result):
        return _wolfe.collide(self.o1, tf1, self.o2, tf2, request, result)


__all__ = [
    "COAL_MAJOR_VERSION", "COAL_MINOR_VERSION", "COAL_PATCH_VERSION", "WITH_QHULL", "WITH_OCTOMAP",
    "checkVersionAtLeast", "checkVersionAtMost", "GJKStatus", "StdVec_CollisionRequest",
    "StdVec_CollisionResult", "StdVec_Contact", "StdVec_DistanceRequest", "StdVec_DistanceResult",
    "StdVec_Vec6", "CollisionCallBackCollect", "ComputeDistance", "ComputeCollision",
]

# coal exposes the members of its enums as module attributes too.
DidNotRun = GJKStatus.DidNotRun
Failed = GJKStatus.Failed
NoCollisionEarlyStopped = GJKStatus.NoCollisionEarlyStopped
NoCollision = GJKStatus.NoCollision
CollisionWithPenetrationInformation = GJKStatus.CollisionWithPenetrationInformation
Collision = GJKStatus.Collision
__all__ += [m.name for m in GJKStatus]
