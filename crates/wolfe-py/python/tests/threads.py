"""Whether a long ``Simulation.step(n)`` releases the GIL (shared by the free-body and
robot tests)."""

import sys
import threading


def borrowed_while_stepping(sim, steps):
    """Runs ``sim.step(steps)`` on another thread and counts how often this thread,
    reading ``sim.time`` meanwhile, finds the simulation borrowed (a RuntimeError
    naming the borrow). A positive count means the step released the GIL. The switch
    interval is made short for the call (so that the handover does not depend on the
    OS scheduling this thread in time) and restored after."""
    seen_busy = 0
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    try:
        t = threading.Thread(target=sim.step, args=(steps,))
        t.start()
        while t.is_alive():
            try:
                sim.time
            except RuntimeError as e:
                assert "borrow" in str(e).lower()
                seen_busy += 1
        t.join()
    finally:
        sys.setswitchinterval(interval)
    return seen_busy
