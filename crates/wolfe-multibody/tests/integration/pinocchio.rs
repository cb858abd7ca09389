//! M(q), inverse dynamics and gravity torques against pinocchio's (reference data made by
//! tests/reference/make_reference.py with pinocchio's own URDF parser): Panda (9 dof,
//! mimic finger independent), iiwa (7 dof, massless root), a generated branched
//! quadruped (15 dof: non-aligned axes, a continuous and a prismatic joint, a massless
//! intermediate link, file order != depth-first order) with a fixed and with a floating
//! base (21 dof).
//!
//! Agreement is measured relative to the largest entry of each quantity:
//! `max |ours - pinocchio| <= 1e-10 max |pinocchio|`.

use serde::Deserialize;
use wolfe_multibody::{inspect, load_urdf, Data, InspectState, UrdfOptions};

use super::reference::{reference, rel_err, repo};

#[derive(Deserialize)]
struct Reference {
    urdf: String,
    joint_names: Vec<String>,
    states: Vec<State>,
    results: Vec<Expected>,
}

#[derive(Deserialize)]
struct State {
    /// q, v and a, as `inspect` takes them.
    #[serde(flatten)]
    at: InspectState,
    #[serde(default)]
    root_q: Vec<f64>,
    #[serde(default)]
    root_v: Vec<f64>,
    #[serde(default)]
    root_a: Vec<f64>,
}

#[derive(Deserialize)]
struct Expected {
    #[serde(rename = "M")]
    m: Vec<Vec<f64>>,
    tau: Vec<f64>,
    g: Vec<f64>,
}

const TOL: f64 = 1e-10;

fn check_fixed(name: &str) {
    let r: Reference = reference(name);
    let robot = load_urdf(
        &repo().join(&r.urdf),
        UrdfOptions {
            load_collision: false,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(robot.joint_names(), r.joint_names, "{name}: joint order");
    let states: Vec<InspectState> = r.states.iter().map(|s| s.at.clone()).collect();
    let out = inspect(&robot, &states).unwrap();
    assert_eq!(out.states.len(), r.results.len());
    let mut worst = [0.0f64; 3];
    for (ours, exp) in out.states.iter().zip(&r.results) {
        let m_ours: Vec<f64> = ours.mass_matrix.iter().flatten().copied().collect();
        let m_exp: Vec<f64> = exp.m.iter().flatten().copied().collect();
        worst[0] = worst[0].max(rel_err(&m_ours, &m_exp));
        worst[1] = worst[1].max(rel_err(&ours.tau, &exp.tau));
        worst[2] = worst[2].max(rel_err(&ours.g, &exp.g));
    }
    println!(
        "{name}: worst relative error M {:.1e} tau {:.1e} g {:.1e}",
        worst[0], worst[1], worst[2]
    );
    assert!(worst.iter().all(|e| *e <= TOL), "{name}: {worst:?}");
}

#[test]
fn panda_matches_pinocchio() {
    check_fixed("panda");
}

#[test]
fn iiwa_matches_pinocchio() {
    check_fixed("iiwa");
}

#[test]
fn quadruped_matches_pinocchio() {
    check_fixed("quadruped");
}

#[test]
fn floating_quadruped_matches_pinocchio() {
    let r: Reference = reference("quadruped_floating");
    let opts = UrdfOptions {
        floating_base: true,
        load_collision: false,
    };
    let robot = load_urdf(&repo().join(&r.urdf), opts).unwrap();
    let model = &robot.model;
    assert_eq!(model.nv(), 21);
    // reference order: root (7 q, 6 v) then the movable joints in file order
    let mut slices = vec![(0usize, 7usize, 0usize, 6usize)];
    slices.extend(robot.file_order_slices());
    let vorder: Vec<usize> = slices.iter().flat_map(|s| s.2..s.2 + s.3).collect();
    let mut data = Data::new(model);
    let mut worst = [0.0f64; 3];
    for (s, exp) in r.states.iter().zip(&r.results) {
        let qf: Vec<f64> = s.root_q.iter().chain(&s.at.q).copied().collect();
        let vf: Vec<f64> = s.root_v.iter().chain(&s.at.v).copied().collect();
        let af: Vec<f64> = s.root_a.iter().chain(&s.at.a).copied().collect();
        let (mut q, mut v, mut a) = (vec![0.0; model.nq()], vec![0.0; 21], vec![0.0; 21]);
        let (mut iq, mut iv) = (0, 0);
        for &(q0, nq, v0, nv) in &slices {
            q[q0..q0 + nq].copy_from_slice(&qf[iq..iq + nq]);
            v[v0..v0 + nv].copy_from_slice(&vf[iv..iv + nv]);
            a[v0..v0 + nv].copy_from_slice(&af[iv..iv + nv]);
            iq += nq;
            iv += nv;
        }
        let m = model.mass_matrix(&mut data, &q).unwrap().clone();
        let m_ours: Vec<f64> = vorder
            .iter()
            .flat_map(|&r| vorder.iter().map(move |&c| (r, c)))
            .map(|rc| m[rc])
            .collect();
        let m_exp: Vec<f64> = exp.m.iter().flatten().copied().collect();
        worst[0] = worst[0].max(rel_err(&m_ours, &m_exp));
        let tau = model.inverse_dynamics(&mut data, &q, &v, &a).unwrap().clone();
        worst[1] = worst[1].max(rel_err(
            &vorder.iter().map(|&k| tau[k]).collect::<Vec<_>>(),
            &exp.tau,
        ));
        let g = model.gravity_torques(&mut data, &q).unwrap().clone();
        worst[2] = worst[2].max(rel_err(&vorder.iter().map(|&k| g[k]).collect::<Vec<_>>(), &exp.g));
    }
    println!(
        "floating quadruped: worst relative error M {:.1e} tau {:.1e} g {:.1e}",
        worst[0], worst[1], worst[2]
    );
    assert!(worst.iter().all(|e| *e <= TOL), "{worst:?}");
}
