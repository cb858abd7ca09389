//! URDF XML to plain structs (roxmltree does the XML; this module reads the URDF
//! elements a simulator uses and skips the rest: `<gazebo>`, `<transmission>`,
//! `<material>`, `<safety_controller>`, `<calibration>`, `<contact>`, comments).

use roxmltree::{Document, Node};

use crate::error::UrdfError;
use crate::spatial::{Mat3, Se3, Vec3};

/// A geometry element as written in the file.
#[derive(Clone, Debug, PartialEq)]
pub enum GeometryDesc {
    /// `<box size="x y z"/>`: full side lengths.
    Box {
        /// Side lengths.
        size: [f64; 3],
    },
    /// `<cylinder radius length/>` along the local z axis.
    Cylinder {
        /// Radius.
        radius: f64,
        /// Full length.
        length: f64,
    },
    /// `<sphere radius/>`.
    Sphere {
        /// Radius.
        radius: f64,
    },
    /// A capsule along the local z axis (MJCF only).
    Capsule {
        /// Radius.
        radius: f64,
        /// Full length of the axis segment (without the caps).
        length: f64,
    },
    /// An ellipsoid (MJCF only).
    Ellipsoid {
        /// Semi-axes.
        radii: [f64; 3],
    },
    /// An infinite plane `z = 0` of its frame, normal `+z` (MJCF only; `size` as written,
    /// for drawing).
    Plane {
        /// MJCF half sizes for drawing and grid spacing.
        size: [f64; 3],
    },
    /// `<mesh filename scale/>`.
    Mesh {
        /// The `filename` attribute as written (`package://`, relative or absolute).
        filename: String,
        /// Per-axis scale (default 1 1 1).
        scale: [f64; 3],
    },
}

#[derive(Clone, Debug)]
pub(crate) struct RawGeometry {
    pub origin: Se3,
    pub geometry: GeometryDesc,
}

#[derive(Clone, Debug)]
pub(crate) struct RawInertial {
    pub origin: Se3,
    pub mass: f64,
    /// Inertia tensor about the centre of mass in the `<origin>` frame.
    pub inertia: Mat3,
}

#[derive(Clone, Debug)]
pub(crate) struct RawLink {
    pub name: String,
    pub inertial: Option<RawInertial>,
    pub visuals: Vec<RawGeometry>,
    pub collisions: Vec<RawGeometry>,
}

#[derive(Clone, Debug)]
pub(crate) struct RawLimit {
    pub lower: f64,
    pub upper: f64,
    pub velocity: f64,
    pub effort: f64,
}

#[derive(Clone, Debug)]
pub(crate) struct RawMimic {
    pub joint: String,
    pub multiplier: f64,
    pub offset: f64,
}

#[derive(Clone, Debug)]
pub(crate) struct RawJoint {
    pub name: String,
    pub type_name: String,
    pub parent: String,
    pub child: String,
    pub origin: Se3,
    pub axis: Vec3,
    pub limit: Option<RawLimit>,
    pub damping: f64,
    pub friction: f64,
    pub mimic: Option<RawMimic>,
}

#[derive(Clone, Debug)]
pub(crate) struct RawRobot {
    pub name: String,
    pub links: Vec<RawLink>,
    pub joints: Vec<RawJoint>,
}

/// Parses URDF text.
pub(crate) fn parse(text: &str) -> Result<RawRobot, UrdfError> {
    let doc = Document::parse(text).map_err(|e| UrdfError::Xml(e.to_string()))?;
    let root = doc.root_element();
    if root.tag_name().name() != "robot" {
        return Err(UrdfError::NotARobot(root.tag_name().name().to_string()));
    }
    let name = root.attribute("name").unwrap_or("robot").to_string();
    let mut links = Vec::new();
    let mut joints = Vec::new();
    for node in root.children().filter(|n| n.is_element()) {
        match node.tag_name().name() {
            "link" => links.push(parse_link(node)?),
            "joint" => joints.push(parse_joint(node)?),
            _ => {} // material, gazebo, transmission, ...: not used by a simulator
        }
    }
    Ok(RawRobot { name, links, joints })
}

