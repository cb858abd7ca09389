//! The camera the page opens with, framing every body over the whole run and the static
//! geometry, and where it puts a world point on the screen (three.js's perspective
//! camera: `lookAt` with z up, vertical field of view).

use serde::Serialize;

use crate::recording::{rotate, Recording, SceneObject, ShapeKind};

/// Vertical field of view of the page's camera, degrees.
pub const FOV_Y_DEGREES: f64 = 40.0;

/// The share of the half-height (and half-width) the framed box may fill.
const FILL: f64 = 0.85;

/// The width / height ratio the framing assumes (a landscape window).
const ASPECT: f64 = 1.3;

/// Direction from the framed centre to the camera: a three-quarter view from the
/// front (-y) right (+x), above.
const VIEW_DIRECTION: [f64; 3] = [0.55, -1.0, 0.65];

/// A perspective camera looking at `target` with `up` (z) up.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Camera {
    /// Eye position, world frame, metres.
    pub position: [f64; 3],
    /// The point looked at (the orbit centre).
    pub target: [f64; 3],
    /// The up direction (world z).
    pub up: [f64; 3],
    /// Vertical field of view, degrees.
    pub fov_y_degrees: f64,
    /// Near clipping distance, metres.
    pub near: f64,
    /// Far clipping distance, metres.
    pub far: f64,
    /// Half the diagonal of the framed box, metres (the scene's size, for the ground
    /// grid, contact markers and force arrows).
    pub scene_radius: f64,
}

fn sub(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn normalize(a: [f64; 3]) -> [f64; 3] {
    let n = dot(&a, &a).sqrt();
    a.map(|x| x / n)
}

/// The radius of a ball about the shape frame's origin that holds the shape (0 for a
/// half-space, which is unbounded and framed separately).
pub fn shape_radius(o: &SceneObject) -> f64 {
    let p = o.params;
    let mesh_radius = |m: &Option<crate::recording::TriMesh>| {
        m.as_ref().map_or(0.0, |m| {
            m.vertices.iter().fold(0.0f64, |r, v| r.max(dot(v, v).sqrt()))
        })
    };
    match o.kind {
        ShapeKind::Sphere => p[0],
        ShapeKind::Ellipsoid => p[0].max(p[1]).max(p[2]),
        ShapeKind::Box => dot(&p, &p).sqrt(),
        ShapeKind::Capsule => p[0] + p[1],
        ShapeKind::Cylinder | ShapeKind::Cone => p[0].hypot(p[1]),
        ShapeKind::Mesh => mesh_radius(&o.mesh),
        ShapeKind::Inflated => mesh_radius(&o.mesh).max(p[0]),
        ShapeKind::HalfSpace => 0.0,
    }
}

/// The centre and half-extents of a box around static geometry `o` in the world (its
/// shape's local box, rotated by its pose).
fn world_box(o: &SceneObject) -> ([f64; 3], [f64; 3]) {
    let p = o.params;
    let (center, half) = match o.kind {
        ShapeKind::Sphere => ([0.0; 3], [p[0]; 3]),
        ShapeKind::Ellipsoid | ShapeKind::Box => ([0.0; 3], p),
        ShapeKind::Capsule => ([0.0; 3], [p[0], p[0], p[0] + p[1]]),
        ShapeKind::Cylinder | ShapeKind::Cone => ([0.0; 3], [p[0], p[0], p[1]]),
        ShapeKind::Mesh | ShapeKind::Inflated | ShapeKind::HalfSpace => match &o.mesh {
            Some(m) if !m.vertices.is_empty() => {
                let mut lo = [f64::INFINITY; 3];
                let mut hi = [f64::NEG_INFINITY; 3];
                for v in &m.vertices {
                    for k in 0..3 {
                        lo[k] = lo[k].min(v[k]);
                        hi[k] = hi[k].max(v[k]);
                    }
                }
                (
                    [0, 1, 2].map(|k| 0.5 * (lo[k] + hi[k])),
                    [0, 1, 2].map(|k| 0.5 * (hi[k] - lo[k])),
                )
            }
            _ => ([0.0; 3], [shape_radius(o); 3]),
        },
    };
    let q = [o.pose[3], o.pose[4], o.pose[5], o.pose[6]];
    let c = compose_point(&o.pose, &center);
    // |R| h: the half-extents of the rotated box's axis-aligned box.
    let axes = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]].map(|e| rotate(&q, &e));
    let world = [0, 1, 2].map(|k| (0..3).map(|j| axes[j][k].abs() * half[j]).sum());
    (c, world)
}

