"""wolfe: convex collision detection (GJK as Frank-Wolfe, Polyak/Nesterov acceleration,
EPA, growth distance) and compliant-contact simulation, from Rust.

coal 3.0's API with the same names, argument order and size conventions, so that a coal
script runs unchanged after ``import wolfe as coal``. Differences in meaning:

- ``Convex(points, triangles)``: wolfe takes the convex hull of the points; triangles
  are only checked for valid indices.
- Rotations: a rotation matrix whose ``R^T R - I`` has no entry above 1e-3 (a matrix
  written to 4 decimals) is orthonormalized to the nearest rotation, a quaternion whose
  norm is within 1e-3 of 1 (``Quaternion(0.7071, 0, 0, 0.7071)``) is normalized; beyond
  that, or with ``det R <= 0``, ValueError (coal accepts any matrix, and normalizes any
  quaternion). The same holds for 7-vector and 4x4 poses, batches included.
- numpy input: every array argument is read by its indices, whatever its memory layout
  (C or Fortran order, strided or transposed views, slices, other dtypes).
- Integer arguments (counts, indices, iteration limits, ``threads``): a negative value
  is ValueError, as is one too large for its type; a non-integer is TypeError.
- ``DistanceRequest.gjk_tolerance``: the relative precision of the distance
  (``Relative``, default) or a bound on the duality gap in m^2 (``Absolute``); the
  stopping test is always the Frank-Wolfe duality gap, whatever
  ``gjk_convergence_criterion`` says. ``DefaultGuess`` starts from the bounding-box
  centres (coal: the x axis).
- ``DistanceResult``: as coal's (``min_distance`` negative on penetration when
  ``enable_signed_distance``, normal from shape 1 to shape 2), plus ``status``,
  ``lower_bound``, ``upper_bound``, ``duality_gap``, ``iterations``, ``epa_status``.
- ``distance``/``collide`` overwrite the result they are given; coal keeps the smaller
  distance of a reused ``DistanceResult`` (for most shape pairs) and appends to a
  reused ``CollisionResult``, so a coal script that reuses results calls ``clear()``
  first, and then both agree.
- ``collide``: at most one contact per pair, as coal for two primitives;
  ``Contact.penetration_depth`` is the signed distance (negative when penetrating), as in
  coal 3; ``CollisionResult.distance_lower_bound`` is certified.
"""

from os import PathLike
from typing import Any, Iterable, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

__version__: str

ArrayLike = npt.ArrayLike
Pose = Union["Transform3s", npt.ArrayLike, None]
"""A Transform3s, a 7-vector (x, y, z, qw, qx, qy, qz), a 4x4 matrix, or None (identity).
Quaternions within 1e-3 of unit norm are normalized, rotation blocks within 1e-3 of
orthonormal are orthonormalized; farther ones raise ValueError."""

class MassProperties:
    mass: float
    center: npt.NDArray[np.float64]
    inertia: npt.NDArray[np.float64]

class NODE_TYPE:
    """coal's node types, same names and numbers (GEOM_BOX = 9, ...)."""
    BV_UNKNOWN: NODE_TYPE
    BV_AABB: NODE_TYPE
    BV_OBB: NODE_TYPE
    BV_RSS: NODE_TYPE
    BV_kIOS: NODE_TYPE
    BV_OBBRSS: NODE_TYPE
    BV_KDOP16: NODE_TYPE
    BV_KDOP18: NODE_TYPE
    BV_KDOP24: NODE_TYPE
    GEOM_BOX: NODE_TYPE
    GEOM_SPHERE: NODE_TYPE
    GEOM_CAPSULE: NODE_TYPE
    GEOM_CONE: NODE_TYPE
    GEOM_CYLINDER: NODE_TYPE
    GEOM_CONVEX: NODE_TYPE
    GEOM_PLANE: NODE_TYPE
    GEOM_HALFSPACE: NODE_TYPE
    GEOM_TRIANGLE: NODE_TYPE
    GEOM_OCTREE: NODE_TYPE
    GEOM_ELLIPSOID: NODE_TYPE
    HF_AABB: NODE_TYPE
    HF_OBBRSS: NODE_TYPE
    def __int__(self) -> int: ...

class OBJECT_TYPE:
    """coal's object types, same names and numbers; every wolfe shape is OT_GEOM."""
    OT_UNKNOWN: OBJECT_TYPE
    OT_BVH: OBJECT_TYPE
    OT_GEOM: OBJECT_TYPE
    OT_OCTREE: OBJECT_TYPE
    OT_HFIELD: OBJECT_TYPE
    def __int__(self) -> int: ...

BV_UNKNOWN = NODE_TYPE.BV_UNKNOWN
BV_AABB = NODE_TYPE.BV_AABB
BV_OBB = NODE_TYPE.BV_OBB
BV_RSS = NODE_TYPE.BV_RSS
BV_kIOS = NODE_TYPE.BV_kIOS
BV_OBBRSS = NODE_TYPE.BV_OBBRSS
BV_KDOP16 = NODE_TYPE.BV_KDOP16
BV_KDOP18 = NODE_TYPE.BV_KDOP18
BV_KDOP24 = NODE_TYPE.BV_KDOP24
GEOM_BOX = NODE_TYPE.GEOM_BOX
GEOM_SPHERE = NODE_TYPE.GEOM_SPHERE
GEOM_CAPSULE = NODE_TYPE.GEOM_CAPSULE
GEOM_CONE = NODE_TYPE.GEOM_CONE
GEOM_CYLINDER = NODE_TYPE.GEOM_CYLINDER
GEOM_CONVEX = NODE_TYPE.GEOM_CONVEX
GEOM_PLANE = NODE_TYPE.GEOM_PLANE
GEOM_HALFSPACE = NODE_TYPE.GEOM_HALFSPACE
GEOM_TRIANGLE = NODE_TYPE.GEOM_TRIANGLE
GEOM_OCTREE = NODE_TYPE.GEOM_OCTREE
GEOM_ELLIPSOID = NODE_TYPE.GEOM_ELLIPSOID
HF_AABB = NODE_TYPE.HF_AABB
HF_OBBRSS = NODE_TYPE.HF_OBBRSS
OT_UNKNOWN = OBJECT_TYPE.OT_UNKNOWN
OT_BVH = OBJECT_TYPE.OT_BVH
OT_GEOM = OBJECT_TYPE.OT_GEOM
OT_OCTREE = OBJECT_TYPE.OT_OCTREE
OT_HFIELD = OBJECT_TYPE.OT_HFIELD

