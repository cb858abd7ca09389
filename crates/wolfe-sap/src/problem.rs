//! Problem data of SAP: trees (dense SPD blocks of A and free-motion velocities) and
//! the constraints acting on them (Sections II-D, IV-D, VII of the SAP paper): contacts
//! between one or two trees, PD controllers and joint limits on one dof of one tree.

use nalgebra::{DMatrix, DVector, Dim, Matrix, RawStorage};

use crate::contact::ContactConstraint;
use crate::error::{JointConstraintKind, SapError};
use crate::island::Islands;
use crate::joint::{JointLimitConstraint, PdControllerConstraint};

/// One tree of the forest (Section IV-D): its diagonal block of A (Eq. 15), n_t x n_t,
/// symmetric positive definite, and its free-motion velocities v* (Eq. 13).
#[derive(Debug, Clone)]
pub struct Tree {
    /// The block A_t of the linearized momentum balance (Eq. 18).
    pub a: DMatrix<f64>,
    /// The free-motion velocities v*_t.
    pub v_star: DVector<f64>,
}

impl Tree {
    /// A tree from its block of A and its free-motion velocities.
    pub fn new(a: DMatrix<f64>, v_star: DVector<f64>) -> Self {
        Self { a, v_star }
    }

    /// Number of dofs n_t.
    pub fn dofs(&self) -> usize {
        self.v_star.len()
    }
}

/// The constraints of a problem, by kind. Each kind is a convex SAP constraint with its
/// own projection, impulse and Hessian block: contacts (3 rows, friction cone, see
/// [`ContactConstraint`]), PD controllers and joint limits (1 row each, an interval, see
/// [`crate::joint`]).
#[derive(Debug, Clone, Default)]
pub struct Constraints {
    /// Frictional contacts.
    pub contacts: Vec<ContactConstraint>,
    /// PD controllers with effort limits.
    pub pd_controllers: Vec<PdControllerConstraint>,
    /// One-sided joint position limits.
    pub joint_limits: Vec<JointLimitConstraint>,
}

/// A validated SAP problem: the time step, the trees, the constraints.
///
/// Built by [`SapProblem::new`] (contacts only) or [`SapProblem::with_constraints`],
/// which check every input; the data is read-only afterwards so that it stays valid.
#[derive(Debug, Clone)]
pub struct SapProblem {
    time_step: f64,
    trees: Vec<Tree>,
    contacts: Vec<ContactConstraint>,
    pd_controllers: Vec<PdControllerConstraint>,
    joint_limits: Vec<JointLimitConstraint>,
    offsets: Vec<usize>,
    /// Inverse of each block of A (for the Delassus estimate of Section V-B).
    a_inv: Vec<DMatrix<f64>>,
    /// diag(A)^{-1/2} (Eq. 25), stacked.
    d_scale: DVector<f64>,
    v_star: DVector<f64>,
    /// Storage kept between [`SapProblem::refill`]s so that a problem rebuilt every
    /// time step reuses its matrices instead of allocating them (trees, contacts, and
    /// the second-side Jacobians of contacts that now touch the world).
    spare_trees: Vec<Tree>,
    spare_contacts: Vec<ContactConstraint>,
    spare_jacobians: Vec<DMatrix<f64>>,
}

/// The largest energy scale SAP accepts, in the problem's units of `v^T A v` (J for
/// SI models): a tree's `max|A| max|v*|^2 n_t`, and a constraint's `v_hat^2 / R`
/// (the impulse `v_hat / R` times the velocity `v_hat`, Eqs. 29-30) must stay below it.
///
/// Why: the cost (Eq. 19) and its gradient are sums of such products, the line search
/// compares differences of costs, and the Newton step squares velocities once more.
/// Beyond about 1e300 they overflow f64 (issue 21: v* = 1e152 gave NaN impulses inside
/// `Ok`, a penetration of 1e306 m infinite ones); 1e200 leaves a hundred decades for
/// the sums over constraints and the Hessian's products. A particle of 1 kg is then
/// accepted up to 1e100 m/s and a rigid contact of it up to about 1e98 m of penetration
/// per time step of 10 ms, which covers every physical input.
pub const MAX_ENERGY_SCALE: f64 = 1e200;