impl Camera {
    /// The camera framing `rec`: the box around every body over all frames (each a
    /// ball of its shape's radius) and the bounded static geometry, seen from a fixed
    /// three-quarter direction at the nearest distance where the box's corners fill at
    /// most 85% of the view (of a window 1.3 times wider than high).
    pub fn framing(rec: &Recording) -> Camera {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for (i, o) in rec.objects.iter().enumerate() {
            if o.is_static {
                if o.kind != ShapeKind::HalfSpace {
                    let (c, h) = world_box(o);
                    for k in 0..3 {
                        lo[k] = lo[k].min(c[k] - h[k]);
                        hi[k] = hi[k].max(c[k] + h[k]);
                    }
                }
                continue;
            }
            let r = shape_radius(o);
            let visual = o.visual.as_ref().map_or(0.0, |m| {
                m.vertices.iter().fold(0.0f64, |r, v| r.max(dot(v, v).sqrt()))
            });
            for f in 0..rec.frames.len() {
                let c = rec.shape_origin(f, i);
                for k in 0..3 {
                    lo[k] = lo[k].min(c[k] - r);
                    hi[k] = hi[k].max(c[k] + r);
                }
                if visual > 0.0 {
                    let p = &rec.frames[f].poses[i];
                    for k in 0..3 {
                        lo[k] = lo[k].min(p[k] - visual);
                        hi[k] = hi[k].max(p[k] + visual);
                    }
                }
            }
        }
        if lo[0] > hi[0] {
            // Only half-spaces: frame a metre around the origin.
            lo = [-1.0; 3];
            hi = [1.0; 3];
        }
        let target = [
            0.5 * (lo[0] + hi[0]),
            0.5 * (lo[1] + hi[1]),
            0.5 * (lo[2] + hi[2]),
        ];
        let d = normalize(VIEW_DIRECTION);
        let up = [0.0, 0.0, 1.0];
        let right = normalize(cross(&d, &up)).map(|x| -x);
        let screen_up = cross(&right, &d).map(|x| -x);
        // The nearest distance at which every corner of the box lies within FILL of the
        // half-height (and of the half-width at aspect ASPECT): a corner at depth offset
        // `z` towards the camera and screen offsets `x, y` needs
        // `D >= z + max(|y| / (FILL tan), |x| / (FILL tan ASPECT))`.
        let t = FILL * (0.5 * FOV_Y_DEGREES.to_radians()).tan();
        let mut distance = 0.0f64;
        for corner in 0..8 {
            let c = [0, 1, 2].map(|k| if corner >> k & 1 == 1 { hi[k] } else { lo[k] });
            let v = sub(&c, &target);
            let need =
                dot(&v, &d) + (dot(&v, &screen_up).abs() / t).max(dot(&v, &right).abs() / (t * ASPECT));
            distance = distance.max(need);
        }
        let distance = distance.max(0.1);
        let scene_radius = 0.5 * dot(&sub(&hi, &lo), &sub(&hi, &lo)).sqrt();
        Camera {
            position: [
                target[0] + distance * d[0],
                target[1] + distance * d[1],
                target[2] + distance * d[2],
            ],
            target,
            up: [0.0, 0.0, 1.0],
            fov_y_degrees: FOV_Y_DEGREES,
            near: distance / 100.0,
            far: distance * 100.0,
            scene_radius,
        }
    }

    /// The distance from the eye to the target.
    pub fn distance(&self) -> f64 {
        let d = sub(&self.target, &self.position);
        dot(&d, &d).sqrt()
    }

    /// Where the world point `p` appears in a `width x height` pixel viewport (origin at
    /// the top-left corner, y down), or `None` behind the camera.
    pub fn project(&self, p: &[f64; 3], width: f64, height: f64) -> Option<[f64; 2]> {
        let f = normalize(sub(&self.target, &self.position));
        let r = normalize(cross(&f, &self.up));
        let u = cross(&r, &f);
        let v = sub(p, &self.position);
        let depth = dot(&f, &v);
        if depth <= self.near {
            return None;
        }
        let t = (0.5 * self.fov_y_degrees.to_radians()).tan();
        let ndc_x = dot(&r, &v) / (depth * t * width / height);
        let ndc_y = dot(&u, &v) / (depth * t);
        Some([0.5 * (ndc_x + 1.0) * width, 0.5 * (1.0 - ndc_y) * height])
    }
}

/// The world position of a shape frame origin for the body pose `body` and the shape
/// pose `local` in it.
pub fn compose_point(body: &[f64; 7], local: &[f64; 3]) -> [f64; 3] {
    let r = rotate(&[body[3], body[4], body[5], body[6]], local);
    [body[0] + r[0], body[1] + r[1], body[2] + r[2]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_projects_to_the_viewport_centre_and_up_goes_up() {
        let cam = Camera {
            position: [3.0, -4.0, 2.0],
            target: [0.5, 0.2, 0.1],
            up: [0.0, 0.0, 1.0],
            fov_y_degrees: 40.0,
            near: 0.01,
            far: 100.0,
            scene_radius: 1.0,
        };
        let c = cam.project(&cam.target, 800.0, 600.0).unwrap();
        assert!((c[0] - 400.0).abs() < 1e-9 && (c[1] - 300.0).abs() < 1e-9);
        let above = cam.project(&[0.5, 0.2, 0.6], 800.0, 600.0).unwrap();
        assert!(above[1] < 300.0);
        // A point at the top edge of the field of view, on the view plane through the
        // target, lands on the top row.
        let f = normalize(sub(&cam.target, &cam.position));
        let r = normalize(cross(&f, &cam.up));
        let u = cross(&r, &f);
        let h = cam.distance() * (20f64).to_radians().tan();
        let top = [
            cam.target[0] + h * u[0],
            cam.target[1] + h * u[1],
            cam.target[2] + h * u[2],
        ];
        let t = cam.project(&top, 800.0, 600.0).unwrap();
        assert!(t[1].abs() < 1e-9 && (t[0] - 400.0).abs() < 1e-9);
        assert!(cam.project(&[6.0, -8.0, 4.0], 800.0, 600.0).is_none());
    }
}
