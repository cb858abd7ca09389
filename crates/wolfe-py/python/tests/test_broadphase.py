"""CollisionObject, collide/distance on objects, and the broad-phase manager with its
callbacks: the manager's answers equal testing every pair (random scenes), and the
manager names of coal are all this one class."""

import numpy as np
import pytest

import wolfe


def random_scene(rng, n, spread):
    shapes = [lambda: wolfe.Sphere(rng.uniform(0.1, 0.5)),
              lambda: wolfe.Box(*rng.uniform(0.1, 0.8, 3)),
              lambda: wolfe.Capsule(rng.uniform(0.05, 0.3), rng.uniform(0.1, 0.8)),
              lambda: wolfe.Cylinder(rng.uniform(0.05, 0.3), rng.uniform(0.1, 0.8)),
              lambda: wolfe.Cone(rng.uniform(0.05, 0.3), rng.uniform(0.1, 0.8)),
              lambda: wolfe.Ellipsoid(*rng.uniform(0.1, 0.4, 3)),
              lambda: wolfe.convex_hull(rng.normal(size=(12, 3)) * 0.3)]
    objs = []
    for _ in range(n):
        q = rng.normal(size=4)
        M = wolfe.Transform3s(wolfe.Quaternion(*(q / np.linalg.norm(q))), rng.uniform(-spread, spread, 3))
        objs.append(wolfe.CollisionObject(shapes[rng.integers(len(shapes))](), M))
    return objs


class Collect(wolfe.CollisionCallBackBase):
    """Records every pair the manager hands over and collides it."""

    def __init__(self, margin=0.0):
        super().__init__()
        self.req = wolfe.CollisionRequest()
        self.req.security_margin = margin
        self.pairs = set()
        self.seen = 0

    def collide(self, o1, o2):
        self.seen += 1
        res = wolfe.CollisionResult()
        if wolfe.collide(o1, o2, self.req, res):
            self.pairs.add(frozenset((id(o1), id(o2))))
        return False


def brute_collisions(objs, margin=0.0):
    req = wolfe.CollisionRequest()
    req.security_margin = margin
    out = set()
    for i, a in enumerate(objs):
        for b in objs[i + 1:]:
            if wolfe.collide(a, b, req, wolfe.CollisionResult()):
                out.add(frozenset((id(a), id(b))))
    return out


def brute_min_distance(objs, others=None):
    req = wolfe.DistanceRequest()
    pairs = ([(a, b) for i, a in enumerate(objs) for b in objs[i + 1:]] if others is None
             else [(b, a) for a in objs for b in others])
    return min(wolfe.distance(a, b, req, wolfe.DistanceResult()) for a, b in pairs)


@pytest.mark.parametrize("seed", range(6))
def test_manager_collisions_equal_every_pair(seed):
    rng = np.random.default_rng(seed)
    objs = random_scene(rng, 40, 2.0)
    m = wolfe.DynamicAABBTreeCollisionManager()
    m.registerObjects(objs)
    m.setup()
    assert m.size() == 40 and not m.empty()
    for margin in (0.0, 0.1):
        cb = Collect(margin)
        cb.data = wolfe.CollisionData()
        cb.data.request.security_margin = margin
        m.collide(cb)
        assert cb.pairs == brute_collisions(objs, margin)
        assert cb.seen < 40 * 39 // 2  # the boxes pruned pairs
    # Moving objects is seen after update().
    for o in objs:
        o.setTranslation(o.getTranslation() * 0.5)
    m.update()
    cb = Collect()
    m.collide(cb)
    assert cb.pairs == brute_collisions(objs)


@pytest.mark.parametrize("seed", range(6))
def test_manager_distance_equals_every_pair(seed):
    rng = np.random.default_rng(100 + seed)
    objs = random_scene(rng, 30, 4.0)
    m = wolfe.SaPCollisionManager()
    m.registerObjects(objs)
    m.setup()
    cb = wolfe.DistanceCallBackDefault()
    m.distance(cb)
    assert cb.data.result.min_distance == pytest.approx(brute_min_distance(objs), abs=1e-6)
    # One object against the manager, and manager against manager.
    extra = random_scene(rng, 5, 4.0)
    m2 = wolfe.NaiveCollisionManager()
    m2.registerObjects(extra)
    cb = wolfe.DistanceCallBackDefault()
    m.distance(m2, cb)
    assert cb.data.result.min_distance == pytest.approx(brute_min_distance(objs, extra), abs=1e-6)
    cb = wolfe.DistanceCallBackDefault()
    m.distance(extra[0], cb)
    assert cb.data.result.min_distance == pytest.approx(brute_min_distance(objs, extra[:1]), abs=1e-6)