fn check_dof(
    trees: &[Tree],
    kind: JointConstraintKind,
    index: usize,
    tree: usize,
    dof: usize,
) -> Result<(), SapError> {
    if trees.get(tree).is_some_and(|t| dof < t.dofs()) {
        Ok(())
    } else {
        Err(SapError::JointConstraintDof {
            kind,
            index,
            tree,
            dof,
        })
    }
}

/// Writes the inverse of the SPD block `a` into `out` by its Cholesky factorization;
/// `false` when `a` is numerically not positive definite. The 6 x 6 block of a free body
/// (the clutter scenes' every tree) is factored on the stack, and `out` is reused when
/// its shape already matches (no allocation in a time step, measured: 6% of the clutter
/// step went to this function with the dynamic path).
fn spd_inverse_into(a: &DMatrix<f64>, out: &mut DMatrix<f64>) -> bool {
    let positive = |d: f64| !d.is_nan() && d > 0.0;
    let n = a.nrows();
    if out.shape() != (n, n) {
        *out = DMatrix::zeros(n, n);
    }
    if n == 6 && block_diagonal_3x3(a) {
        // A free body's block [m I, 0; 0, I_w]: the inverse of each 3 x 3 block, a
        // third of the work of the 6 x 6 factorization (measured: this function was
        // 9% of the resting clutter step with the 6 x 6 path).
        out.fill(0.0);
        for k in [0, 3] {
            let m = a.fixed_view::<3, 3>(k, k).into_owned();
            let Some(chol) = nalgebra::Cholesky::new(m) else {
                return false;
            };
            if !(0..3).all(|i| positive(chol.l_dirty()[(i, i)])) {
                return false;
            }
            out.fixed_view_mut::<3, 3>(k, k).copy_from(&chol.inverse());
        }
        return true;
    }
    if n == 6 {
        let m = nalgebra::Matrix6::from_column_slice(a.as_slice());
        let Some(chol) = nalgebra::Cholesky::new(m) else {
            return false;
        };
        if !(0..6).all(|i| positive(chol.l_dirty()[(i, i)])) {
            return false;
        }
        out.as_mut_slice().copy_from_slice(chol.inverse().as_slice());
        return true;
    }
    let Some(chol) = nalgebra::Cholesky::new(a.clone()) else {
        return false;
    };
    if !(0..n).all(|i| positive(chol.l_dirty()[(i, i)])) {
        return false;
    }
    *out = chol.inverse();
    true
}

/// Resizes `x` to `n` entries (zeros), keeping its storage: no allocation when it has
/// held as many (a problem refilled with islands of changing size).
fn resize_in_place(x: &mut DVector<f64>, n: usize) {
    if x.len() != n {
        let mut data: Vec<f64> = std::mem::replace(x, DVector::zeros(0)).data.into();
        data.clear();
        data.resize(n, 0.0);
        *x = DVector::from_vec(data);
    }
}

/// Whether the 6 x 6 block `a` has exactly zero off-diagonal 3 x 3 blocks.
fn block_diagonal_3x3(a: &DMatrix<f64>) -> bool {
    (0..3).all(|i| (3..6).all(|j| a[(i, j)] == 0.0 && a[(j, i)] == 0.0))
}

/// Copies the matrix `m` into `out`, reusing `out`'s storage when the shapes match.
fn copy_matrix<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(m: &Matrix<f64, R, C, S>, out: &mut DMatrix<f64>) {
    let (r, c) = m.shape();
    if out.shape() != (r, c) {
        *out = DMatrix::zeros(r, c);
    }
    for j in 0..c {
        for i in 0..r {
            out[(i, j)] = m[(i, j)];
        }
    }
}

