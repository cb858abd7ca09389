//! view.html in a real browser (headless Chromium, WebGL on SwiftShader): a clutter run
//! opened at t = 0 and at its end (`?t=..&paused=1`) shows its bodies where the
//! trajectory puts them (each body centre, projected with the page's camera, is drawn
//! over: not the background, and not what the same page shows with its bodies hidden,
//! `&bodies=0`), no body where one was at t = 0 and no longer is, the two frames
//! differ, and the page reports no error (its #status element, read with --dump-dom)
//! and logs nothing to the console (Chromium's log on stderr). Network access is
//! blocked (`--host-resolver-rules`), so the page must be self-contained.
//! A compliant sphere resting on the ground draws its contact patch: the page reports
//! the patch triangles it drew, and where the patch projects the screenshot differs from
//! the same page with the patches off (`&patches=0`).
//! Without Chromium the tests are skipped with a message, except in CI.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nalgebra::Matrix3;
use wolfe::hydroelastic::CompliantGeometry;
use wolfe::{Pose, Shape, Sphere, Vec3};
use wolfe_sim::{Collider, Hydroelastic, Material, RigidBody, SimSettings, World};
use wolfe_view::{Camera, Recording};

const WIDTH: u32 = 1000;
const HEIGHT: u32 = 700;
/// The page's background colour, #eef1f5.
const BACKGROUND: [u8; 3] = [0xee, 0xf1, 0xf5];
/// Pixels this close to the top and bottom edges are under the page's panels.
const PANEL_MARGIN: f64 = 100.0;

fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("WOLFE_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.is_file())
}

/// Runs headless Chromium on `url` with `extra` arguments; returns stdout and stderr.
fn run(exe: &Path, profile: &Path, url: &str, extra: &[String]) -> (String, String) {
    let mut child = Command::new(exe)
        .args([
            "--headless",
            "--no-sandbox",
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--no-first-run",
            "--disable-extensions",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--window-size={WIDTH},{HEIGHT}"))
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let out = std::thread::spawn({
        let mut o = child.stdout.take().unwrap();
        move || {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut o, &mut s).ok();
            s
        }
    });
    let err = std::thread::spawn({
        let mut e = child.stderr.take().unwrap();
        move || {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut e, &mut s).ok();
            s
        }
    });
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            panic!("chromium did not finish within 180 s on {url}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    (out.join().unwrap(), err.join().unwrap())
}

/// Console messages in Chromium's log (the page logs none when all is well).
fn console_lines(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| l.contains(":CONSOLE")).collect()
}

/// An RGB screenshot.
struct Shot {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

impl Shot {
    fn read(path: &Path) -> Shot {
        let decoder = png::Decoder::new(std::fs::File::open(path).expect("screenshot written"));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        let channels = info.color_type.samples();
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        let rgb = buf[..info.buffer_size()]
            .chunks_exact(channels)
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        Shot {
            width: info.width as usize,
            height: info.height as usize,
            rgb,
        }
    }

    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.rgb[y * self.width + x]
    }
}

fn distance(a: [u8; 3], b: [u8; 3]) -> i32 {
    (0..3).map(|k| (i32::from(a[k]) - i32::from(b[k])).abs()).sum()
}

/// Screenshot and #status of the page at `query`.
fn open(exe: &Path, page: &Path, query: &str, out: &Path, name: &str) -> (Shot, String) {
    let url = format!("file://{}?{query}", page.display());
    let shot = out.join(format!("{name}.png"));
    let profile = tempfile::tempdir().unwrap();
    let (_, err) = run(
        exe,
        profile.path(),
        &url,
        &[format!("--screenshot={}", shot.display())],
    );
    assert!(
        console_lines(&err).is_empty(),
        "{name}: console output {:?}",
        console_lines(&err)
    );
    let profile = tempfile::tempdir().unwrap();
    let (dom, err) = run(exe, profile.path(), &url, &["--dump-dom".to_string()]);
    assert!(
        console_lines(&err).is_empty(),
        "{name}: console output {:?}",
        console_lines(&err)
    );
    let status = dom
        .lines()
        .find(|l| l.contains("id=\"status\""))
        .unwrap_or_else(|| panic!("{name}: no #status in the DOM:\n{dom}"))
        .to_string();
    (Shot::read(&shot), status)
}

