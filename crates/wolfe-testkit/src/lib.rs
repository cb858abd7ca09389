//! What wolfe's tests and benches share, written once, on wolfe's public API only:
//!
//! - [`oracle`]: the growth distance's independent reference, bisection on the sign of
//!   GJK distances between the shapes scaled about their centres;
//! - [`random`]: seeded generators of shapes, points, rotations and poses;
//! - [`data`]: paths of the repository's shipped data and fresh temporary folders;
//! - [`sets`]: hand-written problem sets and cut-down copies of the shipped ones;
//! - [`machine`]: the description of the machine that timings quote.
//!
//! Not published. `wolfe` uses it only as a dev-dependency (integration tests and
//! benches); `wolfe-lab` uses it at run time, since its growth bench checks answers
//! against [`oracle`] and its reports quote [`machine`].

pub mod data;
pub mod machine;
pub mod oracle;
pub mod random;
pub mod sets;
