//! `<default>` classes and `<compiler>` settings, and the attribute lookup that applies
//! them: an element's own attribute, else its class's (the class chain merged, nested
//! classes overriding their parents), as MuJoCo resolves defaults.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::xml::{bad, boolean, El};
use crate::error::MjcfError;

/// The actuator shortcuts; their defaults share one bag for the attributes common to
/// all actuators (MuJoCo keeps one actuator default per class).
pub(crate) const ACTUATOR_TAGS: [&str; 9] = [
    "general",
    "motor",
    "position",
    "velocity",
    "intvelocity",
    "damper",
    "cylinder",
    "muscle",
    "adhesion",
];

/// The attributes every actuator shortcut shares.
const ACTUATOR_COMMON: [&str; 9] = [
    "ctrlrange",
    "ctrllimited",
    "forcerange",
    "forcelimited",
    "gear",
    "actuatorgroup",
    "group",
    "actrange",
    "actlimited",
];

type Bag = Vec<(String, String)>;

/// Merged defaults: class -> tag -> attributes.
#[derive(Default, Debug)]
pub(crate) struct Defaults {
    classes: HashMap<String, HashMap<String, Bag>>,
}

impl Defaults {
    /// Reads every top-level `<default>` (class "main") and its nested classes.
    pub fn new(root: &El) -> Result<Self, MjcfError> {
        let mut d = Defaults::default();
        for el in root.children_named("default") {
            let class = el.attr("class").unwrap_or("main").to_string();
            let base = d.classes.get(&class).cloned().unwrap_or_default();
            d.walk(el, class, base)?;
        }
        Ok(d)
    }

    fn walk(&mut self, el: &El, class: String, mut bags: HashMap<String, Bag>) -> Result<(), MjcfError> {
        for c in el.children.iter().filter(|c| c.tag != "default") {
            let mut keys = vec![c.tag.clone()];
            if ACTUATOR_TAGS.contains(&c.tag.as_str()) {
                keys.push("actuator".to_string());
            }
            for key in keys {
                let bag = bags.entry(key.clone()).or_default();
                for (k, v) in &c.attrs {
                    if key == "actuator" && !ACTUATOR_COMMON.contains(&k.as_str()) {
                        continue;
                    }
                    match bag.iter_mut().find(|(bk, _)| bk == k) {
                        Some(slot) => slot.1 = v.clone(),
                        None => bag.push((k.clone(), v.clone())),
                    }
                }
            }
        }
        for c in el.children_named("default") {
            let name = c.attr("class").ok_or_else(|| MjcfError::Missing {
                element: c.loc(),
                attribute: "class".into(),
            })?;
            if self.classes.contains_key(name) || name == class {
                return Err(MjcfError::Duplicate {
                    element: c.loc(),
                    kind: "default class",
                    name: name.to_string(),
                });
            }
            self.walk(c, name.to_string(), bags.clone())?;
        }
        self.classes.insert(class, bags);
        Ok(())
    }

    /// The attribute view of `el` in the class it names, else `inherited` (the nearest
    /// `childclass`), else "main".
    pub fn attrs<'a>(&'a self, el: &'a El, inherited: Option<&'a str>) -> Result<Attrs<'a>, MjcfError> {
        let class = match el.attr("class") {
            Some(c) => {
                if !self.classes.contains_key(c) {
                    return Err(MjcfError::UnknownName {
                        element: el.loc(),
                        kind: "default class",
                        name: c.to_string(),
                    });
                }
                Some(c)
            }
            None => inherited,
        };
        let bags = self.classes.get(class.unwrap_or("main"));
        let own = bags.and_then(|b| b.get(&el.tag));
        let common = if ACTUATOR_TAGS.contains(&el.tag.as_str()) {
            bags.and_then(|b| b.get("actuator"))
        } else {
            None
        };
        Ok(Attrs { el, own, common })
    }

    /// Whether a class of that name exists.
    pub fn has_class(&self, name: &str) -> bool {
        self.classes.contains_key(name)
    }
}

/// An element's attributes with its defaults behind them.
#[derive(Clone, Copy)]
pub(crate) struct Attrs<'a> {
    pub el: &'a El,
    own: Option<&'a Bag>,
    common: Option<&'a Bag>,
}

