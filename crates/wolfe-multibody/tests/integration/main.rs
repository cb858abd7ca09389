//! The integration tests of `wolfe-multibody` as one test binary (one compile and one link
//! instead of one per file: the optimized test build is most of CI's time).

mod ik;
mod mjcf;
mod mjcf_mujoco;
mod pinocchio;
mod properties;
mod reference;
mod urdf;
