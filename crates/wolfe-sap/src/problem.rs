//! Problem data of SAP: the forest of trees (dense SPD blocks of A and free-motion
//! velocities, [`crate::forest`]) and the constraints acting on them (Sections II-D,
//! IV-D, VII of the SAP paper), stored by kind ([`Constraints`]) and validated through
//! [`SapConstraint::validate`](crate::constraint::SapConstraint::validate).

use nalgebra::{DMatrix, DVector};

use crate::contact::ContactConstraint;
use crate::coupler::CouplerConstraint;
use crate::error::SapError;
use crate::forest::resize_from_spares;
pub use crate::forest::{Forest, Tree, MAX_ENERGY_SCALE};
use crate::joint::{JointLimitConstraint, PdControllerConstraint};
pub use crate::kinds::Constraints;
use crate::kinds::{for_each_kind, Kind, KindVisitor, NUM_KINDS};

mod filler;

pub use filler::{ProblemFiller, Side};

/// A validated SAP problem: the time step, the trees, the constraints.
///
/// Built by [`SapProblem::new`] (contacts only) or [`SapProblem::with_constraints`],
/// which check every input; the data is read-only afterwards so that it stays valid.
#[derive(Debug, Clone)]
pub struct SapProblem {
    forest: Forest,
    constraints: Constraints,
    /// Storage kept between [`SapProblem::refill`]s so that a problem rebuilt every
    /// time step reuses its matrices instead of allocating them: constraints of every
    /// kind, and the second-side Jacobians of contacts that now touch the world.
    spares: Constraints,
    spare_jacobians: Vec<DMatrix<f64>>,
}

impl SapProblem {
    /// Validates the data and builds a contact-only problem.
    ///
    /// # Errors
    /// [`SapError`] for a bad time step, a tree block that is not square, symmetric or
    /// positive definite, sizes that do not match, NaN or infinite entries, contact
    /// parameters out of range; [`SapError::OutOfRange`] for a tree whose free motion
    /// exceeds [`MAX_ENERGY_SCALE`].
    pub fn new(time_step: f64, trees: Vec<Tree>, contacts: Vec<ContactConstraint>) -> Result<Self, SapError> {
        Self::with_constraints(
            time_step,
            trees,
            Constraints {
                contacts,
                ..Default::default()
            },
        )
    }

    /// Validates the data and builds a problem with constraints of every kind.
    ///
    /// # Errors
    /// As [`SapProblem::new`], and [`SapError::JointConstraintDof`] or
    /// [`SapError::InvalidJointConstraint`] for a one-row constraint (PD controller,
    /// joint limit, coupler) that names a missing tree or dof or has a parameter out of
    /// range.
    pub fn with_constraints(
        time_step: f64, trees: Vec<Tree>, constraints: Constraints,
    ) -> Result<Self, SapError> {
        let mut problem = Self {
            forest: Forest::new(time_step, trees),
            constraints,
            spares: Constraints::default(),
            spare_jacobians: Vec::new(),
        };
        problem.prepare()?;
        Ok(problem)
    }

    /// An empty problem (no trees, no constraints) with time step `time_step`, to be
    /// filled by [`SapProblem::refill`].
    ///
    /// # Errors
    /// [`SapError::InvalidTimeStep`] for a time step that is not finite and positive.
    pub fn empty(time_step: f64) -> Result<Self, SapError> {
        Self::with_constraints(time_step, Vec::new(), Constraints::default())
    }