fn all_finite<'a>(mut it: impl Iterator<Item = &'a f64>) -> bool {
    it.all(|x| x.is_finite())
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
    /// [`SapError::InvalidJointConstraint`] for a PD controller or joint limit that names
    /// a missing tree or dof or has a parameter out of range.
    pub fn with_constraints(
        time_step: f64,
        trees: Vec<Tree>,
        constraints: Constraints,
    ) -> Result<Self, SapError> {
        let Constraints {
            contacts,
            pd_controllers,
            joint_limits,
        } = constraints;
        let mut problem = Self {
            time_step,
            trees,
            contacts,
            pd_controllers,
            joint_limits,
            offsets: Vec::new(),
            a_inv: Vec::new(),
            d_scale: DVector::zeros(0),
            v_star: DVector::zeros(0),
            spare_trees: Vec::new(),
            spare_contacts: Vec::new(),
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
        &mut self,
        time_step: f64,
        fill: impl FnOnce(&mut ProblemFiller<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let previous = self.time_step;
        self.recycle();
        self.time_step = time_step;
        let result =
            fill(&mut ProblemFiller { problem: self }).and_then(|()| self.prepare().map_err(E::from));
        if result.is_err() {
            self.recycle();
            self.time_step = previous;
            self.prepare().map_err(E::from)?;
        }
        result
    }

    /// Moves every tree and contact to the spare pools: an empty problem.
    fn recycle(&mut self) {
        self.spare_trees.append(&mut self.trees);
        self.spare_contacts.append(&mut self.contacts);
        self.pd_controllers.clear();
        self.joint_limits.clear();
        self.offsets.clear();
        self.offsets.push(0);
    }

    /// Validates the data and computes the offsets, the inverses of the blocks of A,
    /// the scaling D and the stacked v*, reusing their storage.
    fn prepare(&mut self) -> Result<(), SapError> {
        let time_step = self.time_step;
        let trees = &self.trees;
        let contacts = &self.contacts;
        let pd_controllers = &self.pd_controllers;
        let joint_limits = &self.joint_limits;
        if !(time_step.is_finite() && time_step > 0.0) {
            return Err(SapError::InvalidTimeStep(time_step));
        }
        let offsets = &mut self.offsets;
        offsets.clear();
        let mut total = 0;
        for (t, tree) in trees.iter().enumerate() {
            let n = tree.v_star.len();
            if n == 0 {
                return Err(SapError::EmptyTree(t));
            }
            if tree.a.nrows() != n || tree.a.ncols() != n {
                return Err(SapError::TreeSize {
                    tree: t,
                    what: "block of A is not n_t x n_t with n_t = len(v*)",
                });
            }
            if !all_finite(tree.a.iter()) || !all_finite(tree.v_star.iter()) {
                return Err(SapError::NonFiniteTree(t));
            }
            // The supported range (issue 21); an overflow to inf fails the test too.
            let v_max = tree.v_star.amax();
            let energy = tree.a.amax() * v_max * v_max * n as f64;
            if energy.is_nan() || energy > MAX_ENERGY_SCALE {
                return Err(SapError::OutOfRange {
                    owner: "tree",
                    index: t,
                    quantity: "free-motion energy scale max|A| max|v*|^2 n_t",
                    value: energy,
                    bound: MAX_ENERGY_SCALE,
                });
            }
            let scale = tree.a.amax();
            for i in 0..n {
                for j in 0..i {
                    if (tree.a[(i, j)] - tree.a[(j, i)]).abs() > 1e-10 * scale {
                        return Err(SapError::NotSymmetric(t));
                    }
                }
            }
            if self.a_inv.len() <= t {
                self.a_inv.push(DMatrix::zeros(0, 0));
            }
            if !spd_inverse_into(&tree.a, &mut self.a_inv[t]) {
                return Err(SapError::NotPositiveDefinite(t));
            }
            offsets.push(total);
            total += n;
        }
        offsets.push(total);
        for (c, contact) in contacts.iter().enumerate() {
            let check_block = |tree: usize, j: &DMatrix<f64>| -> Result<(), SapError> {
                if tree >= trees.len() {
                    return Err(SapError::ContactTrees {
                        contact: c,
                        what: "tree index out of range",
                    });
                }
                let n = trees[tree].dofs();
                if j.nrows() != 3 || j.ncols() != n {
                    return Err(SapError::JacobianSize {
                        contact: c,
                        rows: j.nrows(),
                        cols: j.ncols(),
                        expected_cols: n,
                    });
                }
                if !all_finite(j.iter()) {
                    return Err(SapError::NonFiniteContact(c));
                }
                Ok(())
            };
            check_block(contact.tree_a, &contact.jacobian_a)?;
            if let Some((tb, jb)) = &contact.tree_b {
                if *tb == contact.tree_a {
                    return Err(SapError::ContactTrees {
                        contact: c,
                        what: "both sides name the same tree",
                    });
                }
                check_block(*tb, jb)?;
            }
            if !contact.phi0.is_finite() {
                return Err(SapError::NonFiniteContact(c));
            }
            let bad = |parameter, value| SapError::InvalidContactParameter {
                contact: c,
                parameter,
                value,
            };
            if contact.stiffness.is_nan() || contact.stiffness <= 0.0 {
                return Err(bad("stiffness", contact.stiffness));
            }
            let tau = contact.dissipation_time_scale;
            if !(tau.is_finite() && tau >= 0.0) {
                return Err(bad("dissipation_time_scale", tau));
            }
            let mu = contact.friction;
            if !(mu.is_finite() && mu >= 0.0) {
                return Err(bad("friction", mu));
            }
        }
        for (i, pd) in pd_controllers.iter().enumerate() {
            check_dof(trees, JointConstraintKind::PdController, i, pd.tree, pd.dof)?;
            let bad = |parameter, value| SapError::InvalidJointConstraint {
                kind: JointConstraintKind::PdController,
                index: i,
                parameter,
                value,
            };
            for (name, value) in [
                ("q0", pd.q0),
                ("q_target", pd.q_target),
                ("v_target", pd.v_target),
                ("feed_forward", pd.feed_forward),
            ] {
                if !value.is_finite() {
                    return Err(bad(name, value));
                }
            }
            if !(pd.kp.is_finite() && pd.kp >= 0.0) {
                return Err(bad("kp", pd.kp));
            }
            if !(pd.kd.is_finite() && pd.kd >= 0.0) {
                return Err(bad("kd", pd.kd));
            }
            if time_step * pd.kp + pd.kd <= 0.0 {
                return Err(bad("kp and kd (both zero)", 0.0));
            }
            if pd.effort_limit.is_nan() || pd.effort_limit < 0.0 {
                return Err(bad("effort_limit", pd.effort_limit));
            }
        }
        for (i, limit) in joint_limits.iter().enumerate() {
            check_dof(trees, JointConstraintKind::JointLimit, i, limit.tree, limit.dof)?;
            let bad = |parameter, value| SapError::InvalidJointConstraint {
                kind: JointConstraintKind::JointLimit,
                index: i,
                parameter,
                value,
            };
            for (name, value) in [("q0", limit.q0), ("limit", limit.limit)] {
                if !value.is_finite() {
                    return Err(bad(name, value));
                }
            }
            if limit.stiffness.is_nan() || limit.stiffness <= 0.0 {
                return Err(bad("stiffness", limit.stiffness));
            }
            let tau = limit.dissipation_time_scale;
            if !(tau.is_finite() && tau >= 0.0) {
                return Err(bad("dissipation_time_scale", tau));
            }
        }
        resize_in_place(&mut self.d_scale, total);
        resize_in_place(&mut self.v_star, total);
        for (t, tree) in trees.iter().enumerate() {
            for i in 0..tree.dofs() {
                self.d_scale[offsets[t] + i] = 1.0 / tree.a[(i, i)].sqrt();
                self.v_star[offsets[t] + i] = tree.v_star[i];
            }
        }
        Ok(())
    }

    /// Fills this problem with island `i` of `parent` (see [`Islands`]): its trees in
    /// the island's order (with their inverses of Section V-B, copied), its contacts,
    /// PD controllers and joint limits with tree indices local to the island. `parent`
    /// was validated, and an island of it is valid by construction, so nothing is
    /// checked again. Storage is reused as by [`SapProblem::refill`]: no allocation
    /// once this problem has held an island with as many trees, constraints and dofs.
    pub(crate) fn fill_island(&mut self, parent: &SapProblem, islands: &Islands, i: usize) {
        self.recycle();
        self.time_step = parent.time_step;
        self.offsets.clear();
        let mut total = 0;
        for (k, &t) in islands.trees(i).iter().enumerate() {
            let src = &parent.trees[t];
            let mut tree = self
                .spare_trees
                .pop()
                .unwrap_or_else(|| Tree::new(DMatrix::zeros(0, 0), DVector::zeros(0)));
            copy_matrix(&src.a, &mut tree.a);
            resize_in_place(&mut tree.v_star, src.v_star.len());
            tree.v_star.copy_from(&src.v_star);
            self.trees.push(tree);
            if self.a_inv.len() <= k {
                self.a_inv.push(DMatrix::zeros(0, 0));
            }
            copy_matrix(&parent.a_inv[t], &mut self.a_inv[k]);
            self.offsets.push(total);
            total += src.dofs();
        }
        self.offsets.push(total);
        for &c in islands.contacts(i) {
            let src = &parent.contacts[c];
            let mut contact = self
                .spare_contacts
                .pop()
                .unwrap_or_else(|| ContactConstraint::with_world(0, DMatrix::zeros(0, 0), 0.0));
            contact.tree_a = islands.local_index(src.tree_a);
            copy_matrix(&src.jacobian_a, &mut contact.jacobian_a);
            let old_b = contact.tree_b.take().map(|(_, j)| j);
            contact.tree_b = match &src.tree_b {
                Some((tb, jb)) => {
                    let mut j = old_b
                        .or_else(|| self.spare_jacobians.pop())
                        .unwrap_or_else(|| DMatrix::zeros(0, 0));
                    copy_matrix(jb, &mut j);
                    Some((islands.local_index(*tb), j))
                }
                None => {
                    self.spare_jacobians.extend(old_b);
                    None
                }
            };
            contact.phi0 = src.phi0;
            contact.stiffness = src.stiffness;
            contact.dissipation_time_scale = src.dissipation_time_scale;
            contact.friction = src.friction;
            self.contacts.push(contact);
        }
        for &p in islands.pd_controllers(i) {
            let mut pd = parent.pd_controllers[p].clone();
            pd.tree = islands.local_index(pd.tree);
            self.pd_controllers.push(pd);
        }
        for &l in islands.joint_limits(i) {
            let mut limit = parent.joint_limits[l].clone();
            limit.tree = islands.local_index(limit.tree);
            self.joint_limits.push(limit);
        }
        resize_in_place(&mut self.d_scale, total);
        resize_in_place(&mut self.v_star, total);
        for (k, &t) in islands.trees(i).iter().enumerate() {
            let n = parent.trees[t].dofs();
            let (o, po) = (self.offsets[k], parent.offsets[t]);
            self.d_scale.rows_mut(o, n).copy_from(&parent.d_scale.rows(po, n));
            self.v_star.rows_mut(o, n).copy_from(&parent.v_star.rows(po, n));
        }
    }

    /// The time step delta t.
    pub fn time_step(&self) -> f64 {
        self.time_step
    }

    /// The trees.
    pub fn trees(&self) -> &[Tree] {
        &self.trees
    }

    /// The contacts.
    pub fn contacts(&self) -> &[ContactConstraint] {
        &self.contacts
    }

    /// The PD controllers.
    pub fn pd_controllers(&self) -> &[PdControllerConstraint] {
        &self.pd_controllers
    }

    /// The joint limits.
    pub fn joint_limits(&self) -> &[JointLimitConstraint] {
        &self.joint_limits
    }

    /// Total number of generalized velocities n_v.
    pub fn num_velocities(&self) -> usize {
        self.offsets[self.trees.len()]
    }

    /// Offset of tree `t`'s velocities in the stacked vector v.
    pub fn offset(&self, t: usize) -> usize {
        self.offsets[t]
    }

    /// The stacked free-motion velocities v*.
    pub fn v_star(&self) -> &DVector<f64> {
        &self.v_star
    }

    /// diag(A)^{-1/2}, the scaling D of Eq. 25.
    pub(crate) fn d_scale(&self) -> &DVector<f64> {
        &self.d_scale
    }

    /// y = A x, block by block.
    pub(crate) fn mul_a(&self, x: &[f64], y: &mut [f64]) {
        for (t, tree) in self.trees.iter().enumerate() {
            let o = self.offsets[t];
            let n = tree.dofs();
            let (xt, yt) = (&x[o..o + n], &mut y[o..o + n]);
            yt.fill(0.0);
            // Column-major: y += x_j * column j.
            for (col, &xj) in tree.a.as_slice().chunks_exact(n).zip(xt) {
                for (yi, aij) in yt.iter_mut().zip(col) {
                    *yi += aij * xj;
                }
            }
        }
    }

    /// The sides of contact `c`: (tree offset, Jacobian block), one or two.
    #[inline]
    fn sides(&self, c: usize) -> impl Iterator<Item = (usize, &DMatrix<f64>)> {
        let contact = &self.contacts[c];
        std::iter::once((self.offsets[contact.tree_a], &contact.jacobian_a))
            .chain(contact.tree_b.as_ref().map(|(tb, jb)| (self.offsets[*tb], jb)))
    }

    /// The contact velocity of contact `c`: J_c x.
    pub(crate) fn contact_velocity(&self, c: usize, x: &[f64]) -> [f64; 3] {
        let mut vc = [0.0; 3];
        for (o, j) in self.sides(c) {
            // A 3 x n block is stored column by column: 3 entries per dof.
            for (col, xv) in j.as_slice().chunks_exact(3).zip(&x[o..o + j.ncols()]) {
                vc[0] += col[0] * xv;
                vc[1] += col[1] * xv;
                vc[2] += col[2] * xv;
            }
        }
        vc
    }

    /// y += J_c^T g for contact `c`.
    pub(crate) fn add_jt(&self, c: usize, g: &[f64; 3], y: &mut [f64]) {
        for (o, j) in self.sides(c) {
            for (col, yv) in j.as_slice().chunks_exact(3).zip(&mut y[o..o + j.ncols()]) {
                *yv += col[0] * g[0] + col[1] * g[1] + col[2] * g[2];
            }
        }
    }

    /// `(A_t^{-1})_{dof,dof}`: the Delassus operator `J A^{-1} J^T` of a selector row
    /// on dof `dof` of tree `t` (exact, Section V-B), for the joint constraints.
    pub(crate) fn dof_inverse_mass(&self, t: usize, dof: usize) -> f64 {
        self.a_inv[t][(dof, dof)]
    }

    /// The block-diagonal approximation of the Delassus operator of contact `c`
    /// (Section V-B): `W_cc ~ sum over its trees of J_t A_t^{-1} J_t^T`, 3 x 3, computed
    /// without allocating as `sum_{i,k} (A_t^{-1})_{ik} J_t[:, i] J_t[:, k]^T`.
    pub(crate) fn delassus_block(&self, c: usize) -> nalgebra::Matrix3<f64> {
        let contact = &self.contacts[c];
        let mut w = nalgebra::Matrix3::zeros();
        let mut add = |tree: usize, j: &DMatrix<f64>| {
            let a_inv = &self.a_inv[tree];
            let n = j.ncols();
            let cols = j.as_slice();
            for (k, inv_col) in a_inv.as_slice().chunks_exact(n).enumerate() {
                let jk = &cols[3 * k..3 * k + 3];
                // u = sum_i (A^{-1})_{ik} J[:, i] = (J A^{-1})[:, k].
                let mut u = [0.0; 3];
                for (ji, &aik) in cols.chunks_exact(3).zip(inv_col) {
                    u[0] += ji[0] * aik;
                    u[1] += ji[1] * aik;
                    u[2] += ji[2] * aik;
                }
                for r in 0..3 {
                    for s in 0..3 {
                        w[(r, s)] += u[r] * jk[s];
                    }
                }
            }
        };
        add(contact.tree_a, &contact.jacobian_a);
        if let Some((tb, jb)) = &contact.tree_b {
            add(*tb, jb);
        }
        w
    }
}

/// The second side of a contact: its tree and Jacobian block.
pub type Side<'m, R, C, S> = (usize, &'m Matrix<f64, R, C, S>);

/// Fills a [`SapProblem`] in place inside [`SapProblem::refill`]: trees and constraints
/// are appended in order, their matrices copied into storage kept from earlier
/// problems. Nothing is checked here; the whole problem is validated when `fill` returns.
pub struct ProblemFiller<'a> {
    problem: &'a mut SapProblem,
}

