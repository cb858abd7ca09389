//! Trajectory.
