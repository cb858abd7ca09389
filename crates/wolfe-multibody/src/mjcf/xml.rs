//! The MJCF document as an owned element tree: `<include>` expanded in place, every
//! element remembering its file and line for error messages, and typed attribute
//! readers.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use roxmltree::{Document, Node};

use crate::error::MjcfError;

/// Deepest `<include>` nesting accepted.
const MAX_INCLUDE_DEPTH: usize = 16;

/// One element: tag, attributes in file order, children, where it was written.
#[derive(Clone, Debug)]
pub(crate) struct El {
    pub tag: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<El>,
    pub file: Arc<str>,
    pub line: u32,
}

impl El {
    /// The attribute as written on the element.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// `file:line <tag name="...">` for messages.
    pub fn loc(&self) -> String {
        match self.attr("name") {
            Some(n) => format!("{}:{} <{} name=\"{n}\">", self.file, self.line, self.tag),
            None => format!("{}:{} <{}>", self.file, self.line, self.tag),
        }
    }

    /// Child elements with this tag.
    pub fn children_named<'a>(&'a self, tag: &'a str) -> impl Iterator<Item = &'a El> + 'a {
        self.children.iter().filter(move |c| c.tag == tag)
    }
}

/// Reads the model file at `path` and expands its includes (relative to `dir`, the main
/// file's folder, as MuJoCo resolves them).
pub(crate) fn read_file(path: &Path, dir: &Path) -> Result<El, MjcfError> {
    let text = std::fs::read_to_string(path).map_err(|e| MjcfError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let mut stack = vec![path.canonicalize().unwrap_or_else(|_| path.to_path_buf())];
    parse_text(&text, &file_label(path), dir, &mut stack)
}

/// Parses model text named `label`; includes resolve against `dir`.
pub(crate) fn read_text(text: &str, label: &str, dir: &Path) -> Result<El, MjcfError> {
    parse_text(text, label, dir, &mut Vec::new())
}

fn file_label(path: &Path) -> String {
    path.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

fn parse_text(text: &str, label: &str, dir: &Path, stack: &mut Vec<PathBuf>) -> Result<El, MjcfError> {
    let doc = Document::parse(text).map_err(|e| MjcfError::Xml {
        file: label.to_string(),
        message: e.to_string(),
    })?;
    let root = doc.root_element();
    if root.tag_name().name() != "mujoco" {
        return Err(MjcfError::NotMujoco {
            file: label.to_string(),
            found: root.tag_name().name().to_string(),
        });
    }
    let file: Arc<str> = Arc::from(label);
    convert(&doc, root, &file, dir, stack)
}

fn convert(
    doc: &Document, node: Node, file: &Arc<str>, dir: &Path, stack: &mut Vec<PathBuf>,
) -> Result<El, MjcfError> {
    let mut el = El {
        tag: node.tag_name().name().to_string(),
        attrs: node
            .attributes()
            .map(|a| (a.name().to_string(), a.value().to_string()))
            .collect(),
        children: Vec::new(),
        file: file.clone(),
        line: doc.text_pos_at(node.range().start).row,
    };
    for child in node.children().filter(|n| n.is_element()) {
        if child.tag_name().name() == "include" {
            let inc = convert(doc, child, file, dir, stack)?;
            el.children.extend(include(&inc, dir, stack)?.children);
        } else {
            el.children.push(convert(doc, child, file, dir, stack)?);
        }
    }
    Ok(el)
}

/// The `<mujoco>` root of an included file (its children go where the include was).
fn include(inc: &El, dir: &Path, stack: &mut Vec<PathBuf>) -> Result<El, MjcfError> {
    let name = inc.attr("file").ok_or_else(|| MjcfError::Missing {
        element: inc.loc(),
        attribute: "file".into(),
    })?;
    let path = dir.join(name);
    let key = path.canonicalize().unwrap_or_else(|_| path.clone());
    if stack.contains(&key) || stack.len() >= MAX_INCLUDE_DEPTH {
        return Err(MjcfError::IncludeCycle {
            element: inc.loc(),
            path,
        });
    }
    let text = std::fs::read_to_string(&path).map_err(|e| MjcfError::Io {
        path: path.clone(),
        message: format!("{e} (included at {})", inc.loc()),
    })?;
    stack.push(key);
    let out = parse_text(&text, &file_label(&path), dir, stack);
    stack.pop();
    out
}

/// Parses `N` finite numbers.
pub(crate) fn numbers<const N: usize>(el: &El, attribute: &str, text: &str) -> Result<[f64; N], MjcfError> {
    let v = number_list(el, attribute, text)?;
    v.try_into()
        .map_err(|_| bad(el, attribute, text, &format!("{N} finite numbers")))
}

/// Parses a whitespace-separated list of finite numbers.
pub(crate) fn number_list(el: &El, attribute: &str, text: &str) -> Result<Vec<f64>, MjcfError> {
    text.split_whitespace()
        .map(|t| match t.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(bad(el, attribute, text, "a list of finite numbers")),
        })
        .collect()
}

/// The typed error for a bad attribute value.
pub(crate) fn bad(el: &El, attribute: &str, value: &str, expected: &str) -> MjcfError {
    MjcfError::BadValue {
        element: el.loc(),
        attribute: attribute.to_string(),
        value: value.to_string(),
        expected: expected.to_string(),
    }
}

/// Parses `true` / `false`.
pub(crate) fn boolean(el: &El, attribute: &str, text: &str) -> Result<bool, MjcfError> {
    match text.trim() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(bad(el, attribute, text, "'true' or 'false'")),
    }
}
