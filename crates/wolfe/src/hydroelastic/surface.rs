//! The contact surface of the pressure field model (Elandt et al. 2019, the SAP paper's
//! ref. \[35\]) between a compliant geometry and a rigid one (a half-space
//! or a triangle mesh) or two compliant ones, as the polygons of its discrete
//! approximation (Masterjohn et al. 2021, ref. \[36\]).
//!
//! **Compliant B against rigid A.** The rigid surface does not deform: the contact
//! surface is the part of A's surface inside B, and the traction on B is `p_B(x) n`
//! with `n` A's outward normal (\[35\], with a rigid side). Within one tetrahedron
//! `t` of B, `p_B` is linear, so the surface is meshed by clipping each rigid triangle
//! (or the plane of a half-space) to each tetrahedron it crosses: one convex polygon
//! per (triangle, tetrahedron) pair.
//!
//! **Two compliant geometries.** The surface is where the pressures agree, `p_A = p_B`
//! (\[35\]). On a tetrahedron pair both fields are linear, so the surface is the
//! plane `(g_B - g_A) . x = c_A - c_B` sliced by tetrahedron `t_A` and clipped to `t_B`,
//! with normal `n = (g_B - g_A) / |g_B - g_A|` from A into B.
//!
//! **Per polygon** `f` (area `A_f`, centroid `x_f`, normal `n`): the pressure `p_f` at
//! the centroid and the pressure's growth per metre the two geometries approach along
//! `n`, `g_f`: `g_B = grad p_B . n` for B (deeper into B is `+n`),
//! `g_A = -grad p_A . n` for A, and for two compliant sides the series combination
//! `g = g_A g_B / (g_A + g_B)` (moving both surfaces by `delta` total splits it so
//! that the pressures stay equal). The discrete approximation of \[36\] makes each polygon one compliant point contact at `x_f`: force
//! `A_f p_f` along `n`, stiffness `k = A_f g_f` and signed distance `phi = -p_f / g_f`
//! (the approach at which the linearized pressure would vanish), so `-k phi = A_f p_f`.
//! Which polygons belong to the surface: a half-space's plane, all of it inside B (the
//! exact pressure integral; where B's pressure grows parallel to the plane, as in the
//! cells of a box's side faces, `g_f` is 0 and such a polygon carries force but no
//! stiffness: [`ContactPolygon::signed_distance`] is `None` for it); a rigid mesh's
//! triangles that face B's pressure growth (`g_f > 0`: a triangle facing away, the
//! back of a thin rigid part inside B, is not in contact), as Drake's soft-rigid
//! surfaces keep only such faces; two compliant sides where both pressures grow into
//! their bodies (`g_A > 0`, `g_B > 0`).
//!
//! Nothing here allocates once the output has grown.

use std::ops::ControlFlow;

use super::field::{CompliantGeometry, TetTree};
use super::polygon::Polygon;
use crate::collide::halfspace::HalfSpace;
use crate::composite::{traverse, BoxTree, BvhNode, Stack, TriMesh};
use crate::math::{Aabb, Pose, Vec3};

/// Polygons whose area is below this share of the square of the tetrahedron's
/// longest box side carry no force worth a contact (slivers of a plane through a
/// vertex or along a face).
const MIN_RELATIVE_AREA: f64 = 1e-12;

/// One polygon of a contact surface, world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactPolygon {
    /// Area, m^2.
    pub area: f64,
    /// Centroid, world frame, m (the pressure there times the area is the polygon's
    /// force: the pressure is linear on it).
    pub centroid: Vec3,
    /// Centre of pressure `int x p dA / int p dA`, world frame, m: where the polygon's
    /// force acts with the polygon's exact moment (the centroid if no pressure).
    pub center_of_pressure: Vec3,
    /// Unit normal from the first geometry into the second.
    pub normal: Vec3,
    /// Pressure at the centroid, Pa.
    pub pressure: f64,
    /// Growth of the pressure per metre of approach along the normal, Pa/m (`> 0`,
    /// except on a half-space's plane where B's pressure grows parallel to it: `<= 0`).
    pub pressure_gradient: f64,
    /// The cosine of the angle between the normal and the pressure gradient (of the
    /// less aligned side for two compliant geometries): `g / |grad p|`, in `[-1, 1]`.
    /// Near 0 the pressure grows almost along the surface, and the polygon as a point
    /// contact has a tiny stiffness at a far signed distance.
    pub alignment: f64,
    /// The elements that made it: (rigid triangle or A's tetrahedron, B's tetrahedron);
    /// a half-space's side is 0.
    pub elements: (u32, u32),
    /// Its vertices' range `start..end` in [`ContactSurface::vertices`] (cyclic order,
    /// counter-clockwise about the normal or clockwise: drawing needs no orientation).
    pub vertex_range: (u32, u32),
}