class CollisionGeometry:
    """Base class of every shape: a core plus an inflation radius. The shape classes
    (Sphere, Box, Capsule, Cylinder, Cone, Ellipsoid, Convex) compare equal when their
    class and parameters are equal (a Convex: the same hull vertices), hash by identity
    (as coal's), and pickle. Their parameters are writable; a value that makes the
    shape invalid raises ValueError and leaves it unchanged (coal stores any number)."""
    @property
    def kind(self) -> str: ...
    @property
    def inflation_radius(self) -> float: ...
    def inflated(self, radius: float) -> CollisionGeometry: ...
    def mass_properties(self, density: float = 1.0) -> MassProperties: ...
    def computeVolume(self) -> float: ...
    def computeCOM(self) -> npt.NDArray[np.float64]: ...
    def computeMomentofInertia(self) -> npt.NDArray[np.float64]:
        """Inertia at unit density about the shape frame's origin (coal's)."""
    def computeMomentofInertiaRelatedToCOM(self) -> npt.NDArray[np.float64]:
        """Inertia at unit density about the centre of mass (coal's)."""
    def support(self, d: ArrayLike) -> npt.NDArray[np.float64]: ...
    def getNodeType(self) -> NODE_TYPE:
        """GEOM_SPHERE, GEOM_BOX, ..., GEOM_HALFSPACE, GEOM_PLANE; BV_UNKNOWN for an
        inflated shape."""
    def getObjectType(self) -> OBJECT_TYPE:
        """OT_GEOM."""
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class _Flat(CollisionGeometry):
    """Stub-only base: what Halfspace and Plane share (not a runtime class)."""
    n: npt.NDArray[np.float64]
    d: float
    @overload
    def __init__(self) -> None: ...
    @overload
    def __init__(self, n: ArrayLike, d: float) -> None: ...
    @overload
    def __init__(self, a: float, b: float, c: float, d: float) -> None: ...
    @overload
    def __init__(self, other: Self) -> None: ...
    def signedDistance(self, p: ArrayLike) -> float: ...
    def distance(self, p: ArrayLike) -> float: ...

class Halfspace(_Flat):
    """The half-space {x : <n, x> <= d} (coal's Halfspace). ``Halfspace()`` is n = x
    axis, d = 0; ``Halfspace(n, d)``, ``Halfspace(a, b, c, d)``, ``Halfspace(other)``.
    n is normalized (d divided by the same norm), as coal does; a zero or non-finite
    normal is ValueError (coal replaces it by the x axis). ``distance`` and ``collide``
    take it against any convex shape (closed form, exact); two half-spaces or planes are
    NotImplementedError; other queries (signed_distance, batches, growth, mass) raise
    TypeError. Compares by (n, d) and pickles."""

class Plane(_Flat):
    """The plane {x : <n, x> = d} (coal's Plane): a shape on either side is separated
    from it; one crossing it penetrates by the smaller of its depths below and above.
    Same constructors and attributes as Halfspace."""

class Sphere(CollisionGeometry):
    radius: float
    def __init__(self, r: float) -> None: ...

class Box(CollisionGeometry):
    """A box of full side lengths x, y, z."""
    def __init__(self, *sides: Union[float, ArrayLike]) -> None: ...
    @property
    def halfSide(self) -> npt.NDArray[np.float64]: ...
    @halfSide.setter
    def halfSide(self, v: ArrayLike) -> None: ...

class _Axial(CollisionGeometry):
    """Stub-only base: what Capsule, Cylinder and Cone share (not a runtime class)."""
    radius: float
    halfLength: float
    def __init__(self, radius: float, lz: float) -> None: ...

class Capsule(_Axial): ...

class Cylinder(_Axial): ...

class Cone(_Axial): ...

class Ellipsoid(CollisionGeometry):
    def __init__(self, *radii: Union[float, ArrayLike]) -> None: ...
    @property
    def radii(self) -> npt.NDArray[np.float64]: ...
    @radii.setter
    def radii(self, v: ArrayLike) -> None: ...

class StdVec_Vec3s:
    def __init__(self) -> None: ...
    def append(self, p: ArrayLike) -> None: ...
    def extend(self, ps: Iterable[ArrayLike]) -> None: ...
    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> npt.NDArray[np.float64]: ...

class Triangle:
    def __init__(self, i: int, j: int, k: int) -> None: ...
    def get(self, n: int) -> int: ...
    def __getitem__(self, n: int) -> int: ...

class StdVec_Triangle:
    def __init__(self) -> None: ...
    def append(self, t: Triangle) -> None: ...
    def extend(self, ts: Iterable[Triangle]) -> None: ...
    def __len__(self) -> int: ...

class Convex(CollisionGeometry):
    """The convex hull of the points (triangles checked, then the hull's faces used);
    coplanar points give their flat convex polygon."""
    def __init__(self, points: StdVec_Vec3s, triangles: StdVec_Triangle) -> None: ...
    @staticmethod
    def convexHull(points: Union[StdVec_Vec3s, ArrayLike], keepTriangles: bool = False,
                   qhullCommand: Optional[str] = None) -> Convex:
        """The hull of at least 4 points spanning 3D (ValueError otherwise); the flags
        are accepted and unused."""
    @property
    def num_points(self) -> int: ...
    @property
    def num_polygons(self) -> int: ...
    def points(self, i: Optional[int] = None) -> npt.NDArray[np.float64]: ...
    def polygons(self) -> npt.NDArray[np.uint32]: ...
    def vertices(self) -> npt.NDArray[np.float64]: ...
    def faces(self) -> npt.NDArray[np.uint32]: ...

class BVHBuildState:
    """coal's build states of a BVHModel; members have ``name`` and ``value``."""
    BVH_BUILD_STATE_EMPTY: BVHBuildState
    BVH_BUILD_STATE_BEGUN: BVHBuildState
    BVH_BUILD_STATE_PROCESSED: BVHBuildState
    BVH_BUILD_STATE_UPDATE_BEGUN: BVHBuildState
    BVH_BUILD_STATE_UPDATED: BVHBuildState
    BVH_BUILD_STATE_REPLACE_BEGUN: BVHBuildState
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class BVHModelType:
    BVH_MODEL_UNKNOWN: BVHModelType
    BVH_MODEL_TRIANGLES: BVHModelType
    BVH_MODEL_POINTCLOUD: BVHModelType
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