/// The value of attribute `name` in the HTML element text `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("{name}=\"");
    let start = tag.find(&key)? + key.len();
    Some(&tag[start..start + tag[start..].find('"')?])
}

#[test]
fn the_page_shows_the_bodies_where_the_trajectory_puts_them() {
    let Some(exe) = common::require(chromium(), "chromium (Debian package `chromium`)") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    // The folder's name is the page's title.
    let dir = tmp.path().join("clutter-12-bodies");
    std::fs::create_dir(&dir).unwrap();
    common::clutter(12, 150, &dir);
    let page = wolfe_view::write_html(&dir).unwrap();
    let rec = Recording::read(&dir).unwrap();
    let camera = Camera::framing(&rec);
    let end = rec.frames.len() - 1;
    let t_end = rec.frames[end].time;
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wolfe-view-browser");
    std::fs::create_dir_all(&out).unwrap();

    let frames = [
        (0usize, "start", "t=0&paused=1".to_string()),
        (end, "end", format!("t={t_end}&paused=1")),
    ];
    let mut shots = Vec::new();
    for (frame, name, query) in &frames {
        let (shot, status) = open(&exe, &page, query, &out, name);
        assert_eq!(
            attribute(&status, "data-state"),
            Some("ready"),
            "{name}: {status}"
        );
        assert_eq!(attribute(&status, "data-errors"), Some("0"), "{name}: {status}");
        assert_eq!(
            attribute(&status, "data-frame"),
            Some(frame.to_string().as_str()),
            "{name}: {status}"
        );
        assert_eq!((shot.width, shot.height), (WIDTH as usize, HEIGHT as usize));
        let (empty, status) = open(
            &exe,
            &page,
            &format!("{query}&bodies=0"),
            &out,
            &format!("{name}-empty"),
        );
        assert_eq!(
            attribute(&status, "data-errors"),
            Some("0"),
            "{name} without bodies: {status}"
        );
        shots.push((shot, empty));
    }

    let (w, h) = (WIDTH as f64, HEIGHT as f64);
    let visible =
        |p: [f64; 2]| p[0] >= 3.0 && p[0] < w - 3.0 && p[1] >= PANEL_MARGIN && p[1] < h - PANEL_MARGIN;
    let project = |f: usize, i: usize| camera.project(&rec.shape_origin(f, i), w, h);
    for ((frame, name, _), (shot, empty)) in frames.iter().zip(&shots) {
        let mut checked = 0;
        for i in 0..rec.bodies {
            let Some(p) = project(*frame, i).filter(|p| visible(*p)) else {
                continue;
            };
            // The centre and its 8 neighbours (1 px away) are all drawn over.
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let (x, y) = ((p[0] as i64 + dx) as usize, (p[1] as i64 + dy) as usize);
                    let (px, bg) = (shot.at(x, y), empty.at(x, y));
                    assert!(
                        distance(px, BACKGROUND) > 30 && distance(px, bg) > 30,
                        "{name}: body {i} at pixel ({x}, {y}) shows {px:?}, background {bg:?}"
                    );
                }
            }
            checked += 1;
        }
        assert!(
            checked >= rec.bodies / 2,
            "{name}: only {checked} of {} body centres in view",
            rec.bodies
        );
    }

    // Where a body was at t = 0, far from every body at the end, the end frame shows
    // what the page shows there without bodies.
    let (end_shot, end_empty) = &shots[1];
    // A body's radius in pixels at frame f (generously: its bounding ball, times 1.5).
    let radius_px = |f: usize, i: usize| {
        let c = rec.shape_origin(f, i);
        let depth = (0..3)
            .map(|k| (c[k] - camera.position[k]).powi(2))
            .sum::<f64>()
            .sqrt();
        1.5 * wolfe_view::camera::shape_radius(&rec.objects[i])
            / depth
            / (0.5 * camera.fov_y_degrees.to_radians()).tan()
            * 0.5
            * h
    };
    let ends: Vec<([f64; 2], f64)> = (0..rec.bodies)
        .filter_map(|i| Some((project(end, i)?, radius_px(end, i))))
        .collect();
    let mut vacated = 0;
    for i in 0..rec.bodies {
        let Some(p) = project(0, i).filter(|p| visible(*p)) else {
            continue;
        };
        let r = radius_px(0, i);
        if ends
            .iter()
            .any(|(q, rq)| (p[0] - q[0]).hypot(p[1] - q[1]) < r + rq)
        {
            continue;
        }
        let (x, y) = (p[0] as usize, p[1] as usize);
        assert!(
            distance(end_shot.at(x, y), end_empty.at(x, y)) <= 12,
            "body {i}'s start pixel ({x}, {y}) is still drawn over at the end"
        );
        vacated += 1;
    }
    assert!(vacated >= 1, "some bodies fall away from their starting places");

    let changed = shots[0]
        .0
        .rgb
        .iter()
        .zip(&end_shot.rgb)
        .filter(|(a, b)| distance(**a, **b) > 30)
        .count();
    assert!(
        changed > shots[0].0.rgb.len() / 100,
        "start and end differ in {changed} pixels"
    );
    println!("screenshots in {}", out.display());
}

