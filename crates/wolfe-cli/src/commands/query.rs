//! `wolfe distance|contact|growth A B`: one query between two shapes, printed as text
//! or JSON, with the library's witness points, normal, status and certificate.

use clap::Args;
use serde_json::{json, Value};
use wolfe::{
    distance, growth_distance, signed_distance, GjkSettings, GrowthSettings, Pose, SignedDistanceSettings,
    Vec3,
};

use super::spec::{parse_pose, parse_shape, ParsedShape};
use super::CommandResult;

/// The query to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `wolfe::distance`: distance, 0 when the shapes overlap.
    Distance,
    /// `wolfe::signed_distance`: negative when overlapping (minus the depth).
    Contact,
    /// `wolfe::growth_distance`: the scale factor at which the shapes touch.
    Growth,
}

impl Query {
    fn name(self) -> &'static str {
        match self {
            Query::Distance => "distance",
            Query::Contact => "contact",
            Query::Growth => "growth",
        }
    }
}

// The arguments of `wolfe distance|contact|growth` (the doc comments are the help).
#[derive(Debug, Args)]
pub struct QueryArgs {
    /// Shape A: sphere:R, box:HX,HY,HZ (half extents), capsule:R,HALF_LENGTH,
    /// cylinder:R,HALF_LENGTH, cone:R,HALF_LENGTH, ellipsoid:A,B,C (axis z for the
    /// round shapes; metres), or a mesh file (.obj, .stl; its convex hull).
    a: String,
    /// Shape B, written as A.
    b: String,
    /// Pose of A: x,y,z or x,y,z,qw,qx,qy,qz (translation, then a unit quaternion,
    /// scalar first) [default: the origin, no rotation].
    #[arg(long, allow_hyphen_values = true, value_name = "POSE")]
    pose_a: Option<String>,
    /// Pose of B, written as --pose-a.
    #[arg(long, allow_hyphen_values = true, value_name = "POSE")]
    pose_b: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// A finite number as JSON; `null` for an infinite one (no certificate computed).
fn number(v: f64) -> Value {
    if v.is_finite() {
        json!(v)
    } else {
        Value::Null
    }
}

fn vector(v: &Vec3) -> Value {
    json!([v.x, v.y, v.z])
}

fn pose_json(p: &Pose) -> Value {
    let q = p.rotation.quaternion();
    json!({
        "translation": vector(&p.translation),
        "quaternion_wxyz": [q.w, q.i, q.j, q.k],
    })
}

fn shape_json(s: &ParsedShape, pose: &Pose) -> Value {
    let mut v = json!({
        "shape": s.spec,
        "kind": s.shape.kind(),
        "pose": pose_json(pose),
    });
    if let Some(n) = s.hull_vertices {
        v["hull_vertices"] = json!(n);
        v["convex"] = json!(s.not_convex.is_none());
    }
    v
}

/// The answer of one query, as (field, value) pairs: the JSON object's and the text's
/// lines, in order.
fn answer(
    query: Query, a: &ParsedShape, pa: &Pose, b: &ParsedShape, pb: &Pose,
) -> Result<Vec<(&'static str, Value)>, wolfe::WolfeError> {
    let (sa, sb) = (&a.shape, &b.shape);
    Ok(match query {
        Query::Distance => {
            let o = distance(sa, pa, sb, pb, &GjkSettings::default())?;
            vec![
                ("distance", json!(o.distance)),
                ("point_a", vector(&o.point_a)),
                ("point_b", vector(&o.point_b)),
                ("normal", vector(&o.normal)),
                ("status", json!(format!("{:?}", o.status))),
                ("lower_bound", number(o.lower_bound)),
                ("upper_bound", number(o.upper_bound)),
                ("duality_gap", number(o.duality_gap)),
                ("iterations", json!(o.iterations)),
                ("support_calls", json!(o.support_calls)),
            ]
        }
        Query::Contact => {
            let o = signed_distance(sa, pa, sb, pb, &SignedDistanceSettings::default())?;
            vec![
                ("signed_distance", json!(o.signed_distance)),
                ("point_a", vector(&o.point_a)),
                ("point_b", vector(&o.point_b)),
                ("normal", vector(&o.normal)),
                ("certified", json!(o.is_certified())),
                ("gjk_status", json!(format!("{:?}", o.gjk_status))),
                (
                    "epa_status",
                    o.epa_status.map_or(Value::Null, |s| json!(format!("{s:?}"))),
                ),
                ("lower_bound", number(o.lower_bound)),
                ("upper_bound", number(o.upper_bound)),
                ("gjk_iterations", json!(o.gjk_iterations)),
                ("epa_iterations", json!(o.epa_iterations)),
                ("support_calls", json!(o.support_calls)),
            ]
        }
        Query::Growth => {
            let o = growth_distance(sa, pa, sb, pb, &GrowthSettings::default())?;
            vec![
                ("growth_distance", json!(o.alpha)),
                ("point_a", vector(&o.point_a)),
                ("point_b", vector(&o.point_b)),
                ("contact_point", vector(&o.contact_point)),
                ("normal", vector(&o.normal)),
                ("status", json!(format!("{:?}", o.status))),
                ("lower_bound", number(o.alpha_lower)),
                ("upper_bound", number(o.alpha_upper)),
                ("relative_gap", number(o.relative_gap())),
                ("iterations", json!(o.iterations)),
            ]
        }
    })
}

/// A JSON object with its fields in the given order, one a line (each value compact).
fn ordered_json(fields: &[(&str, Value)]) -> Result<String, serde_json::Error> {
    let lines = fields
        .iter()
        .map(|(k, v)| {
            Ok(format!(
                "  {}: {}",
                serde_json::to_string(k)?,
                serde_json::to_string(v)?
            ))
        })
        .collect::<Result<Vec<_>, serde_json::Error>>()?;
    Ok(format!("{{\n{}\n}}", lines.join(",\n")))
}

/// One field as text: numbers in full (shortest round-trip) precision, vectors as
/// `[x, y, z]`, `none` for null.
fn text(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::String(s) => s.clone(),
        Value::Array(items) => format!("[{}]", items.iter().map(text).collect::<Vec<_>>().join(", ")),
        v => v.to_string(),
    }
}