BVH_BUILD_STATE_EMPTY = BVHBuildState.BVH_BUILD_STATE_EMPTY
BVH_BUILD_STATE_BEGUN = BVHBuildState.BVH_BUILD_STATE_BEGUN
BVH_BUILD_STATE_PROCESSED = BVHBuildState.BVH_BUILD_STATE_PROCESSED
BVH_BUILD_STATE_UPDATE_BEGUN = BVHBuildState.BVH_BUILD_STATE_UPDATE_BEGUN
BVH_BUILD_STATE_UPDATED = BVHBuildState.BVH_BUILD_STATE_UPDATED
BVH_BUILD_STATE_REPLACE_BEGUN = BVHBuildState.BVH_BUILD_STATE_REPLACE_BEGUN
BVH_MODEL_UNKNOWN = BVHModelType.BVH_MODEL_UNKNOWN
BVH_MODEL_TRIANGLES = BVHModelType.BVH_MODEL_TRIANGLES
BVH_MODEL_POINTCLOUD = BVHModelType.BVH_MODEL_POINTCLOUD

class BVHModelOBBRSS(CollisionGeometry):
    """A triangle mesh (wolfe's TriMesh with its BVH), built between beginModel() and
    endModel(); distance and collide take it against every shape, half-spaces and
    other meshes included. BVHModelOBB and BVHModelBase are the same class."""
    def __init__(self, other: Optional[BVHModelOBBRSS] = None) -> None: ...
    def beginModel(self, num_tris: int = 0, num_vertices: int = 0) -> None: ...
    def addVertex(self, p: ArrayLike) -> None: ...
    def addVertices(self, points: ArrayLike) -> None: ...
    def addTriangle(self, p1: ArrayLike, p2: ArrayLike, p3: ArrayLike) -> None: ...
    def addTriangles(self, triangles: ArrayLike) -> None: ...
    def addSubModel(self, points: ArrayLike, triangles: Optional[ArrayLike] = None) -> None: ...
    def endModel(self) -> int:
        """Builds the mesh; ValueError without triangles, for a bad index or a
        triangle without area."""
    @property
    def num_vertices(self) -> int: ...
    @property
    def num_tris(self) -> int: ...
    @property
    def build_state(self) -> BVHBuildState: ...
    def getModelType(self) -> BVHModelType: ...
    def vertices(self, i: Optional[int] = None) -> npt.NDArray[np.float64]: ...
    def tri_indices(self, i: Optional[int] = None) -> Any: ...

BVHModelOBB = BVHModelOBBRSS
BVHModelBase = BVHModelOBBRSS

class TriangleP(CollisionGeometry):
    """The triangle with corners a, b, c (writable; ValueError without area)."""
    a: npt.NDArray[np.float64]
    b: npt.NDArray[np.float64]
    c: npt.NDArray[np.float64]
    def __init__(self, a: ArrayLike, b: ArrayLike, c: ArrayLike) -> None: ...

class MeshLoader:
    """Reads an OBJ or STL file as a BVHModelOBBRSS (CachedMeshLoader is the same)."""
    def __init__(self, node_type: Any = None) -> None: ...
    def load(self, filename: Union[str, PathLike[str]], scale: Optional[ArrayLike] = None) -> BVHModelOBBRSS: ...

CachedMeshLoader = MeshLoader

def convex_hull(points: ArrayLike) -> Convex:
    """The convex hull of an (N, 3) array of points (computed without the GIL)."""

def load_convex(path: Union[str, PathLike[str]]) -> Convex:
    """The convex hull of an OBJ or STL file's vertices, without the GIL (OSError if unreadable)."""

class Quaternion:
    """Quaternion(w, x, y, z) (coal's order); coeffs() is (x, y, z, w). Stored as given;
    used as a rotation (Transform3s, setQuatRotation), it is normalized when its norm is
    within 1e-3 of 1, else ValueError. Quaternion(R) orthonormalizes R within 1e-3."""
    def __init__(self, *args: Union[float, ArrayLike]) -> None: ...
    @property
    def w(self) -> float: ...
    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...
    @property
    def z(self) -> float: ...
    def coeffs(self) -> npt.NDArray[np.float64]: ...
    def norm(self) -> float: ...
    def toRotationMatrix(self) -> npt.NDArray[np.float64]: ...
    def matrix(self) -> npt.NDArray[np.float64]: ...
    @staticmethod
    def Identity() -> Quaternion: ...
    def setIdentity(self) -> None: ...
    def normalize(self) -> None:
        """In place; ValueError for a zero quaternion."""
    def normalized(self) -> Quaternion: ...
    def squaredNorm(self) -> float: ...
    def dot(self, other: Quaternion) -> float: ...
    def conjugate(self) -> Quaternion: ...
    def inverse(self) -> Quaternion: ...
    def slerp(self, t: float, other: Quaternion) -> Quaternion:
        """Along the shorter arc, both normalized first (eigen's)."""
    def angularDistance(self, other: Quaternion) -> float: ...
    def isApprox(self, other: Quaternion, prec: float = 1e-12) -> bool: ...
    def __mul__(self, other: Quaternion) -> Quaternion: ...

class Transform3s:
    def __init__(self, *args: Union[Transform3s, Quaternion, ArrayLike]) -> None:
        """(), (R, t), (q, t), (R), (q), (t) or (other). R within 1e-3 of a rotation is
        orthonormalized, q within 1e-3 of unit norm normalized; farther: ValueError."""
    @staticmethod
    def Identity() -> Transform3s: ...
    def getTranslation(self) -> npt.NDArray[np.float64]: ...
    def getRotation(self) -> npt.NDArray[np.float64]: ...
    def getQuatRotation(self) -> Quaternion: ...
    def setTranslation(self, t: ArrayLike) -> None: ...
    def setRotation(self, r: Union[Quaternion, ArrayLike]) -> None: ...
    def setQuatRotation(self, q: Union[Quaternion, ArrayLike]) -> None: ...
    def setTransform(self, r: Union[Quaternion, ArrayLike], t: ArrayLike) -> None: ...
    def setIdentity(self) -> None: ...
    def isIdentity(self, prec: float = 1e-12) -> bool: ...
    def inverse(self) -> Transform3s: ...
    def inverseTimes(self, other: Transform3s) -> Transform3s: ...
    def transform(self, p: ArrayLike) -> npt.NDArray[np.float64]: ...
    def __mul__(self, other: Transform3s) -> Transform3s: ...
    def to_array(self) -> npt.NDArray[np.float64]:
        """wolfe's 7-vector (x, y, z, qw, qx, qy, qz)."""