impl ContactPolygon {
    /// The stiffness of the polygon as a point contact, `k = A g` (N/m), \[36\].
    #[inline]
    pub fn stiffness(&self) -> f64 {
        self.area * self.pressure_gradient
    }

    /// The signed distance of the polygon as a point contact, `phi = -p / g` (m,
    /// negative: penetration), \[36\]; `None` when the pressure does not grow with
    /// the approach (`g <= 0`: no point contact represents the polygon).
    #[inline]
    pub fn signed_distance(&self) -> Option<f64> {
        (self.pressure_gradient > 0.0).then(|| -self.pressure / self.pressure_gradient)
    }

    /// The normal force of the polygon, `A p` (N).
    #[inline]
    pub fn force(&self) -> f64 {
        self.area * self.pressure
    }
}

/// A contact surface: its polygons (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct ContactSurface {
    /// The polygons, world frame.
    pub polygons: Vec<ContactPolygon>,
    /// The polygons' vertices, world frame, m (each polygon's in its
    /// [`ContactPolygon::vertex_range`]).
    pub vertices: Vec<Vec3>,
}

impl ContactSurface {
    /// The vertices of polygon `f` (world frame, cyclic order).
    pub fn polygon_vertices(&self, f: &ContactPolygon) -> &[Vec3] {
        &self.vertices[f.vertex_range.0 as usize..f.vertex_range.1 as usize]
    }

    /// Empties the surface, keeping its buffers.
    pub fn clear(&mut self) {
        self.polygons.clear();
        self.vertices.clear();
    }

    /// The net force on the second geometry, `sum_f A_f p_f n` (N, world frame).
    pub fn force(&self) -> Vec3 {
        self.polygons.iter().map(|f| f.normal * f.force()).sum()
    }

    /// The net moment of the tractions on the second geometry about `point` (N m, world
    /// frame): `sum_f (c_f - point) x (A_f p_f n)` with `c_f` the centres of pressure,
    /// the exact integral of the piecewise-linear field.
    pub fn moment_about(&self, point: &Vec3) -> Vec3 {
        self.polygons
            .iter()
            .map(|f| (f.center_of_pressure - point).cross(&(f.normal * f.force())))
            .sum()
    }

    /// The total area, m^2.
    pub fn area(&self) -> f64 {
        self.polygons.iter().map(|f| f.area).sum()
    }
}

/// The contact surface of a half-space (A, rigid) and a compliant geometry (B at
/// `pose`), written to `out` (cleared first): the plane sliced by every tetrahedron it
/// crosses, normal the half-space's outward normal.
pub fn halfspace_surface(
    plane: &HalfSpace, compliant: &CompliantGeometry, pose: &Pose, out: &mut ContactSurface,
) {
    out.clear();
    // The plane in B's frame: n_l . x = o_l.
    let n = pose.inverse_transform_vector(&plane.normal());
    let o = plane.offset() - plane.normal().dot(&pose.translation);
    let nodes = compliant.bvh().nodes();
    let mut stack: Stack<u32> = Stack::new();
    stack.push(0);
    while let Some(i) = stack.pop() {
        let node = &nodes[i as usize];
        if !crosses(&node.aabb, &n, o) {
            continue;
        }
        if !node.is_leaf() {
            stack.push(node.first);
            stack.push(node.first + 1);
            continue;
        }
        for &t in compliant.bvh().items(node) {
            let tet = compliant.mesh().tetrahedron(t as usize);
            let polygon = Polygon::slice(&tet, &n, o);
            let g = compliant.field(t as usize).gradient.dot(&n);
            push_on(out, &polygon, (&n, g), (compliant, t, pose), (0, t));
        }
    }
}