    /// Rebuilds the problem in place: `fill` pushes the trees and constraints (see
    /// [`ProblemFiller`]), then the whole problem is validated exactly as by
    /// [`SapProblem::with_constraints`]. The storage of the previous problem (blocks of
    /// A, Jacobians, the inverses of Section V-B) is reused, so that a simulator that
    /// rebuilds its problem every time step allocates only when the problem outgrows
    /// every earlier one (or a block changes shape).
    ///
    /// On an error (from `fill` or from the validation) the problem is left empty, with
    /// its previous time step: still a valid problem.
    ///
    /// # Errors
    /// As [`SapProblem::with_constraints`], or the error `fill` returns.
    pub fn refill<E: From<SapError>>(
        &mut self, time_step: f64, fill: impl FnOnce(&mut ProblemFiller<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let previous = self.forest.time_step();
        // The trees and constraints stay in place for the filler to overwrite in order
        // (moving them all to the spare pools and back cost two moves per contact per
        // time step); the ones left over go to the pools after the fill.
        self.forest.set_time_step(time_step);
        let mut filler = ProblemFiller {
            problem: self,
            trees: 0,
            counts: [0; NUM_KINDS],
        };
        let filled = fill(&mut filler);
        let (trees, counts) = (filler.trees, filler.counts);
        self.forest.truncate(trees);
        self.keep_constraints(counts);
        let result = filled.and_then(|()| self.prepare().map_err(E::from));
        if result.is_err() {
            self.forest.truncate(0);
            self.keep_constraints([0; NUM_KINDS]);
            self.forest.set_time_step(previous);
            self.prepare().map_err(E::from)?;
        }
        result
    }

    /// Keeps the first `counts[C::INDEX]` constraints of every kind C, moving the others
    /// to the spare pools.
    fn keep_constraints(&mut self, counts: [usize; NUM_KINDS]) {
        struct Keep<'p>(&'p mut SapProblem, [usize; NUM_KINDS]);
        impl KindVisitor for Keep<'_> {
            fn visit<C: Kind>(&mut self) -> Result<(), SapError> {
                let (live, spare) = (
                    C::list_mut(&mut self.0.constraints),
                    C::list_mut(&mut self.0.spares),
                );
                spare.extend(live.drain(self.1[C::INDEX].min(live.len())..));
                Ok(())
            }
        }
        let _ = for_each_kind(&mut Keep(self, counts));
    }

    /// Validates the trees (and computes what the forest derives from them), then
    /// every constraint, kind by kind.
    fn prepare(&mut self) -> Result<(), SapError> {
        self.forest.prepare()?;
        struct Validate<'p>(&'p SapProblem);
        impl KindVisitor for Validate<'_> {
            fn visit<C: Kind>(&mut self) -> Result<(), SapError> {
                let forest = &self.0.forest;
                for (i, c) in C::list(&self.0.constraints).iter().enumerate() {
                    c.validate(i, forest.trees(), forest.time_step())?;
                }
                Ok(())
            }
        }
        for_each_kind(&mut Validate(self))
    }

    /// Fills this problem with a part of `parent` (an island, see
    /// [`crate::island::Islands`]): its trees `trees` in that order (with their
    /// inverses of Section V-B, copied), and of every kind C the constraints
    /// `items(C::INDEX)`, their trees renumbered by `local` (a parent tree's position in
    /// `trees`). `parent` was validated, and a part closed under the constraints' trees
    /// is valid by construction, so nothing is checked again. Storage is reused as by
    /// [`SapProblem::refill`]: no allocation once this problem has held a part with as
    /// many trees, constraints and dofs.
    pub(crate) fn fill_part<'i>(
        &mut self, parent: &SapProblem, trees: &[usize], items: impl Fn(usize) -> &'i [usize],
        local: impl Fn(usize) -> usize,
    ) {
        self.forest.fill_from(&parent.forest, trees);
        struct CopyPart<'p, I, L> {
            problem: &'p mut SapProblem,
            parent: &'p SapProblem,
            items: I,
            local: L,
        }
        impl<'i, I: Fn(usize) -> &'i [usize], L: Fn(usize) -> usize> KindVisitor for CopyPart<'_, I, L> {
            fn visit<C: Kind>(&mut self) -> Result<(), SapError> {
                let items = (self.items)(C::INDEX);
                let p = &mut *self.problem;
                let live = C::list_mut(&mut p.constraints);
                resize_from_spares(live, C::list_mut(&mut p.spares), items.len(), C::placeholder);
                let src = C::list(&self.parent.constraints);
                for (dst, &k) in live.iter_mut().zip(items) {
                    dst.copy_renumbered(&src[k], &self.local, &mut p.spare_jacobians);
                }
                Ok(())
            }
        }
        let _ = for_each_kind(&mut CopyPart {
            problem: self,
            parent,
            items,
            local,
        });
    }

    /// The forest: the trees and what is derived from them.
    pub fn forest(&self) -> &Forest {
        &self.forest
    }

    /// The constraints, by kind.
    pub fn constraints(&self) -> &Constraints {
        &self.constraints
    }

    /// The constraints of kind `C`.
    pub(crate) fn list<C: Kind>(&self) -> &[C] {
        C::list(&self.constraints)
    }

    /// The time step delta t.
    pub fn time_step(&self) -> f64 {
        self.forest.time_step()
    }

    /// The trees.
    pub fn trees(&self) -> &[Tree] {
        self.forest.trees()
    }

    /// The contacts.
    pub fn contacts(&self) -> &[ContactConstraint] {
        &self.constraints.contacts
    }

    /// The PD controllers.
    pub fn pd_controllers(&self) -> &[PdControllerConstraint] {
        &self.constraints.pd_controllers
    }

    /// The joint limits.
    pub fn joint_limits(&self) -> &[JointLimitConstraint] {
        &self.constraints.joint_limits
    }

    /// The couplers.
    pub fn couplers(&self) -> &[CouplerConstraint] {
        &self.constraints.couplers
    }

    /// Total number of generalized velocities n_v.
    pub fn num_velocities(&self) -> usize {
        self.forest.num_velocities()
    }

    /// Offset of tree `t`'s velocities in the stacked vector v.
    pub fn offset(&self, t: usize) -> usize {
        self.forest.offset(t)
    }

    /// The stacked free-motion velocities v*.
    pub fn v_star(&self) -> &DVector<f64> {
        self.forest.v_star()
    }

    /// diag(A)^{-1/2}, the scaling D of Eq. 25.
    pub(crate) fn d_scale(&self) -> &DVector<f64> {
        self.forest.d_scale()
    }

    /// y = A x, block by block.
    pub(crate) fn mul_a(&self, x: &[f64], y: &mut [f64]) {
        self.forest.mul_a(x, y);
    }

    /// The contact velocity of contact `c`: J_c x (side a, then side b).
    #[inline]
    pub(crate) fn contact_velocity(&self, c: usize, x: &[f64]) -> [f64; 3] {
        self.constraints.contacts[c].velocity(self.forest.offsets(), x)
    }

    /// y += J_c^T g for contact `c`.
    #[inline]
    pub(crate) fn add_jt(&self, c: usize, g: &[f64; 3], y: &mut [f64]) {
        self.constraints.contacts[c].add_jt(self.forest.offsets(), g, y);
    }
}