class GJKVariant:
    DefaultGJK: GJKVariant
    PolyakAcceleration: GJKVariant
    NesterovAcceleration: GJKVariant
    def __int__(self) -> int: ...

class GJKInitialGuess:
    DefaultGuess: GJKInitialGuess
    CachedGuess: GJKInitialGuess
    BoundingVolumeGuess: GJKInitialGuess
    def __int__(self) -> int: ...

class GJKConvergenceCriterion:
    Default: GJKConvergenceCriterion
    DualityGap: GJKConvergenceCriterion
    Hybrid: GJKConvergenceCriterion
    def __int__(self) -> int: ...

class GJKConvergenceCriterionType:
    Relative: GJKConvergenceCriterionType
    Absolute: GJKConvergenceCriterionType
    def __int__(self) -> int: ...

class CollisionRequestFlag:
    CONTACT: CollisionRequestFlag
    DISTANCE_LOWER_BOUND: CollisionRequestFlag
    NO_REQUEST: CollisionRequestFlag
    def __int__(self) -> int: ...

DefaultGJK: GJKVariant
PolyakAcceleration: GJKVariant
NesterovAcceleration: GJKVariant
DefaultGuess: GJKInitialGuess
CachedGuess: GJKInitialGuess
BoundingVolumeGuess: GJKInitialGuess
Default: GJKConvergenceCriterion
DualityGap: GJKConvergenceCriterion
Hybrid: GJKConvergenceCriterion
Relative: GJKConvergenceCriterionType
Absolute: GJKConvergenceCriterionType
CONTACT: CollisionRequestFlag
DISTANCE_LOWER_BOUND: CollisionRequestFlag
NO_REQUEST: CollisionRequestFlag

class Status:
    """How GJK ended (wolfe's certificate); int values 0..4 in BatchResult.status."""
    Converged: Status
    Intersecting: Status
    Separated: Status
    IterationLimit: Status
    NumericalTrouble: Status
    def __int__(self) -> int: ...

class EpaStatus:
    Converged: EpaStatus
    Flat: EpaStatus
    IterationLimit: EpaStatus
    FaceLimit: EpaStatus
    NumericalTrouble: EpaStatus
    def __int__(self) -> int: ...

class _SolverRequest:
    """The GJK/EPA fields that DistanceRequest and CollisionRequest both carry (a
    typing-only base: at run time the two classes share no base class)."""
    gjk_variant: GJKVariant
    gjk_tolerance: float
    gjk_max_iterations: int
    gjk_initial_guess: GJKInitialGuess
    gjk_convergence_criterion: GJKConvergenceCriterion
    gjk_convergence_criterion_type: GJKConvergenceCriterionType
    cached_gjk_guess: npt.NDArray[np.float64]
    epa_max_iterations: int
    epa_tolerance: float

class DistanceRequest(_SolverRequest):
    enable_signed_distance: bool
    enable_nearest_points: bool
    rel_err: float
    abs_err: float
    def __init__(self, enable_nearest_points: bool = True, rel_err: float = 0.0, abs_err: float = 0.0) -> None: ...
    def updateGuess(self, result: DistanceResult) -> None: ...

class DistanceResult:
    def __init__(self) -> None: ...
    def clear(self) -> None: ...
    @property
    def min_distance(self) -> float: ...
    @property
    def normal(self) -> npt.NDArray[np.float64]: ...
    def getNearestPoint1(self) -> npt.NDArray[np.float64]: ...
    def getNearestPoint2(self) -> npt.NDArray[np.float64]: ...
    @property
    def nearest_points(self) -> Tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
    @property
    def cached_gjk_guess(self) -> npt.NDArray[np.float64]: ...
    @property
    def status(self) -> Status: ...
    @property
    def epa_status(self) -> Optional[EpaStatus]: ...
    @property
    def lower_bound(self) -> float: ...
    @property
    def upper_bound(self) -> float: ...
    @property
    def duality_gap(self) -> float: ...
    @property
    def iterations(self) -> int: ...
    @property
    def epa_iterations(self) -> int: ...
    @property
    def support_calls(self) -> int: ...

@overload
def distance(s1: CollisionGeometry, M1: Pose, s2: CollisionGeometry, M2: Pose,
             req: DistanceRequest, res: DistanceResult) -> float:
    """coal's distance: fills res, returns res.min_distance."""
@overload
def distance(o1: CollisionObject, o2: CollisionObject, req: DistanceRequest, res: DistanceResult) -> float:
    """coal's distance on two collision objects."""

class CollisionRequest(_SolverRequest):
    num_max_contacts: int
    enable_contact: bool
    security_margin: float
    break_distance: float
    distance_upper_bound: float
    enable_distance_lower_bound: bool
    def __init__(self, flag: Union[CollisionRequestFlag, int, None] = None, num_max_contacts: int = 1) -> None: ...

class Contact:
    @property
    def pos(self) -> npt.NDArray[np.float64]: ...
    @property
    def normal(self) -> npt.NDArray[np.float64]: ...
    @property
    def penetration_depth(self) -> float: ...
    @property
    def b1(self) -> int:
        """Triangle index on a mesh, -1 on a shape."""
    @property
    def b2(self) -> int: ...
    def getNearestPoint1(self) -> npt.NDArray[np.float64]: ...
    def getNearestPoint2(self) -> npt.NDArray[np.float64]: ...

class CollisionResult:
    distance_lower_bound: float
    iterations: int
    def __init__(self) -> None: ...
    def isCollision(self) -> bool: ...
    def numContacts(self) -> int: ...
    def getContact(self, i: int) -> Contact: ...
    def getContacts(self) -> list[Contact]: ...
    def clear(self) -> None: ...
    @property
    def status(self) -> Optional[Status]: ...

@overload
def collide(s1: CollisionGeometry, M1: Pose, s2: CollisionGeometry, M2: Pose,
            req: CollisionRequest, res: CollisionResult) -> int:
    """coal's collide: fills res, returns the number of contacts."""