/// The contact surface of a rigid triangle mesh (A at `rigid_pose`; triangles
/// counter-clockwise seen from outside) and a compliant geometry (B at `pose`), written
/// to `out` (cleared first): each triangle clipped to each tetrahedron it crosses,
/// normal the triangle's outward normal.
pub fn rigid_surface(
    rigid: &TriMesh, rigid_pose: &Pose, compliant: &CompliantGeometry, pose: &Pose, out: &mut ContactSurface,
) {
    out.clear();
    let a = TetTree {
        geometry: compliant,
        pose,
    };
    let b = TriTree {
        mesh: rigid,
        pose: rigid_pose,
    };
    let to_b = pose.relative(rigid_pose);
    // The walk hands the pairs of one rigid leaf's triangles consecutively: the last
    // triangle mapped into B's frame (with its unit normal) is kept.
    let mut mapped: Option<(u32, [Vec3; 3], Vec3)> = None;
    traverse(&a, &b, 0.0, |t, j| {
        let (tri, n) = match mapped {
            Some((k, tri, n)) if k == j => (tri, n),
            _ => {
                let tri = rigid.triangle(j).vertices.map(|v| to_b.transform_point(&v));
                let n = (tri[1] - tri[0]).cross(&(tri[2] - tri[0])).normalize();
                mapped = Some((j, tri, n));
                (tri, n)
            }
        };
        let g = compliant.field(t as usize).gradient.dot(&n);
        if g > 0.0 && plane_crosses(&compliant.mesh().tetrahedron(t as usize), &n, n.dot(&tri[0])) {
            let mut polygon = Polygon::triangle(tri);
            polygon.clip_to_planes(compliant.tetrahedron_planes(t));
            if !polygon.is_empty() {
                push_on(out, &polygon, (&n, g), (compliant, t, pose), (j, t));
            }
        }
        ControlFlow::Continue(0.0)
    });
}

/// Whether the plane `n . x = o` meets tetrahedron `tet` (vertices on both sides, or on
/// it).
#[inline]
fn plane_crosses(tet: &[Vec3; 4], n: &Vec3, o: f64) -> bool {
    let (mut below, mut above) = (false, false);
    for v in tet {
        let s = n.dot(v) - o;
        below |= s <= 0.0;
        above |= s >= 0.0;
    }
    below && above
}

/// The contact surface of two compliant geometries (A at `pose_a`, B at `pose_b`),
/// written to `out` (cleared first): the equal-pressure surface, normal from A into B.
pub fn compliant_surface(
    a: &CompliantGeometry, pose_a: &Pose, b: &CompliantGeometry, pose_b: &Pose, out: &mut ContactSurface,
) {
    out.clear();
    let (ta, tb) = (
        TetTree {
            geometry: a,
            pose: pose_a,
        },
        TetTree {
            geometry: b,
            pose: pose_b,
        },
    );
    let b_in_a = pose_a.relative(pose_b);
    traverse(&ta, &tb, 0.0, |i, j| {
        let (fa, fb) = (a.field(i as usize), b.field(j as usize));
        // B's field in A's frame: p_B(x) = (R g_B) . x + (c_B - (R g_B) . t).
        let gb = b_in_a.transform_vector(&fb.gradient);
        let cb = fb.offset - gb.dot(&b_in_a.translation);
        let d = gb - fa.gradient;
        let len = d.norm();
        if len.is_nan() || len <= 0.0 {
            return ControlFlow::Continue(0.0);
        }
        let n = d / len;
        let (g_a, g_b) = (-fa.gradient.dot(&n), gb.dot(&n));
        if g_a > 0.0 && g_b > 0.0 {
            let mut polygon = Polygon::slice(&a.mesh().tetrahedron(i as usize), &n, (fa.offset - cb) / len);
            // B's face planes in A's frame: n . x_B <= o becomes (R n) . x_A <= o + (R n) . t.
            let planes = b.tetrahedron_planes(j).map(|(nb, ob)| {
                let m = b_in_a.transform_vector(&nb);
                (m, ob + m.dot(&b_in_a.translation))
            });
            polygon.clip_to_planes(&planes);
            let g = g_a * g_b / (g_a + g_b);
            let aligned = alignment(g_a, &fa.gradient).min(alignment(g_b, &gb));
            push(
                out,
                &polygon,
                (&n, g, aligned),
                fa,
                (pose_a, &a.tetrahedron_aabb(i)),
                (i, j),
            );
        }
        ControlFlow::Continue(0.0)
    });
}

