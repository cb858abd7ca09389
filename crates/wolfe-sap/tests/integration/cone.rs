//! The analytic projection (Eq. 27) against a brute-force numerical projection, and
//! its derivative G (Appendix D) against finite differences, in all three regions.

use crate::common;

use nalgebra::{Matrix3, Vector3};
use rand::Rng;
use wolfe_sap::{ConeParams, ConeRegion};

/// min over gamma in the cone of (gamma - y)^T R (gamma - y) / 2 by brute force: gamma = y
/// if y is in the cone, else the best point on the cone's wall, where for each direction
/// theta the best n >= 0 is closed form, and theta is searched on a grid refined by
/// golden sections.
fn brute_projection(p: &ConeParams, y: &Vector3<f64>) -> Vector3<f64> {
    if y.x.hypot(y.y) <= p.mu * y.z {
        return *y;
    }
    let r = Vector3::new(p.r_t, p.r_t, p.r_n);
    let cost = |g: &Vector3<f64>| {
        let d = g - y;
        0.5 * (r.x * d.x * d.x + r.y * d.y * d.y + r.z * d.z * d.z)
    };
    let on_wall = |theta: f64| {
        let a = Vector3::new(p.mu * theta.cos(), p.mu * theta.sin(), 1.0);
        let ara = r.x * a.x * a.x + r.y * a.y * a.y + r.z * a.z * a.z;
        let ary = r.x * a.x * y.x + r.y * a.y * y.y + r.z * a.z * y.z;
        a * (ary / ara).max(0.0)
    };
    let m = 720;
    let step = std::f64::consts::TAU / m as f64;
    let best = (0..m)
        .map(|k| k as f64 * step)
        .min_by(|a, b| cost(&on_wall(*a)).total_cmp(&cost(&on_wall(*b))))
        .unwrap();
    let (mut lo, mut hi) = (best - step, best + step);
    let phi = 0.5 * (5f64.sqrt() - 1.0);
    for _ in 0..200 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if cost(&on_wall(a)) < cost(&on_wall(b)) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let g = on_wall(0.5 * (lo + hi));
    if cost(&Vector3::zeros()) <= cost(&g) {
        Vector3::zeros()
    } else {
        g
    }
}

fn random_params(rng: &mut rand_chacha::ChaCha8Rng) -> ConeParams {
    ConeParams {
        mu: rng.random_range(0.1..1.5),
        r_t: 10f64.powf(rng.random_range(-3.0..1.0)),
        r_n: 10f64.powf(rng.random_range(-2.0..1.0)),
    }
}

fn random_y(rng: &mut rand_chacha::ChaCha8Rng) -> Vector3<f64> {
    let s = 10f64.powf(rng.random_range(-2.0..2.0));
    Vector3::new(
        common::normal(rng) * s,
        common::normal(rng) * s,
        common::normal(rng) * s,
    )
}

#[test]
fn projection_equals_brute_force_in_all_regions() {
    let mut rng = common::rng(1);
    let mut seen = [0usize; 3];
    for _ in 0..3000 {
        let p = random_params(&mut rng);
        let y = random_y(&mut rng);
        let (g, region) = p.project(&y);
        let idx = match region {
            ConeRegion::Stiction => 0,
            ConeRegion::Sliding => 1,
            ConeRegion::NoContact => 2,
        };
        seen[idx] += 1;
        let b = brute_projection(&p, &y);
        let scale = y.norm().max(1e-300);
        assert!(
            (g - b).norm() <= 1e-7 * scale,
            "region {region:?}: analytic {g:?} brute {b:?} y {y:?} params {p:?}"
        );
        // The result lies in the cone.
        assert!(g.x.hypot(g.y) <= p.mu * g.z * (1.0 + 1e-12) + 1e-300);
    }
    assert!(seen.iter().all(|&k| k > 300), "regions covered: {seen:?}");
}

#[test]
fn g_equals_finite_differences_inside_each_region() {
    let mut rng = common::rng(2);
    let mut seen = [0usize; 3];
    let mut checked = 0;
    while checked < 600 {
        let p = random_params(&mut rng);
        let y = random_y(&mut rng);
        let region = p.region(&y);
        // Stay away from region boundaries: all perturbed points in the same region.
        let h = 1e-6 * y.norm();
        let mut same = true;
        for k in 0..3 {
            for s in [-10.0, 10.0] {
                let mut yp = y;
                yp[k] += s * h;
                same &= p.region(&yp) == region;
            }
        }
        if !same {
            continue;
        }
        checked += 1;
        // G = -d gamma / d v_c with y = -R^{-1}(v_c - v_hat): G = (d gamma / d y) R^{-1}.
        let mut dgdy = Matrix3::zeros();
        for k in 0..3 {
            let mut yp = y;
            let mut ym = y;
            yp[k] += h;
            ym[k] -= h;
            let d = (p.project(&yp).0 - p.project(&ym).0) / (2.0 * h);
            dgdy.set_column(k, &d);
        }
        let r_inv = Matrix3::from_diagonal(&Vector3::new(1.0 / p.r_t, 1.0 / p.r_t, 1.0 / p.r_n));
        let fd = dgdy * r_inv;
        let g = p.gradient(&y, region);
        let scale = g.norm().max(fd.norm()).max(1e-12 / p.r_t.min(p.r_n));
        assert!(
            (g - fd).norm() <= 1e-5 * scale,
            "region {region:?}: G {g} fd {fd} y {y:?} {p:?}"
        );
        // G is symmetric positive semi-definite.
        assert!((g - g.transpose()).norm() <= 1e-12 * g.norm().max(1.0));
        let eig = g.symmetric_eigenvalues();
        assert!(eig.iter().all(|&e| e >= -1e-9 * g.norm()));
        seen[match region {
            ConeRegion::Stiction => 0,
            ConeRegion::Sliding => 1,
            ConeRegion::NoContact => 2,
        }] += 1;
    }
    assert!(seen.iter().all(|&k| k > 60), "regions covered: {seen:?}");
}

#[test]
fn boundary_choices_follow_the_paper() {
    let p = ConeParams {
        mu: 0.5,
        r_t: 0.1,
        r_n: 1.0,
    };
    // On the cone's boundary: region I (stiction) formula.
    let y = Vector3::new(0.5, 0.0, 1.0);
    assert_eq!(p.region(&y), ConeRegion::Stiction);
    // On the polar boundary: region II (sliding) formula, gamma = 0.
    let y = Vector3::new(1.0, 0.0, -p.mu_hat());
    assert_eq!(p.region(&y), ConeRegion::Sliding);
    assert!(p.project(&y).0.norm() <= 1e-15);
    assert!(p.gradient(&y, ConeRegion::Sliding).norm() > 0.0);
}