@overload
def collide(o1: CollisionObject, o2: CollisionObject, req: CollisionRequest, res: CollisionResult) -> int:
    """coal's collide on two collision objects."""

class AABB:
    """A world axis-aligned box (infinite for a Halfspace or Plane)."""
    @property
    def min_(self) -> npt.NDArray[np.float64]: ...
    @property
    def max_(self) -> npt.NDArray[np.float64]: ...
    def overlap(self, other: AABB) -> bool: ...

class CollisionObject:
    """A geometry at a pose (coal's CollisionObject). ``compute_local_aabb`` is accepted
    for coal's signature; the box is computed at each query."""
    @overload
    def __init__(self, geometry: CollisionGeometry, compute_local_aabb: bool = True) -> None: ...
    @overload
    def __init__(self, geometry: CollisionGeometry, transform: Pose, compute_local_aabb: bool = True) -> None: ...
    @overload
    def __init__(self, geometry: CollisionGeometry, R: ArrayLike, T: ArrayLike,
                 compute_local_aabb: bool = True) -> None: ...
    def collisionGeometry(self) -> CollisionGeometry: ...
    def setCollisionGeometry(self, geometry: CollisionGeometry) -> None: ...
    def getTransform(self) -> Transform3s:
        """A copy of the pose."""
    @overload
    def setTransform(self, transform: Pose) -> None: ...
    @overload
    def setTransform(self, R: ArrayLike, T: ArrayLike) -> None: ...
    def getTranslation(self) -> npt.NDArray[np.float64]: ...
    def setTranslation(self, T: ArrayLike) -> None: ...
    def getRotation(self) -> npt.NDArray[np.float64]: ...
    def setRotation(self, R: ArrayLike) -> None: ...
    def isIdentityTransform(self) -> bool: ...
    def setIdentityTransform(self) -> None: ...
    def getAABB(self) -> AABB: ...
    def computeAABB(self) -> None:
        """Does nothing: getAABB computes the box at the current pose."""
    def getNodeType(self) -> NODE_TYPE: ...
    def getObjectType(self) -> OBJECT_TYPE: ...

class CollisionData:
    request: CollisionRequest
    result: CollisionResult
    done: bool
    def __init__(self) -> None: ...
    def clear(self) -> None: ...

class DistanceData:
    request: DistanceRequest
    result: DistanceResult
    done: bool
    def __init__(self) -> None: ...
    def clear(self) -> None: ...

class CollisionCallBackBase:
    """Subclass and override ``collide(o1, o2) -> bool`` (True stops the traversal);
    ``init()`` is called when a manager's query starts."""
    def __init__(self, *args: object, **kwargs: object) -> None: ...
    def init(self) -> None: ...
    def collide(self, o1: CollisionObject, o2: CollisionObject) -> bool: ...

class CollisionCallBackDefault(CollisionCallBackBase):
    """Collides each pair with data.request, appends contacts to data.result (up to
    num_max_contacts), done once it collides with num_max_contacts contacts."""
    data: CollisionData
    def __init__(self) -> None: ...

class DistanceCallBackBase:
    """Subclass and override ``distance(o1, o2, dist) -> bool``; ``dist`` is a numpy
    array of one float, the smallest distance so far: write a smaller one into
    ``dist[0]`` (the manager skips pairs whose boxes are farther)."""
    def __init__(self, *args: object, **kwargs: object) -> None: ...
    def init(self) -> None: ...
    def distance(self, o1: CollisionObject, o2: CollisionObject, dist: npt.NDArray[np.float64]) -> bool: ...

class DistanceCallBackDefault(DistanceCallBackBase):
    """Keeps the smallest distance of the pairs in data.result."""
    data: DistanceData
    def __init__(self) -> None: ...

class DynamicAABBTreeCollisionManager:
    """coal's broad-phase managers, all this class (BroadPhaseCollisionManager,
    DynamicAABBTreeArrayCollisionManager, NaiveCollisionManager, SaPCollisionManager,
    SSaPCollisionManager, IntervalTreeCollisionManager, SpatialHashingCollisionManager;
    constructor arguments are accepted and unused). A sweep over the objects' world
    boxes, computed at each query: setup() and update() are not needed (accepted). Its
    answers are those of testing every pair."""
    def __init__(self, *args: object, **kwargs: object) -> None: ...
    def registerObject(self, obj: CollisionObject) -> None: ...
    def registerObjects(self, objs: Iterable[CollisionObject]) -> None: ...
    def unregisterObject(self, obj: CollisionObject) -> None: ...
    def setup(self) -> None: ...
    def update(self, *args: object) -> None: ...
    def clear(self) -> None: ...
    def empty(self) -> bool: ...
    def size(self) -> int: ...
    def getObjects(self) -> list[CollisionObject]: ...
    @overload
    def collide(self, callback: CollisionCallBackBase) -> None: ...
    @overload
    def collide(self, obj: CollisionObject, callback: CollisionCallBackBase) -> None: ...
    @overload
    def collide(self, other: DynamicAABBTreeCollisionManager, callback: CollisionCallBackBase) -> None: ...
    @overload
    def distance(self, callback: DistanceCallBackBase) -> None: ...
    @overload
    def distance(self, obj: CollisionObject, callback: DistanceCallBackBase) -> None: ...
    @overload
    def distance(self, other: DynamicAABBTreeCollisionManager, callback: DistanceCallBackBase) -> None: ...

BroadPhaseCollisionManager = DynamicAABBTreeCollisionManager
DynamicAABBTreeArrayCollisionManager = DynamicAABBTreeCollisionManager
NaiveCollisionManager = DynamicAABBTreeCollisionManager
SaPCollisionManager = DynamicAABBTreeCollisionManager
SSaPCollisionManager = DynamicAABBTreeCollisionManager
IntervalTreeCollisionManager = DynamicAABBTreeCollisionManager
SpatialHashingCollisionManager = DynamicAABBTreeCollisionManager

def signed_distance(shape_a: CollisionGeometry, pose_a: Pose, shape_b: CollisionGeometry, pose_b: Pose,
                    request: Optional[DistanceRequest] = None) -> DistanceResult:
    """Signed distance (EPA on overlap) with certificate."""

