//! `wolfe bench ... --page FILE`: the benchmarks page (`docs/benchmarks.md`), written
//! from one run's `summary.md` so that every table on it is regenerated, never edited
//! by hand. The header names the machine (CPU model, cores), the date, the commit and
//! the exact command; the hand-written text above the tables says what each suite runs
//! and holds no number.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The prose above the tables: what each suite runs (no measured number in it).
const INTRO: &str = include_str!("page_intro.md");

/// Where and how a page's numbers were measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageHeader {
    /// The command line exactly as it was run.
    pub command: String,
    /// The CPU model.
    pub cpu: String,
    /// Hardware threads the process may use.
    pub cores: usize,
    /// The date, `YYYY-MM-DD` (UTC).
    pub date: String,
    /// The commit of the checkout (`git rev-parse --short HEAD`), with `+changes` when the
    /// tree differs from it, or `unknown` outside a git checkout.
    pub commit: String,
    /// The 1, 5 and 15 minute load averages at the start of the run.
    pub load: String,
}

impl PageHeader {
    /// The header for this process: its command line, this machine, today, the commit of
    /// the checkout at `repo`, the load average now.
    pub fn here(command: String, repo: &Path) -> PageHeader {
        PageHeader {
            command,
            cpu: wolfe_testkit::machine::cpu_name(),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            date: utc_date(SystemTime::now()),
            commit: commit_of(repo),
            load: wolfe_testkit::machine::load_average(),
        }
    }
}

/// The page: title, header, the suites' description, then every section of `summary`
/// (a `wolfe bench` run's `summary.md`) without its own title and machine line.
pub fn render(summary: &str, header: &PageHeader) -> String {
    let mut page = format!(
        "# Benchmarks\n\n\
         | | |\n|---|---|\n\
         | command | `{}` |\n\
         | machine | {}, {} hardware threads (timings single thread) |\n\
         | load average at start | {} |\n\
         | date (UTC) | {} |\n\
         | commit | {} |\n\n",
        header.command, header.cpu, header.cores, header.load, header.date, header.commit
    );
    page.push_str(INTRO);
    // The sections start at the first `## `; the run's title and CPU line are in the
    // header above.
    let sections = summary.find("\n## ").map_or("", |start| &summary[start + 1..]);
    page.push('\n');
    page.push_str(sections);
    if !page.ends_with('\n') {
        page.push('\n');
    }
    page
}

/// `YYYY-MM-DD` of `t` in UTC (days since the epoch to the civil date, Howard Hinnant's
/// `civil_from_days`).
fn utc_date(t: SystemTime) -> String {
    let days = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The short commit of the git checkout at `repo`, `+changes` appended when tracked files
/// differ from it; `unknown` when git or the checkout is missing.
fn commit_of(repo: &Path) -> String {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match git(&["rev-parse", "--short", "HEAD"]) {
        None => "unknown".to_string(),
        Some(hash) => match git(&["status", "--porcelain", "--untracked-files=no"]) {
            Some(changes) if !changes.is_empty() => format!("{hash}+changes"),
            _ => hash,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn header() -> PageHeader {
        PageHeader {
            command: "wolfe bench all --quick --out o --page p.md".into(),
            cpu: "Some CPU".into(),
            cores: 2,
            date: "2026-01-02".into(),
            commit: "abc1234".into(),
            load: "0.1 0.2 0.3".into(),
        }
    }

    #[test]
    fn the_page_has_the_header_and_every_section_without_the_runs_title() {
        let summary = "# wolfe bench all --quick\n\nCPU x, single thread.\n\n## Ellipsoids\n\n\
                       | a | b |\n|---|---|\n| 1 | 2 |\n\n## Peers\n\ntext\n";
        let page = render(summary, &header());
        assert!(page.starts_with("# Benchmarks\n"));
        for field in [
            "`wolfe bench all --quick --out o --page p.md`",
            "Some CPU, 2 hardware threads",
            "2026-01-02",
            "abc1234",
            "0.1 0.2 0.3",
        ] {
            assert!(page.contains(field), "{field} missing:\n{page}");
        }
        assert!(
            page.ends_with("## Ellipsoids\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Peers\n\ntext\n"),
            "{page}"
        );
        assert!(!page.contains("# wolfe bench") && !page.contains("CPU x"));
    }

    #[test]
    fn the_intro_holds_no_measured_number() {
        // Digits only in names (Fig. 7, Eq. 2, 10-40%, the 78 hulls), never a time.
        for unit in [" ns", " us", " µs", " ms"] {
            assert!(!INTRO.contains(unit), "the intro quotes a time ({unit})");
        }
    }

    #[test]
    fn dates_are_civil_utc_dates() {
        let day = |secs: u64| utc_date(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(day(0), "1970-01-01");
        assert_eq!(day(951_782_400), "2000-02-29"); // a leap day of a century leap year
        assert_eq!(day(1_709_164_800), "2024-02-29");
        assert_eq!(day(1_735_689_599), "2024-12-31"); // the last second of 2024
        assert_eq!(day(1_735_689_600), "2025-01-01");
    }

    #[test]
    fn the_commit_is_unknown_outside_a_checkout() {
        let dir = std::env::temp_dir().join(format!("wolfe-page-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // temp_dir is not inside a git checkout on CI machines; if it is, a hash is fine.
        let c = commit_of(&dir);
        assert!(
            c == "unknown" || c.chars().take(7).all(|ch| ch.is_ascii_hexdigit()),
            "{c}"
        );
        let here = commit_of(Path::new(env!("CARGO_MANIFEST_DIR")));
        assert!(here == "unknown" || here.len() >= 7, "{here}");
    }
}