#[test]
fn the_page_draws_a_compliant_spheres_contact_patch() {
    let Some(exe) = common::require(chromium(), "chromium (Debian package `chromium`)") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("soft-sphere");
    let (r, mass) = (0.05, 1.0);
    let shape = Shape::Sphere(Sphere::new(r).unwrap());
    let mut world = World::default();
    world.add_ground(Material::default()).unwrap();
    let field = CompliantGeometry::from_shape(&shape, 2e4, r / 8.0).unwrap();
    let ball = RigidBody::new(
        "soft",
        shape,
        mass,
        Matrix3::from_diagonal_element(0.4 * mass * r * r),
        Pose::from_translation(Vec3::new(0.0, 0.0, r - 0.0009)),
    );
    let i = world.add_body(ball).unwrap();
    world
        .set_hydroelastic(Collider::Body(i), Hydroelastic::compliant(field, 20.0).unwrap())
        .unwrap();
    let settings = SimSettings {
        time_step: 0.005,
        ..SimSettings::default()
    };
    common::record(world, settings, 20, &dir);
    let page = wolfe_view::write_html(&dir).unwrap();
    let rec = Recording::read(&dir).unwrap();
    let end = rec.frames.len() - 1;
    let patches = &rec.frames[end].patches;
    assert!(!patches.is_empty(), "the sphere rests on its patch");
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wolfe-view-browser");
    std::fs::create_dir_all(&out).unwrap();
    let query = format!("t={}&paused=1", rec.frames[end].time);
    let (shot, status) = open(&exe, &page, &query, &out, "patches");
    let (plain, plain_status) = open(&exe, &page, &format!("{query}&patches=0"), &out, "patches-off");
    for s in [&status, &plain_status] {
        assert_eq!(attribute(s, "data-state"), Some("ready"), "{s}");
        assert_eq!(attribute(s, "data-errors"), Some("0"), "{s}");
        assert_eq!(attribute(s, "data-frame"), Some(end.to_string().as_str()), "{s}");
    }
    // A polygon of n vertices is fanned into n - 2 triangles.
    let triangles: usize = patches.iter().map(|p| p.vertices.len() - 2).sum();
    assert_eq!(
        attribute(&status, "data-patch-triangles"),
        Some(triangles.to_string().as_str()),
        "{status}"
    );
    assert_eq!(attribute(&plain_status, "data-patch-triangles"), Some("0"));
    // Around the patch's centre (the mean of its vertices) the page draws differently
    // with the patches on and off.
    let n = patches.iter().map(|p| p.vertices.len()).sum::<usize>() as f64;
    let centre = [0, 1, 2].map(|k| {
        patches
            .iter()
            .flat_map(|p| p.vertices.iter().map(move |v| v[k]))
            .sum::<f64>()
            / n
    });
    let camera = Camera::framing(&rec);
    let p = camera
        .project(&centre, WIDTH as f64, HEIGHT as f64)
        .expect("the patch is in front of the camera");
    for dy in -2..=2 {
        for dx in -2..=2 {
            let (x, y) = ((p[0] as i64 + dx) as usize, (p[1] as i64 + dy) as usize);
            assert!(
                distance(shot.at(x, y), plain.at(x, y)) > 30,
                "pixel ({x}, {y}): {:?} with the patches, {:?} without",
                shot.at(x, y),
                plain.at(x, y)
            );
        }
    }
    println!("screenshots in {}", out.display());
}