class ContactManifold:
    normal: npt.NDArray[np.float64]
    points_a: npt.NDArray[np.float64]
    points_b: npt.NDArray[np.float64]
    signed_distances: npt.NDArray[np.float64]
    certified: bool
    def __len__(self) -> int: ...

def contact_manifold(shape_a: CollisionGeometry, pose_a: Pose, shape_b: CollisionGeometry, pose_b: Pose,
                     margin: float = 0.0, angle_tolerance: float = 0.05,
                     request: Optional[DistanceRequest] = None) -> Optional[ContactManifold]:
    """Up to 4 contact points when the signed distance is at most margin, else None."""

class GrowthStatus:
    Converged: GrowthStatus
    IterationLimit: GrowthStatus
    NumericalTrouble: GrowthStatus
    Separated: GrowthStatus
    Overlapping: GrowthStatus
    def __int__(self) -> int: ...

class GrowthResult:
    alpha: float
    alpha_lower: float
    alpha_upper: float
    point_a: npt.NDArray[np.float64]
    point_b: npt.NDArray[np.float64]
    contact_point: npt.NDArray[np.float64]
    normal: npt.NDArray[np.float64]
    iterations: int
    status: GrowthStatus

class GrowthCollision:
    intersecting: bool
    alpha_lower: float
    alpha_upper: float
    separating_normal: npt.NDArray[np.float64]
    iterations: int
    status: GrowthStatus

Center = Optional[Tuple[ArrayLike, float]]
"""None (the shape's centre) or (point in the shape's frame, inradius lower bound). The
ball of that radius about the point must lie in the shape: a point outside the shape,
or an inradius larger than the point's depth in it, raises ValueError."""

def growth_distance(shape_a: CollisionGeometry, pose_a: Pose, shape_b: CollisionGeometry, pose_b: Pose,
                    center_a: Center = None, center_b: Center = None,
                    tolerance: Optional[float] = None, max_iterations: Optional[int] = None) -> GrowthResult: ...

def growth_collide(shape_a: CollisionGeometry, pose_a: Pose, shape_b: CollisionGeometry, pose_b: Pose,
                   center_a: Center = None, center_b: Center = None,
                   tolerance: Optional[float] = None, max_iterations: Optional[int] = None) -> GrowthCollision: ...

class PairCache:
    """Warm-start state of one pair (same shapes, same order)."""
    def __init__(self, request: Optional[DistanceRequest] = None, growth_tolerance: Optional[float] = None,
                 growth_max_iterations: Optional[int] = None) -> None: ...
    def distance(self, s1: CollisionGeometry, M1: Pose, s2: CollisionGeometry, M2: Pose) -> DistanceResult: ...
    def growth_distance(self, shape_a: CollisionGeometry, pose_a: Pose, shape_b: CollisionGeometry, pose_b: Pose,
                        center_a: Center = None, center_b: Center = None) -> GrowthResult: ...
    def growth_collide(self, shape_a: CollisionGeometry, pose_a: Pose, shape_b: CollisionGeometry, pose_b: Pose,
                       center_a: Center = None, center_b: Center = None) -> GrowthCollision: ...
    @property
    def previous_separation(self) -> Optional[npt.NDArray[np.float64]]: ...
    def reset(self) -> None: ...

class BatchResult:
    distance: npt.NDArray[np.float64]
    point_a: npt.NDArray[np.float64]
    point_b: npt.NDArray[np.float64]
    normal: npt.NDArray[np.float64]
    status: npt.NDArray[np.int32]
    iterations: npt.NDArray[np.int32]
    lower_bound: npt.NDArray[np.float64]
    upper_bound: npt.NDArray[np.float64]
    def __len__(self) -> int: ...

def distance_batch(shapes_a: Union[CollisionGeometry, Sequence[CollisionGeometry]], poses_a: ArrayLike,
                   shapes_b: Union[CollisionGeometry, Sequence[CollisionGeometry]], poses_b: ArrayLike,
                   request: Optional[DistanceRequest] = None, threads: Optional[int] = None) -> BatchResult:
    """N pairs; poses (N, 7) (x, y, z, qw, qx, qy, qz) or (N, 4, 4); no GIL, `threads` cores."""

class Material:
    """Checked when built and when a field is set (ValueError): stiffness > 0 (inf for
    rigid), dissipation_time_scale and friction finite and >= 0."""
    stiffness: float
    dissipation_time_scale: float
    friction: float
    def __init__(self, stiffness: float = ..., dissipation_time_scale: float = 0.0, friction: float = 1.0) -> None: ...