/// [`push`] for a polygon inside tetrahedron `t` of `compliant` (at `pose`): its field,
/// alignment and box.
fn push_on(
    out: &mut ContactSurface, polygon: &Polygon, (n, g): (&Vec3, f64),
    (compliant, t, pose): (&CompliantGeometry, u32, &Pose), elements: (u32, u32),
) {
    let field = compliant.field(t as usize);
    let aligned = alignment(g, &field.gradient);
    push(
        out,
        polygon,
        (n, g, aligned),
        field,
        (pose, &compliant.tetrahedron_aabb(t)),
        elements,
    );
}

/// Appends `polygon` (in the frame of `pose`, normal `n` there, pressure from `field`,
/// approach gradient `g`) to `out` in world frame, unless it has no area (the callers
/// decide which signs of `g` belong to the surface).
fn push(
    out: &mut ContactSurface, polygon: &Polygon, (n, g, alignment): (&Vec3, f64, f64),
    field: &super::field::LinearField, (pose, tet_box): (&Pose, &Aabb), elements: (u32, u32),
) {
    let (area, centroid, pressure_centre) = polygon.moments(n, |x| field.at(x));
    let size = (tet_box.max - tet_box.min).amax();
    if !g.is_finite() || area.is_nan() || area <= MIN_RELATIVE_AREA * size * size {
        return;
    }
    let pressure = field.at(&centroid).max(0.0);
    let start = out.vertices.len() as u32;
    out.vertices
        .extend(polygon.points().iter().map(|v| pose.transform_point(v)));
    out.polygons.push(ContactPolygon {
        area,
        centroid: pose.transform_point(&centroid),
        center_of_pressure: pose.transform_point(&pressure_centre),
        normal: pose.transform_vector(n),
        pressure,
        pressure_gradient: g,
        alignment,
        elements,
        vertex_range: (start, out.vertices.len() as u32),
    });
}

/// `g / |grad|` (0 for a zero gradient).
#[inline]
fn alignment(g: f64, gradient: &Vec3) -> f64 {
    let norm = gradient.norm();
    if norm > 0.0 {
        (g / norm).clamp(-1.0, 1.0)
    } else {
        0.0
    }
}

/// Whether the plane `n . x = o` crosses box `b`.
#[inline]
fn crosses(b: &Aabb, n: &Vec3, o: f64) -> bool {
    let (c, h) = (b.center(), b.half_extents());
    let r = n.abs().dot(&h);
    let s = n.dot(&c) - o;
    s.abs() <= r
}

/// A posed triangle mesh as a tree of triangle boxes (for the two-tree walk).
struct TriTree<'m> {
    mesh: &'m TriMesh,
    pose: &'m Pose,
}

impl BoxTree for TriTree<'_> {
    #[inline]
    fn pose(&self) -> &Pose {
        self.pose
    }

    #[inline]
    fn node(&self, i: u32) -> &BvhNode {
        &self.mesh.bvh().nodes()[i as usize]
    }

    #[inline]
    fn items(&self, node: &BvhNode) -> &[u32] {
        self.mesh.bvh().items(node)
    }

    #[inline]
    fn item_aabb(&self, i: u32) -> Aabb {
        self.mesh.triangle(i).aabb()
    }
}
