//! Support points of the Minkowski difference, computed in A's frame.