class World:
    """Rigid bodies, URDF robots (articulated trees) and static geometry of the one
    simulator (wolfe_sim). Indices returned are body, tree or static indices."""
    def __init__(self, gravity: Optional[ArrayLike] = None) -> None: ...
    def add_body(self, shape: CollisionGeometry, pose: Pose = None, density: float = 1000.0,
                 mass: Optional[float] = None, inertia: Optional[ArrayLike] = None,
                 velocity: Optional[ArrayLike] = None, angular_velocity: Optional[ArrayLike] = None,
                 material: Optional[Material] = None, name: Optional[str] = None, planar: bool = False) -> int:
        """Adds a rigid body (shape frame at `pose`); returns its index. Inertia from
        `density` unless `mass` and `inertia` (3x3 about the shape origin) are given."""
    def add_ground(self, material: Optional[Material] = None) -> int:
        """The ground z <= 0; returns its static index."""
    def add_halfspace(self, normal: ArrayLike, offset: float, material: Optional[Material] = None) -> int:
        """{x : normal . x <= offset}; returns its static index."""
    def add_static(self, shape: CollisionGeometry, pose: Pose = None, material: Optional[Material] = None) -> int:
        """A fixed shape; returns its static index."""
    def add_urdf(self, path: Union[str, PathLike[str]], base_pose: Pose = None,
                 q: Optional[ArrayLike] = None, kp: Optional[ArrayLike] = None,
                 kd: Optional[ArrayLike] = None, q_target: Optional[ArrayLike] = None,
                 gravity_compensation: bool = True, material: Optional[Material] = None,
                 joint_limits: bool = True, self_collision: bool = False) -> int:
        """Loads a URDF robot, root link welded at `base_pose` (default the origin); returns
        its tree index. Collision meshes become convex hulls with `material`; the root
        link's geometry becomes static geometry. `q` (URDF file order, per joint or one
        value for all; default q_target, else zero clamped into the limits): the initial
        joint positions, at rest. With `kp`: PD controllers as `set_pd` (kd and q_target
        need kp). `joint_limits`: the URDF's position limits as constraints;
        `self_collision`: links collide with each other (parent and child never do).
        A failed call leaves the world unchanged. Malformed URDF or bad values
        (wrong length, NaN/inf): ValueError; an unreadable file: OSError."""
    def add_mjcf(self, path: Union[str, PathLike[str]], material: Optional[Material] = None,
                 gravity_compensation: bool = False) -> tuple[list[int], list[str]]:
        """Loads an MJCF scene: each <freejoint> body a floating tree, the other moving bodies
        one tree (self-collision on, as MuJoCo), planes as half-spaces, other world geoms
        static, contype/conaffinity as collision groups, each geom's sliding friction on
        `material`, <exclude> pairs, actuators as PD controllers (ctrl from the first
        keyframe, else the default pose; `gravity_compensation` feeds g forward at the
        targets), <equality joint> as couplers; the first keyframe's qpos (else the default
        pose) as the initial state, at rest. Sets the world's gravity to the file's.
        Returns (tree indices added, notes on what is not modelled). A failed call leaves
        the world unchanged. Malformed MJCF or what cannot be modelled: ValueError; an
        unreadable file: OSError."""
    def set_pd(self, tree: int, kp: ArrayLike, q_target: Optional[ArrayLike] = None,
               kd: Optional[ArrayLike] = None, gravity_compensation: bool = True) -> None:
        """PD controllers on the one-dof joints: u = clamp(-kp (q - q_target) - kd v + u_ff, -e, e).
        Per joint or one value for all; q_target defaults to the initial positions, kd to
        2 sqrt(kp M_ii(q_target)), u_ff to g(q_target) (0 without gravity_compensation), e to
        the URDF effort limit. IndexError for a tree that does not exist."""
    def joint_names(self, tree: int) -> list[str]:
        """Movable joints of robot `tree` in URDF file order."""
    def set_hydroelastic(self, *, body: Optional[int] = None, link: Optional[int] = None,
                         static: Optional[int] = None, modulus: Optional[float] = None,
                         resolution: Optional[float] = None, dissipation: Optional[float] = None) -> None:
        """Makes one collider (exactly one of body, link, static: an index) hydroelastic:
        with `modulus` (Pa) compliant, its shape meshed at `resolution` (m), Hunt-Crossley
        `dissipation` (s/m, default 0); without, rigid (a convex shape's surface meshed at
        `resolution`, a triangle mesh as it is). A compliant collider against a compliant
        or rigid one or a half-space makes patch contact (one SAP contact per polygon).
        ValueError for an index that does not exist, a half-space (always rigid), a
        modulus or resolution not finite and positive, a negative dissipation."""
    @property
    def num_bodies(self) -> int: ...
    @property
    def num_statics(self) -> int: ...
    @property
    def num_trees(self) -> int:
        """Robots (articulated trees)."""
    @property
    def num_links(self) -> int:
        """Link geometries of the robots (the rows of Simulation.link_poses)."""

class StepInfo:
    """One step's statistics: the columns of `wolfe sim`'s steps.csv, same names."""
    step: int
    time: float
    contacts: int
    touching_pairs: int
    newton_iterations: int
    step_seconds: float
    kinetic_energy: float
    potential_energy: float
    max_penetration: float
    line_search_iterations: int
    momentum_error: float
    sap_status: str
    """"converged", "iterationlimit", "stalled", or "none" (no contact solved)."""
    detection_seconds: float
    solve_seconds: float
    total_newton_iterations: int
    """Newton iterations summed over the islands SAP solved separately."""
    sap_islands: int

def rollout(world: Union[World, Sequence[World]], steps: int, controls: Optional[ArrayLike] = None,
            threads: Optional[int] = None, time_step: Union[float, ArrayLike, None] = None,
            scheme: str = "symplectic-euler", margin: float = 5e-3, max_initial_penetration: float = 1e-3,
            relative_tolerance: Optional[float] = None, persistent_contacts: Optional[bool] = None,
            every: int = 1, sigma: Optional[float] = None) -> dict:
    """Steps W worlds (same numbers of bodies, trees, PD controllers; each copied) in
    parallel without the GIL, each bit-identical to stepping it alone. `controls`: PD
    targets, (W, steps, C) or (steps, C); `time_step`: one or one per world. Returns a
    dict: poses (W, F, B, 7), velocities (W, F, nv), joints (W, F, nq), stats (W, steps,
    len(stat_columns)), stat_columns, completed (W,), failed_step (W,; -1 if none),
    errors (W: None or the failure's message), final_slip (W, 3: mean and max slip speed
    over the touching contacts at the end, their count; SAP Figs. 14-15 with `sigma` of
    Eq. 30). Frame j is after step min(j*every, steps)."""