impl ProblemFiller<'_> {
    /// Appends a tree: its block `a` of A (n_t x n_t) and its free-motion velocities
    /// `v_star` (n_t); returns its index.
    pub fn push_tree<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(
        &mut self,
        a: &Matrix<f64, R, C, S>,
        v_star: &[f64],
    ) -> usize {
        let p = &mut *self.problem;
        let mut tree = p
            .spare_trees
            .pop()
            .unwrap_or_else(|| Tree::new(DMatrix::zeros(0, 0), DVector::zeros(0)));
        copy_matrix(a, &mut tree.a);
        if tree.v_star.len() == v_star.len() {
            tree.v_star.as_mut_slice().copy_from_slice(v_star);
        } else {
            tree.v_star = DVector::from_column_slice(v_star);
        }
        p.trees.push(tree);
        p.trees.len() - 1
    }

    /// Appends a contact on tree `tree_a` with Jacobian block `jacobian_a` (3 x n_a)
    /// and, for a contact between two trees, `(tree_b, jacobian_b)`; returns it with
    /// the defaults of [`ContactConstraint::with_world`] (`phi0 = 0`, rigid, no
    /// dissipation, friction 1) for the caller to set its fields.
    pub fn push_contact<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(
        &mut self,
        tree_a: usize,
        jacobian_a: &Matrix<f64, R, C, S>,
        side_b: Option<Side<'_, R, C, S>>,
    ) -> &mut ContactConstraint {
        let p = &mut *self.problem;
        let mut contact = p
            .spare_contacts
            .pop()
            .unwrap_or_else(|| ContactConstraint::with_world(0, DMatrix::zeros(0, 0), 0.0));
        contact.tree_a = tree_a;
        copy_matrix(jacobian_a, &mut contact.jacobian_a);
        let old_b = contact.tree_b.take().map(|(_, j)| j);
        contact.tree_b = match side_b {
            Some((tree_b, jacobian_b)) => {
                let mut j = old_b
                    .or_else(|| p.spare_jacobians.pop())
                    .unwrap_or_else(|| DMatrix::zeros(0, 0));
                copy_matrix(jacobian_b, &mut j);
                Some((tree_b, j))
            }
            None => {
                p.spare_jacobians.extend(old_b);
                None
            }
        };
        contact.phi0 = 0.0;
        contact.stiffness = f64::INFINITY;
        contact.dissipation_time_scale = 0.0;
        contact.friction = 1.0;
        p.contacts.push(contact);
        p.contacts
            .last_mut()
            .unwrap_or_else(|| unreachable!("just pushed"))
    }

    /// Appends a PD controller.
    pub fn push_pd_controller(&mut self, pd: PdControllerConstraint) {
        self.problem.pd_controllers.push(pd);
    }

    /// Appends a joint limit.
    pub fn push_joint_limit(&mut self, limit: JointLimitConstraint) {
        self.problem.joint_limits.push(limit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The inverse by 3 x 3 blocks of a free body's block `[m I, 0; 0, I_w]` and the
    /// 6 x 6 path for a coupled block both invert: `A A^{-1} = I`; a block with a
    /// non-positive part is refused by both paths.
    #[test]
    fn spd_inverse_by_blocks_and_whole_invert() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut out = DMatrix::zeros(0, 0);
        for coupled in [false, true] {
            for _ in 0..200 {
                let b = DMatrix::from_fn(6, 6, |_, _| rng.random_range(-1.0..1.0));
                let mut a = b.transpose() * b + DMatrix::identity(6, 6) * 0.1;
                if !coupled {
                    a.view_mut((0, 3), (3, 3)).fill(0.0);
                    a.view_mut((3, 0), (3, 3)).fill(0.0);
                }
                assert_eq!(block_diagonal_3x3(&a), !coupled);
                assert!(spd_inverse_into(&a, &mut out));
                let err = (&a * &out - DMatrix::identity(6, 6)).amax();
                assert!(err < 1e-9, "coupled = {coupled}: |A A^-1 - I| = {err:e}");
                a[(4, 4)] = -1.0;
                assert!(!spd_inverse_into(&a, &mut out));
            }
        }
    }
}
