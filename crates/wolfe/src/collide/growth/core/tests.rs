//! Unit tests of the cutting-plane core: the initial simplex, facets, pivots and the
//! certified lower bound.

use super::*;

fn check_simplex<const N: usize>(p_hat: V<N>)
where
    Dim: Geometry<N>,
{
    let zs = <Dim as Geometry<N>>::initial_simplex(&p_hat, 2.0);
    for z in &zs {
        assert!(z.norm() < 2.0);
    }
    let cof = <Dim as Geometry<N>>::cofactors(&zs);
    // Cramer: p_hat = sum_m nu_m z_m, nu_m = <p_hat, c_m> / det Z, all > 0.
    let det = zs[0].dot(&cof[0]);
    assert!(det.abs() > 1e-3);
    let mut sum = V::<N>::zeros();
    for m in 0..N {
        let nu = p_hat.dot(&cof[m]) / det;
        assert!(nu > 0.0, "{nu}");
        sum += nu * zs[m];
    }
    assert!((sum - p_hat).norm() < 1e-12);
}

#[test]
fn initial_simplex_contains_the_ray() {
    check_simplex(V::<2>::new(0.6, -0.8));
    check_simplex(V::<2>::new(-1.0, 0.0));
    for d in [
        V::<3>::new(0.0, 0.0, 1.0),
        V::<3>::new(0.0, 0.0, -1.0),
        V::<3>::new(0.48, -0.6, 0.64),
        V::<3>::new(-0.6, 0.0, -0.8),
    ] {
        check_simplex(d);
    }
}

#[test]
fn interpolated_normal_is_exact_on_a_sphere() {
    // Three points of a sphere of radius 2 about the origin with their normals
    // z / |z|: the combination with the ray point's barycentric coordinates is
    // (the ray point on the facet) / 2, parallel to p: the sphere's normal where the
    // ray leaves it.
    let p = V::<3>::new(0.3, -0.2, 1.0);
    let zs = [
        V::<3>::new(1.0, 0.2, 1.7),
        V::<3>::new(-0.9, 0.5, 1.7),
        V::<3>::new(0.1, -1.2, 1.55),
    ]
    .map(|z| 2.0 * z / z.norm());
    let mut run = Run::<3>::initialize(&p, 1.0, 1.0);
    let f = facet(&zs, &p).expect("a facet in front of the origin");
    run.zs = zs;
    run.cof = f.cof;
    run.lambda = f.lambda;
    run.height = f.height;
    run.normals = zs.map(|z| z / z.norm());
    run.known = 0b111;
    assert!(run.barycentric(&p).iter().all(|&mu| mu > 0.05));
    let n = run.interpolated_normal(&p).expect("all normals known");
    assert!((1.0..2.0).contains(&n.amax()));
    assert!((n / n.norm() - p / p.norm()).norm() < 1e-12, "{n:?}");
    // The facet normal is not that normal (first order only).
    assert!((f.lambda / f.lambda.norm() - p / p.norm()).norm() > 1e-3);
    // A basis point without a normal: no interpolation.
    run.known = 0b011;
    assert!(run.interpolated_normal(&p).is_none());
}

/// The certified lower bound's reference: the cone exit
/// ([`super::cone_exit`]) from the normalized witness, as `|p| / t`.
fn cone_reference(run: &Run<3>, p: &V<3>) -> (f64, V<3>, V<3>) {
    let mu = run.barycentric(p);
    let (mut xa, mut xb) = (V::<3>::zeros(), V::<3>::zeros());
    for ((w, pa), pb) in mu.iter().zip(&run.pa).zip(&run.pb) {
        xa += *w * pa;
        xb += *w * pb;
    }
    let u = p / p.norm();
    let (t, a, b) = super::cone_exit(&xa, &xb, &u, run.r1, run.r2);
    (p.norm() / t, a, b)
}

/// A run whose basis is `pa - pb` (offsets of A's and B's points).
fn run_with_basis(p: &V<3>, r1: f64, r2: f64, pa: [V<3>; 3], pb: [V<3>; 3]) -> Run<3> {
    let mut run = Run::<3>::initialize(p, r1, r2);
    let zs = [0, 1, 2].map(|m| pa[m] - pb[m]);
    let f = facet(&zs, p).expect("a facet in front of the origin");
    run.zs = zs;
    run.pa = pa;
    run.pb = pb;
    run.cof = f.cof;
    run.lambda = f.lambda;
    run.height = f.height;
    run.beta_lower = f.beta;
    run
}

