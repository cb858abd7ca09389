//! The README's examples are the files that CI builds and runs as a user's programs
//! (examples/rust-user, examples/python-user): each code block after a
//! `<!-- file: PATH -->` line must equal that file, so that the README shows exactly
//! what was tested outside the workspace.

use std::path::Path;

/// (path, the code block that follows its marker) for every marker of `readme`.
fn included_blocks(readme: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = readme;
    while let Some(at) = rest.find("<!-- file: ") {
        let after = &rest[at + "<!-- file: ".len()..];
        let path = after[..after.find(" -->").expect("marker closed by ` -->`")].to_string();
        let fence = after.find("\n```").expect("a code block follows the marker") + 1;
        let body_start = fence + after[fence..].find('\n').unwrap() + 1;
        let body_len = after[body_start..]
            .find("\n```")
            .expect("the code block is closed")
            + 1;
        out.push((path, after[body_start..body_start + body_len].to_string()));
        rest = &after[body_start + body_len..];
    }
    out
}

#[test]
fn the_readme_examples_are_the_tested_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let blocks = included_blocks(&readme);
    let paths: Vec<&str> = blocks.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        paths,
        ["examples/rust-user/src/main.rs", "examples/python-user/main.py"]
    );
    for (path, block) in &blocks {
        let file = std::fs::read_to_string(root.join(path)).unwrap();
        assert_eq!(
            block, &file,
            "the README's block for {path} differs from the file"
        );
    }
}

#[test]
fn the_readme_stays_a_product_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.lines().count() <= 250,
        "README.md has {} lines",
        readme.lines().count()
    );
    // No development history: issue numbers, commit hashes.
    assert!(
        !readme.contains("issue #") && !readme.contains("(issue "),
        "an issue number"
    );
    for word in readme.split(|c: char| !c.is_ascii_alphanumeric()) {
        let hexlike = word.len() >= 7
            && word.chars().all(|c| c.is_ascii_hexdigit())
            && word.chars().any(|c| c.is_ascii_alphabetic());
        assert!(!hexlike, "what looks like a commit hash: {word}");
    }
}

#[test]
fn the_marker_reader_finds_blocks_in_order() {
    let text = "a\n<!-- file: x.rs -->\n```rust\nfn main() {}\n```\nb\n<!-- file: y.py -->\n```python\nprint(1)\n\nprint(2)\n```\n";
    assert_eq!(
        included_blocks(text),
        [
            ("x.rs".to_string(), "fn main() {}\n".to_string()),
            ("y.py".to_string(), "print(1)\n\nprint(2)\n".to_string())
        ]
    );
}
