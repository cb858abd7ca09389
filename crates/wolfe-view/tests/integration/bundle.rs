//! The committed page script (assets/vendor/viewer.js) is what `npm run build` makes from
//! the committed source (web/viewer.js and the locked npm packages).

use crate::common;

use std::process::Command;

#[test]
fn the_committed_viewer_bundle_is_built_from_the_committed_source() {
    let Some(node) = common::require(
        common::node_with_packages("esbuild"),
        "node with web/node_modules (npm ci in crates/wolfe-view/web)",
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("viewer.js");
    let status = Command::new(node)
        .arg(common::web_dir().join("build.mjs"))
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    let built = std::fs::read_to_string(out).unwrap();
    let committed = std::fs::read_to_string(common::web_dir().join("../assets/vendor/viewer.js")).unwrap();
    assert!(
        built == committed,
        "assets/vendor/viewer.js is stale: run `npm run build` in crates/wolfe-view/web"
    );
}
