//! `<contact>`, `<equality>`, `<actuator>` and `<keyframe>`: recorded for the
//! simulator, names and sizes checked against the model.

use super::build::Builder;
use super::xml::{bad, El};
use super::{Actuator, ActuatorKind, ContactPair, CustomText, JointCoupling, Keyframe};
use crate::error::MjcfError;

/// What the sections after the body tree hold.
pub(super) struct Extras {
    pub actuators: Vec<Actuator>,
    pub couplings: Vec<JointCoupling>,
    pub excludes: Vec<(String, String)>,
    pub pairs: Vec<ContactPair>,
    pub keyframe: Option<Keyframe>,
    pub custom_texts: Vec<CustomText>,
}

impl Builder {
    /// Reads the contact, equality and actuator sections.
    pub(super) fn extras(&mut self, root: &El) -> Result<Extras, MjcfError> {
        let mut x = Extras {
            actuators: Vec::new(),
            couplings: Vec::new(),
            excludes: Vec::new(),
            pairs: Vec::new(),
            keyframe: None,
            custom_texts: Vec::new(),
        };
        for section in &root.children {
            for el in &section.children {
                match section.tag.as_str() {
                    "contact" => self.contact(el, &mut x)?,
                    "equality" => x.couplings.push(self.equality(el)?),
                    "actuator" => x.actuators.push(self.actuator(el, x.actuators.len())?),
                    "custom" => self.custom(el, &mut x)?,
                    _ => {}
                }
            }
        }
        for el in root.children_named("keyframe").flat_map(|k| k.children.iter()) {
            if x.keyframe.is_some() {
                self.notes
                    .push(format!("{}: only the first keyframe is used", el.loc()));
                continue;
            }
            x.keyframe = Some(self.keyframe(el, x.actuators.len())?);
        }
        Ok(x)
    }

    /// A `<custom>` entry: `<text name data>` is kept (the simulator reads its own
    /// entries among them); `<numeric>` and `<tuple>` are noted and ignored.
    fn custom(&mut self, el: &El, x: &mut Extras) -> Result<(), MjcfError> {
        match el.tag.as_str() {
            "text" => {
                let get = |k: &str| {
                    el.attr(k).ok_or_else(|| MjcfError::Missing {
                        element: el.loc(),
                        attribute: k.into(),
                    })
                };
                x.custom_texts.push(CustomText {
                    name: get("name")?.to_string(),
                    data: get("data")?.to_string(),
                });
            }
            _ => self.notes.push(format!("{}: ignored", el.loc())),
        }
        Ok(())
    }

    /// A `<key>`: its `qpos` from MuJoCo's order (free joints `[p; w x y z]`) into the
    /// model's (`[p; x y z w]`), its `ctrl` as written; sizes checked.
    fn keyframe(&self, el: &El, actuators: usize) -> Result<Keyframe, MjcfError> {
        if el.tag != "key" {
            return Err(MjcfError::Unsupported {
                element: el.loc(),
                what: "keyframe element (key is supported)".into(),
            });
        }
        for k in ["qvel", "act", "mpos", "mquat"] {
            if el.attr(k).is_some() {
                return Err(MjcfError::Unsupported {
                    element: el.loc(),
                    what: format!("a keyframe '{k}' (qpos and ctrl are supported)"),
                });
            }
        }
        let list = |k: &str| el.attr(k).map(|t| super::xml::number_list(el, k, t)).transpose();
        let nq: usize = self
            .joints
            .iter()
            .map(|j| if j.kind == "free" { 7 } else { 1 })
            .sum();
        let qpos = match list("qpos")? {
            Some(q) if q.len() != nq => {
                return Err(bad(el, "qpos", el.attr("qpos").unwrap_or(""), "nq numbers"))
            }
            Some(mut q) => {
                let mut k = 0;
                for j in &self.joints {
                    if j.kind == "free" {
                        q[k + 3..k + 7].rotate_left(1);
                        k += 7;
                    } else {
                        k += 1;
                    }
                }
                Some(q)
            }
            None => None,
        };
        let ctrl = list("ctrl")?;
        if ctrl.as_ref().is_some_and(|c| c.len() != actuators) {
            return Err(bad(
                el,
                "ctrl",
                el.attr("ctrl").unwrap_or(""),
                "one number per actuator",
            ));
        }
        Ok(Keyframe {
            name: el.attr("name").unwrap_or("").to_string(),
            qpos,
            ctrl,
        })
    }

    fn required<'e>(el: &'e El, a: &super::defaults::Attrs<'e>, k: &str) -> Result<&'e str, MjcfError> {
        a.get(k).ok_or_else(|| MjcfError::Missing {
            element: el.loc(),
            attribute: k.into(),
        })
    }

    fn check(&self, el: &El, kind: &'static str, name: &str) -> Result<(), MjcfError> {
        let found = match kind {
            "body" => name == "world" || self.out_bodies.iter().any(|b| b.name == name),
            "geom" => self.geoms.iter().any(|g| g.name == name),
            _ => self.joints.iter().any(|j| j.name == name),
        };
        if found {
            Ok(())
        } else {
            Err(MjcfError::UnknownName {
                element: el.loc(),
                kind,
                name: name.to_string(),
            })
        }
    }