/// What each field means, printed after its value in the text output.
fn unit(query: Query, field: &str) -> &'static str {
    match (query, field) {
        (Query::Growth, "lower_bound" | "upper_bound") => "certified bound on the growth distance",
        (_, "lower_bound" | "upper_bound") => "m, certified bound",
        (_, "duality_gap") => "m^2, Frank-Wolfe duality gap (none: not computed)",
        (_, "relative_gap") => "upper / lower - 1",
        (Query::Distance, "normal") => "unit, from A to B; zero when the shapes overlap",
        (Query::Growth, "normal") => "unit, from A to B; zero when the centres coincide",
        (_, "normal") => "unit, from A to B",
        (Query::Growth, "growth_distance") => "scale factor: < 1 overlapping, > 1 apart",
        (Query::Growth, "point_a" | "point_b") => "witness, unscaled",
        (Query::Growth, "contact_point") => "m, common point of the shapes scaled by the growth distance",
        (_, "distance" | "signed_distance" | "point_a" | "point_b") => "m",
        _ => "",
    }
}

/// Runs the query, prints the answer (text or `--json`). A mesh file that is not
/// convex is replaced by its convex hull, with a note on stderr.
pub fn query(query: Query, args: QueryArgs) -> CommandResult {
    let pose = |p: &Option<String>| p.as_deref().map_or(Ok(Pose::identity()), parse_pose);
    let a = parse_shape(&args.a).map_err(|e| format!("shape A: {e}"))?;
    let b = parse_shape(&args.b).map_err(|e| format!("shape B: {e}"))?;
    let pose_a = pose(&args.pose_a).map_err(|e| format!("--pose-a: {e}"))?;
    let pose_b = pose(&args.pose_b).map_err(|e| format!("--pose-b: {e}"))?;
    for (name, s) in [("A", &a), ("B", &b)] {
        if let Some(why) = &s.not_convex {
            eprintln!(
                "note: shape {name} ({}) is not convex: {why}; the query uses its convex hull",
                s.spec
            );
        }
    }
    let fields = answer(query, &a, &pose_a, &b, &pose_b)?;
    if args.json {
        let mut out = vec![
            ("query", json!(query.name())),
            ("a", shape_json(&a, &pose_a)),
            ("b", shape_json(&b, &pose_b)),
        ];
        out.extend(fields);
        println!("{}", ordered_json(&out)?);
    } else {
        for (k, v) in &fields {
            let what = unit(query, k);
            let value = text(v);
            if what.is_empty() {
                println!("{k:<16} {value}");
            } else {
                println!("{k:<16} {value}  ({what})");
            }
        }
    }
    Ok(())
}