fn required<'a>(node: Node<'a, '_>, attr: &str, element: &str) -> Result<&'a str, UrdfError> {
    node.attribute(attr).ok_or_else(|| UrdfError::Missing {
        element: element.to_string(),
        what: format!("attribute '{attr}'"),
    })
}

fn child<'a, 'i>(node: Node<'a, 'i>, tag: &str) -> Option<Node<'a, 'i>> {
    node.children()
        .find(|n| n.is_element() && n.tag_name().name() == tag)
}

fn numbers<const N: usize>(text: &str, element: &str, attribute: &str) -> Result<[f64; N], UrdfError> {
    let bad = || UrdfError::BadNumber {
        element: element.to_string(),
        attribute: attribute.to_string(),
        value: text.to_string(),
        expected: if N == 1 {
            "a finite number".to_string()
        } else {
            format!("{N} finite numbers")
        },
    };
    let mut out = [0.0; N];
    let mut it = text.split_whitespace();
    for o in out.iter_mut() {
        let v: f64 = it.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        if !v.is_finite() {
            return Err(bad());
        }
        *o = v;
    }
    if it.next().is_some() {
        return Err(bad());
    }
    Ok(out)
}

fn number(node: Node, attr: &str, element: &str) -> Result<f64, UrdfError> {
    Ok(numbers::<1>(required(node, attr, element)?, element, attr)?[0])
}

fn optional_number(node: Node, attr: &str, element: &str, default: f64) -> Result<f64, UrdfError> {
    match node.attribute(attr) {
        Some(t) => Ok(numbers::<1>(t, element, attr)?[0]),
        None => Ok(default),
    }
}

/// `<origin xyz rpy>` of `node` (identity when absent).
fn origin(node: Node, element: &str) -> Result<Se3, UrdfError> {
    let Some(o) = child(node, "origin") else {
        return Ok(Se3::identity());
    };
    let el = format!("{element} <origin>");
    let xyz = match o.attribute("xyz") {
        Some(t) => numbers::<3>(t, &el, "xyz")?,
        None => [0.0; 3],
    };
    let rpy = match o.attribute("rpy") {
        Some(t) => numbers::<3>(t, &el, "rpy")?,
        None => [0.0; 3],
    };
    Ok(Se3::from_xyz_rpy(xyz, rpy))
}

fn parse_link(node: Node) -> Result<RawLink, UrdfError> {
    let name = required(node, "name", "<link>")?.to_string();
    let element = format!("link '{name}'");
    let inertial = match child(node, "inertial") {
        None => None,
        Some(i) => {
            let el = format!("{element} <inertial>");
            let mass_node = child(i, "mass").ok_or_else(|| UrdfError::Missing {
                element: el.clone(),
                what: "<mass>".to_string(),
            })?;
            let mass = number(mass_node, "value", &format!("{el} <mass>"))?;
            let inertia = match child(i, "inertia") {
                None => Mat3::zeros(),
                Some(t) => {
                    let e = format!("{el} <inertia>");
                    let g = |a: &str| optional_number(t, a, &e, 0.0);
                    let (xx, xy, xz, yy, yz, zz) =
                        (g("ixx")?, g("ixy")?, g("ixz")?, g("iyy")?, g("iyz")?, g("izz")?);
                    Mat3::new(xx, xy, xz, xy, yy, yz, xz, yz, zz)
                }
            };
            Some(RawInertial {
                origin: origin(i, &el)?,
                mass,
                inertia,
            })
        }
    };
    let mut visuals = Vec::new();
    let mut collisions = Vec::new();
    for g in node.children().filter(|n| n.is_element()) {
        let tag = g.tag_name().name();
        if tag == "visual" || tag == "collision" {
            let el = format!("{element} <{tag}>");
            let geom = parse_geometry(g, &el)?;
            let raw = RawGeometry {
                origin: origin(g, &el)?,
                geometry: geom,
            };
            if tag == "visual" {
                visuals.push(raw);
            } else {
                collisions.push(raw);
            }
        }
    }
    Ok(RawLink {
        name,
        inertial,
        visuals,
        collisions,
    })
}