    fn contact(&mut self, el: &El, x: &mut Extras) -> Result<(), MjcfError> {
        let a = self.defaults.attrs(el, None)?;
        match el.tag.as_str() {
            "exclude" => {
                let (b1, b2) = (Self::required(el, &a, "body1")?, Self::required(el, &a, "body2")?);
                self.check(el, "body", b1)?;
                self.check(el, "body", b2)?;
                x.excludes.push((b1.to_string(), b2.to_string()));
            }
            "pair" => {
                let (g1, g2) = (Self::required(el, &a, "geom1")?, Self::required(el, &a, "geom2")?);
                self.check(el, "geom", g1)?;
                self.check(el, "geom", g2)?;
                let condim = a.get("condim").map(|_| a.int_or("condim", 3)).transpose()?;
                x.pairs.push(ContactPair {
                    geom1: g1.to_string(),
                    geom2: g2.to_string(),
                    friction: a.list("friction")?,
                    condim: condim.map(|c| c.max(0) as u32),
                });
            }
            _ => {
                return Err(MjcfError::Unsupported {
                    element: el.loc(),
                    what: "contact element (exclude and pair are supported)".into(),
                })
            }
        }
        Ok(())
    }

    fn equality(&self, el: &El) -> Result<JointCoupling, MjcfError> {
        if el.tag != "joint" {
            return Err(MjcfError::Unsupported {
                element: el.loc(),
                what: "equality constraint kind (joint couplings are supported)".into(),
            });
        }
        let a = self.defaults.attrs(el, None)?;
        if a.get("active") == Some("false") {
            return Err(MjcfError::Unsupported {
                element: el.loc(),
                what: "an inactive equality".into(),
            });
        }
        let j1 = Self::required(el, &a, "joint1")?;
        self.check(el, "joint", j1)?;
        let j2 = a.get("joint2");
        if let Some(j) = j2 {
            self.check(el, "joint", j)?;
        }
        let text = a.get("polycoef").unwrap_or("0 1 0 0 0");
        let p = super::xml::number_list(el, "polycoef", text)?;
        if p.len() > 5 || p.iter().skip(2).any(|c| *c != 0.0) {
            return Err(MjcfError::Unsupported {
                element: el.loc(),
                what: format!("polycoef '{text}': only the constant and linear terms are supported"),
            });
        }
        let c = |k: usize| p.get(k).copied().unwrap_or(if k == 1 { 1.0 } else { 0.0 });
        Ok(JointCoupling {
            name: el.attr("name").unwrap_or("").to_string(),
            joint: j1.to_string(),
            source: j2.map(str::to_string),
            multiplier: if j2.is_some() { c(1) } else { 0.0 },
            offset: c(0),
        })
    }

    fn actuator(&self, el: &El, index: usize) -> Result<Actuator, MjcfError> {
        let a = self.defaults.attrs(el, None)?;
        let kind = match el.tag.as_str() {
            "motor" => ActuatorKind::Motor,
            "position" => ActuatorKind::Position {
                kp: a.f64_or("kp", 1.0)?,
                kv: a.f64_or("kv", 0.0)?,
            },
            "velocity" => ActuatorKind::Velocity {
                kv: a.f64_or("kv", 1.0)?,
            },
            _ => {
                return Err(MjcfError::Unsupported {
                    element: el.loc(),
                    what: "actuator kind (position, velocity and motor are supported)".into(),
                })
            }
        };
        for k in ["tendon", "site", "body", "jointinparent", "cranksite"] {
            if a.get(k).is_some() {
                return Err(MjcfError::Unsupported {
                    element: el.loc(),
                    what: format!("a '{k}' transmission (joints are supported)"),
                });
            }
        }
        let joint = Self::required(el, &a, "joint")?;
        self.check(el, "joint", joint)?;
        let gear = a.list("gear")?.unwrap_or_else(|| vec![1.0]);
        if gear.len() > 1 && gear[1..].iter().any(|g| *g != 0.0) {
            return Err(bad(
                el,
                "gear",
                a.get("gear").unwrap_or(""),
                "a scalar gear on a joint",
            ));
        }
        let range = |k: &str, lim: &str| -> Result<Option<[f64; 2]>, MjcfError> {
            let r = a.list(k)?;
            let on = match a.tristate(lim)? {
                Some(l) => l,
                None => self.compiler.autolimits && r.is_some(),
            };
            if !on {
                return Ok(None);
            }
            match r.as_deref() {
                Some([lo, hi]) if lo <= hi => Ok(Some([*lo, *hi])),
                _ => Err(bad(el, k, a.get(k).unwrap_or(""), "two numbers, lower <= upper")),
            }
        };
        Ok(Actuator {
            name: el
                .attr("name")
                .map(str::to_string)
                .unwrap_or_else(|| format!("actuator{}", index + 1)),
            kind,
            joint: joint.to_string(),
            gear: gear.first().copied().unwrap_or(1.0),
            ctrlrange: range("ctrlrange", "ctrllimited")?,
            forcerange: range("forcerange", "forcelimited")?,
        })
    }
}