impl<'a> Attrs<'a> {
    /// The attribute: the element's, else its class's.
    pub fn get(&self, name: &str) -> Option<&'a str> {
        let find = |b: Option<&'a Bag>| {
            b.and_then(|b| b.iter().find(|(k, _)| k == name))
                .map(|(_, v)| v.as_str())
        };
        self.el
            .attr(name)
            .or_else(|| find(self.own))
            .or_else(|| find(self.common))
    }

    /// A number (default when absent).
    pub fn f64_or(&self, name: &str, default: f64) -> Result<f64, MjcfError> {
        match self.get(name) {
            None => Ok(default),
            Some(t) => match t.trim().parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(x),
                _ => Err(bad(self.el, name, t, "a finite number")),
            },
        }
    }

    /// An integer (default when absent).
    pub fn int_or(&self, name: &str, default: i64) -> Result<i64, MjcfError> {
        match self.get(name) {
            None => Ok(default),
            Some(t) => t
                .trim()
                .parse::<i64>()
                .map_err(|_| bad(self.el, name, t, "an integer")),
        }
    }

    /// `N` numbers (default when absent).
    pub fn vec_or<const N: usize>(&self, name: &str, default: [f64; N]) -> Result<[f64; N], MjcfError> {
        match self.get(name) {
            None => Ok(default),
            Some(t) => super::xml::numbers::<N>(self.el, name, t),
        }
    }

    /// Optional list of numbers.
    pub fn list(&self, name: &str) -> Result<Option<Vec<f64>>, MjcfError> {
        self.get(name)
            .map(|t| super::xml::number_list(self.el, name, t))
            .transpose()
    }

    /// `true`/`false`/`auto` tri-state: `None` for auto or absent.
    pub fn tristate(&self, name: &str) -> Result<Option<bool>, MjcfError> {
        match self.get(name) {
            None | Some("auto") => Ok(None),
            Some(t) => boolean(self.el, name, t).map(Some),
        }
    }
}

/// How body inertias come about (`<compiler inertiafromgeom>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FromGeom {
    /// Only when the body has no `<inertial>` (MuJoCo's default).
    Auto,
    /// Always from the geoms (an `<inertial>` is ignored).
    True,
    /// Never (a body without `<inertial>` is massless).
    False,
}

/// The `<compiler>` settings the loader uses.
#[derive(Clone, Debug)]
pub(crate) struct Compiler {
    /// Angles in degrees (MuJoCo's default) or radians.
    pub degree: bool,
    /// Euler sequence, e.g. `b"xyz"`; lower case: rotating axes.
    pub eulerseq: [u8; 3],
    /// `autolimits`: a range without `limited` limits the joint.
    pub autolimits: bool,
    /// `inertiafromgeom`.
    pub from_geom: FromGeom,
    /// `inertiagrouprange`.
    pub group_range: [i64; 2],
    /// Folder of mesh files.
    pub meshdir: PathBuf,
}

/// Attributes of `<compiler>` that change nothing the loader computes.
const COMPILER_IGNORED: [&str; 5] = ["texturedir", "strippath", "usethread", "fusestatic", "alignfree"];

impl Compiler {
    /// Reads every `<compiler>` (later ones override) of the model in `dir`.
    pub fn new(root: &El, dir: &Path, notes: &mut Vec<String>) -> Result<Self, MjcfError> {
        let mut c = Compiler {
            degree: true,
            eulerseq: *b"xyz",
            autolimits: true,
            from_geom: FromGeom::Auto,
            group_range: [0, 5],
            meshdir: dir.to_path_buf(),
        };
        for el in root.children_named("compiler") {
            for (k, v) in &el.attrs {
                c.set(el, k, v, dir, notes)?;
            }
        }
        Ok(c)
    }

    fn set(
        &mut self, el: &El, k: &str, v: &str, dir: &Path, notes: &mut Vec<String>,
    ) -> Result<(), MjcfError> {
        match k {
            "angle" => {
                self.degree = match v {
                    "degree" => true,
                    "radian" => false,
                    _ => return Err(bad(el, k, v, "'degree' or 'radian'")),
                }
            }
            "eulerseq" => {
                let b = v.as_bytes();
                if b.len() != 3 || !b.iter().all(|c| b"xyzXYZ".contains(c)) {
                    return Err(bad(el, k, v, "3 letters of xyzXYZ"));
                }
                self.eulerseq = [b[0], b[1], b[2]];
            }
            "autolimits" => self.autolimits = boolean(el, k, v)?,
            "inertiafromgeom" => {
                self.from_geom = match v {
                    "auto" => FromGeom::Auto,
                    "true" => FromGeom::True,
                    "false" => FromGeom::False,
                    _ => return Err(bad(el, k, v, "'auto', 'true' or 'false'")),
                }
            }
            "inertiagrouprange" => {
                let r = super::xml::numbers::<2>(el, k, v)?;
                self.group_range = [r[0] as i64, r[1] as i64];
            }
            "meshdir" | "assetdir" => self.meshdir = dir.join(v),
            "discardvisual" if v == "false" => {}
            "boundmass" | "boundinertia" if v.trim().parse::<f64>() == Ok(0.0) => {}
            "balanceinertia" | "saveinertial" | "exactmeshinertia" if v == "false" => {}
            k if COMPILER_IGNORED.contains(&k) => {
                notes.push(format!("{}: '{k}' ignored (no effect on the model)", el.loc()))
            }
            _ => {
                return Err(MjcfError::Unsupported {
                    element: el.loc(),
                    what: format!("attribute {k}=\"{v}\""),
                })
            }
        }
        Ok(())
    }

    /// An angle attribute in radians.
    pub fn angle(&self, x: f64) -> f64 {
        if self.degree {
            x.to_radians()
        } else {
            x
        }
    }
}