class Simulation:
    """A World being simulated (SAP paper Algorithm 1 per step); a context manager that
    closes its output folder on exit."""
    def __init__(self, world: World, time_step: float = 0.01, scheme: str = "symplectic-euler",
                 margin: float = 5e-3, max_initial_penetration: float = 1e-3,
                 relative_tolerance: Optional[float] = None, persistent_contacts: Optional[bool] = None,
                 out: Optional[Union[str, PathLike[str]]] = None, title: str = "python") -> None:
        """`scheme`: with a robot in the world, symplectic-euler or midpoint (else
        ValueError). `relative_tolerance`: SAP's eps_r (default 1e-6). `persistent_contacts`
        (default: True when the world has a robot): each pair keeps its last points, so
        that resting hulls settle. Contact stiffness and dissipation are each geometry's
        Material. `out`: a folder written as `wolfe sim` writes it, without its PNG/SVG
        plots: steps.csv, scene.csv, trajectory.csv, contacts.csv (and mesh OBJ files), and
        joints.csv (step, time, q_<joint>..., v_<joint>... per robot) while stepping;
        summary.md and view.html at close(). Plot steps.csv with matplotlib, e.g.
        `pandas.read_csv(out / "steps.csv").plot(x="time", y="newton_iterations")`."""
    def step(self, n: int = 1) -> Optional[StepInfo]:
        """Advances n steps without the GIL (Ctrl-C between steps); the last step's stats.
        Reading the simulation from another thread during a step raises RuntimeError."""
    def close(self) -> None:
        """Finishes the output folder (summary.md, view.html); idempotent."""
    def __enter__(self) -> Simulation: ...
    def __exit__(self, *args: object) -> None: ...
    @property
    def out(self) -> Optional[PathLike[str]]: ...
    @property
    def time(self) -> float: ...
    @property
    def poses(self) -> npt.NDArray[np.float64]:
        """(N, 7): x, y, z, qw, qx, qy, qz of the body (centre-of-mass) frames."""
    @property
    def velocities(self) -> npt.NDArray[np.float64]:
        """(N, 6): linear (centre of mass) then angular velocity, world frame."""
    @property
    def masses(self) -> npt.NDArray[np.float64]: ...
    def joint_positions(self, tree: int) -> npt.NDArray[np.float64]:
        """Robot `tree`'s joint positions now (rad or m, URDF file order)."""
    def joint_velocities(self, tree: int) -> npt.NDArray[np.float64]:
        """Robot `tree`'s joint velocities now (rad/s or m/s, URDF file order)."""
    def set_targets(self, tree: int, q_target: ArrayLike) -> None:
        """New PD targets (per controlled joint or one for all); gains and feed-forward stay.
        ValueError for a robot without controllers."""
    def targets(self, tree: int) -> npt.NDArray[np.float64]:
        """The PD targets of robot `tree` (URDF file order)."""
    @property
    def link_poses(self) -> npt.NDArray[np.float64]:
        """(L, 7): x, y, z, qw, qx, qy, qz of the robots' link geometries now."""
    @property
    def contacts(self) -> dict[str, Union[npt.NDArray, list[str]]]:
        """The contacts detected at the last step's start, one row per point: body_a,
        static_a, link_a (each -1 unless A is that kind), body_b, link_b (B is never
        static), name_a, name_b (lists: a body's or link's name, or "static geometry K"),
        point (K, 3), normal (K, 3, A to B), phi0."""
    @property
    def kinetic_energy(self) -> float: ...
    @property
    def potential_energy(self) -> float: ...

class CompliantGeometry:
    """A shape meshed into tetrahedra (edges of about `resolution` m on curved surfaces)
    carrying the hydroelastic pressure field E e (E the modulus, Pa; e the normalized
    depth, 0 on the surface, 1 deepest), linear on each tetrahedron. ValueError for a
    modulus or resolution not finite and positive; TypeError for what is not a convex
    shape (Halfspace, Plane, meshes)."""
    def __init__(self, shape: CollisionGeometry, modulus: float, resolution: float) -> None: ...
    @property
    def modulus(self) -> float:
        """Hydroelastic modulus E, Pa."""
    @property
    def tetrahedra(self) -> int:
        """Number of tetrahedra."""
    @property
    def vertices(self) -> int:
        """Number of mesh vertices."""
    @property
    def volume(self) -> float:
        """Volume of the mesh, m^3."""

class ContactSurface:
    """A hydroelastic contact surface: one row per polygon, world frame, normals from A
    into B; force and moment on B."""
    @property
    def area(self) -> npt.NDArray[np.float64]:
        """Polygon areas (n,), m^2."""
    @property
    def centroid(self) -> npt.NDArray[np.float64]:
        """Polygon centroids (n, 3), m."""
    @property
    def center_of_pressure(self) -> npt.NDArray[np.float64]:
        """Centres of pressure (n, 3), m: where each polygon's force acts."""
    @property
    def normal(self) -> npt.NDArray[np.float64]:
        """Unit normals (n, 3), from A into B."""
    @property
    def pressure(self) -> npt.NDArray[np.float64]:
        """Pressure at each centroid (n,), Pa."""
    @property
    def pressure_gradient(self) -> npt.NDArray[np.float64]:
        """Pressure growth per metre of approach along the normal (n,), Pa/m (<= 0 only on
        a half-space's plane where B's field grows parallel to it)."""
    @property
    def alignment(self) -> npt.NDArray[np.float64]:
        """Cosine of the angle between each normal and the pressure gradient (n,)."""
    @property
    def force(self) -> npt.NDArray[np.float64]:
        """Net force on B, sum A p n, (3,), N."""
    @property
    def total_area(self) -> float:
        """Total area, m^2."""
    def moment_about(self, point: ArrayLike) -> npt.NDArray[np.float64]:
        """Net moment on B about `point` (3,), N m (each polygon's force at its centre of
        pressure: exact for the piecewise-linear field)."""
    def __len__(self) -> int: ...

def contact_surface(a: Union[CollisionGeometry, CompliantGeometry], pose_a: Pose, b: CompliantGeometry,
                    pose_b: Pose, resolution: Optional[float] = None) -> ContactSurface:
    """The hydroelastic contact surface of `a` and the compliant geometry `b`: `a` a
    Halfspace (rigid), a rigid shape (a convex shape meshed with edges of `resolution` m,
    required then; a BVHModel as it is) or a CompliantGeometry (the equal-pressure
    surface). TypeError for a Plane or a `b` that is not compliant; ValueError for bad
    poses or a missing resolution. Runs without the GIL."""

class Shape2D:
    """A planar convex shape for the 2D growth distance."""
    @staticmethod
    def disc(radius: float) -> Shape2D: ...
    @staticmethod
    def ellipse(rx: float, ry: float) -> Shape2D: ...
    @staticmethod
    def rectangle(x: float, y: float) -> Shape2D:
        """Full sides x, y."""
    @staticmethod
    def polygon(points: ArrayLike) -> Shape2D:
        """Convex hull of an (N, 2) array."""

class GrowthResult2D:
    alpha: float
    alpha_lower: float
    alpha_upper: float
    point_a: npt.NDArray[np.float64]
    point_b: npt.NDArray[np.float64]
    normal: npt.NDArray[np.float64]
    intersecting: bool
    iterations: int
    status: GrowthStatus

Pose2D = Tuple[float, float, float]
"""(x, y, angle in radians)."""

def growth_distance_2d(shape_a: Shape2D, pose_a: Pose2D, shape_b: Shape2D, pose_b: Pose2D,
                       tolerance: Optional[float] = None, max_iterations: Optional[int] = None) -> GrowthResult2D: ...

def growth_collide_2d(shape_a: Shape2D, pose_a: Pose2D, shape_b: Shape2D, pose_b: Pose2D,
                      tolerance: Optional[float] = None, max_iterations: Optional[int] = None) -> GrowthResult2D: ...
