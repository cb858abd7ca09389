"""Times pinocchio's Python bindings on the Panda (same calls as benches/dynamics.rs).

Each call crosses the Python/C++ boundary and converts numpy arrays, so these medians
are dominated by that overhead: compare wolfe with bench_pinocchio.cpp instead.
Usage: python3 time_pinocchio.py [URDF]
"""
import os
import sys
import timeit

import numpy as np
import pinocchio as pin

HERE = os.path.dirname(os.path.abspath(__file__))
urdf = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../../../data/robots/franka_panda/panda.urdf")
model = pin.buildModelFromUrdf(urdf)
data = model.createData()
rng = np.random.default_rng(1)
q = rng.uniform(model.lowerPositionLimit, model.upperPositionLimit)
v = rng.uniform(-1, 1, model.nv)
a = rng.uniform(-1, 1, model.nv)
calls = {
    "framesForwardKinematics": lambda: pin.framesForwardKinematics(model, data, q),
    "crba": lambda: pin.crba(model, data, q),
    "rnea": lambda: pin.rnea(model, data, q, v, a),
    "computeGeneralizedGravity": lambda: pin.computeGeneralizedGravity(model, data, q),
}
print(f"pinocchio {pin.__version__} from Python, median ns per call (binding overhead included):")
for name, f in calls.items():
    t = timeit.repeat(f, number=2000, repeat=51)
    print(f"{name} {1e9 * float(np.median(t)) / 2000:.0f}")