def test_default_collision_callback_stops_at_max_contacts():
    # Three overlapping spheres in a row and one far away.
    objs = [wolfe.CollisionObject(wolfe.Sphere(0.5), np.eye(3), np.array([x, 0, 0.0]))
            for x in (0.0, 0.8, 1.6, 10.0)]
    m = wolfe.DynamicAABBTreeCollisionManager()
    m.registerObjects(objs)
    cb = wolfe.CollisionCallBackDefault()
    m.collide(cb)
    assert cb.data.result.isCollision() and cb.data.result.numContacts() == 1 and cb.data.done
    cb = wolfe.CollisionCallBackDefault()
    cb.data.request.num_max_contacts = 10
    m.collide(cb)
    assert cb.data.result.numContacts() == 2 and not cb.data.done
    # A far object alone against the manager: no collision (init clears the data).
    m.collide(wolfe.CollisionObject(wolfe.Sphere(0.1), wolfe.Transform3s(np.eye(3), [0, 5.0, 0])), cb)
    assert not cb.data.result.isCollision()


def test_collision_object_and_object_queries():
    box = wolfe.Box(1, 1, 1)
    o1 = wolfe.CollisionObject(box)
    assert o1.isIdentityTransform() and o1.collisionGeometry() is box
    o2 = wolfe.CollisionObject(wolfe.Sphere(0.5), wolfe.Transform3s(np.eye(3), [2.0, 0, 0]))
    d = wolfe.distance(o1, o2, wolfe.DistanceRequest(), wolfe.DistanceResult())
    assert d == pytest.approx(1.0, abs=1e-9)
    o2.setTranslation(np.array([0.9, 0, 0]))
    res = wolfe.CollisionResult()
    assert wolfe.collide(o1, o2, wolfe.CollisionRequest(), res) == 1
    assert res.getContact(0).penetration_depth == pytest.approx(-0.1, abs=1e-9)
    assert np.allclose(o2.getAABB().min_, [0.4, -0.5, -0.5])
    assert np.allclose(o2.getAABB().max_, [1.4, 0.5, 0.5])
    R = wolfe.Transform3s(wolfe.Quaternion(np.cos(0.3), 0, 0, np.sin(0.3)), [0, 0, 0]).getRotation()
    o1.setRotation(R)
    assert np.allclose(o1.getRotation(), R) and not o1.isIdentityTransform()
    assert o1.getNodeType() == wolfe.NODE_TYPE.GEOM_BOX
    with pytest.raises(TypeError):
        wolfe.distance(o1, box, wolfe.DistanceRequest(), wolfe.DistanceResult())
    with pytest.raises(TypeError):
        wolfe.CollisionObject(3.0)


def test_halfspace_in_a_manager():
    ground = wolfe.CollisionObject(wolfe.Halfspace(np.array([0, 0, 1.0]), 0.0))
    balls = [wolfe.CollisionObject(wolfe.Sphere(0.5), wolfe.Transform3s(np.eye(3), [3.0 * k, 0, z]))
             for k, z in enumerate([0.4, 0.6, 2.0])]
    m = wolfe.DynamicAABBTreeCollisionManager()
    m.registerObject(ground)
    m.registerObjects(balls)
    cb = Collect()
    m.collide(cb)
    assert cb.pairs == {frozenset((id(ground), id(balls[0])))}
    dc = wolfe.DistanceCallBackDefault()
    m.distance(dc)
    assert dc.data.result.min_distance == pytest.approx(-0.1, abs=1e-12)


def test_manager_names_are_one_class():
    for name in ["DynamicAABBTreeArrayCollisionManager", "NaiveCollisionManager", "SaPCollisionManager",
                 "SSaPCollisionManager", "IntervalTreeCollisionManager", "SpatialHashingCollisionManager",
                 "BroadPhaseCollisionManager"]:
        assert getattr(wolfe, name) is wolfe.DynamicAABBTreeCollisionManager
    m = wolfe.DynamicAABBTreeCollisionManager()
    o = wolfe.CollisionObject(wolfe.Sphere(1.0))
    m.registerObject(o)
    assert m.getObjects()[0] is o
    m.unregisterObject(o)
    assert m.empty()