fn parse_geometry(node: Node, element: &str) -> Result<GeometryDesc, UrdfError> {
    let g = child(node, "geometry").ok_or_else(|| UrdfError::Missing {
        element: element.to_string(),
        what: "<geometry>".to_string(),
    })?;
    let shape = g
        .children()
        .find(|n| n.is_element())
        .ok_or_else(|| UrdfError::Missing {
            element: format!("{element} <geometry>"),
            what: "a box, cylinder, sphere or mesh".to_string(),
        })?;
    let el = format!("{element} <{}>", shape.tag_name().name());
    Ok(match shape.tag_name().name() {
        "box" => GeometryDesc::Box {
            size: numbers::<3>(required(shape, "size", &el)?, &el, "size")?,
        },
        "cylinder" => GeometryDesc::Cylinder {
            radius: number(shape, "radius", &el)?,
            length: number(shape, "length", &el)?,
        },
        "sphere" => GeometryDesc::Sphere {
            radius: number(shape, "radius", &el)?,
        },
        "mesh" => GeometryDesc::Mesh {
            filename: required(shape, "filename", &el)?.to_string(),
            scale: match shape.attribute("scale") {
                Some(t) => numbers::<3>(t, &el, "scale")?,
                None => [1.0; 3],
            },
        },
        other => {
            return Err(UrdfError::Missing {
                element: format!("{element} <geometry>"),
                what: format!("a box, cylinder, sphere or mesh (found <{other}>)"),
            })
        }
    })
}

fn parse_joint(node: Node) -> Result<RawJoint, UrdfError> {
    let name = required(node, "name", "<joint>")?.to_string();
    let element = format!("joint '{name}'");
    let type_name = required(node, "type", &element)?.to_string();
    let link_of = |tag: &str| -> Result<String, UrdfError> {
        let n = child(node, tag).ok_or_else(|| UrdfError::Missing {
            element: element.clone(),
            what: format!("<{tag}>"),
        })?;
        Ok(required(n, "link", &format!("{element} <{tag}>"))?.to_string())
    };
    let parent = link_of("parent")?;
    let child_link = link_of("child")?;
    let axis = match child(node, "axis").and_then(|a| a.attribute("xyz")) {
        Some(t) => Vec3::from(numbers::<3>(t, &format!("{element} <axis>"), "xyz")?),
        None => Vec3::x(),
    };
    let limit = match child(node, "limit") {
        None => None,
        Some(l) => {
            let el = format!("{element} <limit>");
            Some(RawLimit {
                lower: optional_number(l, "lower", &el, 0.0)?,
                upper: optional_number(l, "upper", &el, 0.0)?,
                velocity: number(l, "velocity", &el)?,
                effort: number(l, "effort", &el)?,
            })
        }
    };
    let (damping, friction) = match child(node, "dynamics") {
        None => (0.0, 0.0),
        Some(d) => {
            let el = format!("{element} <dynamics>");
            (
                optional_number(d, "damping", &el, 0.0)?,
                optional_number(d, "friction", &el, 0.0)?,
            )
        }
    };
    let mimic = match child(node, "mimic") {
        None => None,
        Some(m) => {
            let el = format!("{element} <mimic>");
            Some(RawMimic {
                joint: required(m, "joint", &el)?.to_string(),
                multiplier: optional_number(m, "multiplier", &el, 1.0)?,
                offset: optional_number(m, "offset", &el, 0.0)?,
            })
        }
    };
    Ok(RawJoint {
        origin: origin(node, &element)?,
        name,
        type_name,
        parent,
        child: child_link,
        axis,
        limit,
        damping,
        friction,
        mimic,
    })
}