#[test]
fn certified_lower_is_the_cone_exit_to_rounding() {
    // Facets whose ray point is inside the triangle: the witness lies on the ray up
    // to rounding, the bound without square roots is taken. It must agree with the
    // cone exit to the margin's unit, never be less conservative (beyond rounding),
    // and its witness offsets must span the ray point.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64 - 0.5
    };
    let (mut checked, mut fast) = (0, 0);
    for k in 0..2000 {
        // Scales 1e-3 .. 1e3, offsets ~ a few inradii (the witness' rounding, a few
        // `eps |x|`, then stays within `MARGIN r`).
        let sc = 10f64.powi(k % 7 - 3);
        let p = V::<3>::new(next(), next(), next() + 2.0) * sc;
        let (r1, r2) = ((0.1 + next().abs()) * sc, (0.1 + next().abs()) * sc);
        let u = p / p.norm();
        // Basis points around the ray at depth 1.5 |p| (beta ~ 1.5).
        let c = 1.5 * p;
        let e1 = u.cross(&V::<3>::new(1.0, 0.0, 0.0)).normalize();
        let e2 = u.cross(&e1);
        let pa: [V<3>; 3] = std::array::from_fn(|m| {
            let ang = 2.0 * std::f64::consts::PI * (m as f64 / 3.0 + 0.1 * next());
            0.5 * c + sc * (0.3 * (ang.cos() * e1 + ang.sin() * e2) + 0.1 * next() * u)
        });
        let pb: [V<3>; 3] =
            std::array::from_fn(|_| -0.5 * c + 0.01 * sc * V::<3>::new(next(), next(), next()));
        let Some(_) = facet(&[0, 1, 2].map(|m| pa[m] - pb[m]), &p) else {
            continue;
        };
        let run = run_with_basis(&p, r1, r2, pa, pb);
        let (inv, margin, wa, wb) = run.certified_lower(&p);
        let (reference, _, _) = cone_reference(&run, &p);
        assert!(
            inv.is_finite() && margin > 0.0 && margin < 1e-12,
            "{inv} {margin}"
        );
        let rel = inv / reference - 1.0;
        assert!(
            (-64.0 * f64::EPSILON..=3.0 * MARGIN).contains(&rel),
            "k {k}: {rel:e}"
        );
        // The ray point of the witness: wa - wb = t u with |p| / t = inv (to the
        // bound's 2 e).
        let w = wa - wb;
        let t = w.dot(&u);
        assert!((w - t * u).norm() <= 1e-14 * w.norm(), "k {k}");
        assert!(((p.norm() / t) / inv - 1.0).abs() <= 3.0 * MARGIN, "k {k}");
        checked += 1;
        // Bits that differ from the cone's: the path without square roots.
        fast += usize::from(inv != reference);
    }
    assert!(checked > 1000 && fast > checked / 2, "{checked} {fast}");
}

#[test]
fn certified_lower_off_the_ray_is_the_cone_exit() {
    // A ray point outside the triangle (a weight clamped at 0): the witness lies off
    // the ray, and the bound is the cone exit's, bit for bit.
    let p = V::<3>::new(0.0, 0.0, 1.0);
    let pa = [
        V::<3>::new(1.0, 0.2, 2.0),
        V::<3>::new(0.8, -0.3, 2.0),
        V::<3>::new(1.2, 0.1, 2.5),
    ];
    let pb = [V::<3>::zeros(); 3];
    let run = run_with_basis(&p, 0.4, 0.3, pa, pb);
    let (inv, _, wa, wb) = run.certified_lower(&p);
    let (reference, ra, rb) = cone_reference(&run, &p);
    assert_eq!(inv, reference);
    assert_eq!((wa, wb), (ra, rb));
}

#[test]
fn pow2_inverse_scales_into_one_two() {
    for x in [1.0, 1.5, 2.0, 3.0e-7, 7.9e12, f64::MIN_POSITIVE, 1e-310, 1.7e308] {
        let y = x * pow2_inverse(x);
        assert!(
            (1.0..2.0).contains(&y) || !(f64::MIN_POSITIVE..=1e308).contains(&x),
            "{x} -> {y}"
        );
        assert!(y.is_finite() && y > 0.0, "{x}");
    }
}

#[test]
fn cofactors_give_determinants() {
    let z = [
        V::<3>::new(1.0, 2.0, 0.5),
        V::<3>::new(-0.3, 1.0, 2.0),
        V::<3>::new(0.7, -1.0, 1.5),
    ];
    let c = <Dim as Geometry<3>>::cofactors(&z);
    let q = V::<3>::new(0.2, 0.9, -1.1);
    for m in 0..3 {
        let mut w = z;
        w[m] = q;
        let m3 = nalgebra::Matrix3::from_columns(&w);
        assert!((m3.determinant() - q.dot(&c[m])).abs() < 1e-12);
    }
    let z2 = [V::<2>::new(1.0, 2.0), V::<2>::new(-0.3, 1.0)];
    let c2 = <Dim as Geometry<2>>::cofactors(&z2);
    let q2 = V::<2>::new(0.2, 0.9);
    for m in 0..2 {
        let mut w = z2;
        w[m] = q2;
        let m2 = nalgebra::Matrix2::from_columns(&w);
        assert!((m2.determinant() - q2.dot(&c2[m])).abs() < 1e-12);
    }
}
