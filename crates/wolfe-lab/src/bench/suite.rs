//! `wolfe bench NAME`: one benchmark or all of them, and the `summary.md` that gathers
//! their sections.

use std::path::PathBuf;

use super::{
    ellipsoids, growth, growth_sim, meshes, peers, qp, sap, warmstart, BenchError, BenchOptions, BenchReport,
};

/// The benchmarks of `wolfe bench` (their doc comments are the command's help).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchName {
    /// GJK++ Fig. 7: iterations against distance on ellipsoid pairs.
    Ellipsoids,
    /// GJK++ Fig. 8-11 and Table I on the YCB hulls.
    Meshes,
    /// GJK++ Table II: the GJK family against clarabel on the distance QP (Eq. 2).
    Qp,
    /// GJK++ Fig. 13: four warm-start strategies on pairs of YCB hulls dropped into a
    /// simulated funnel.
    Warmstart,
    /// The SAP contact solver on clutter-like problems (sap.csv and plots).
    Sap,
    /// Growth distance paper, Table III and Fig. 4: solve times, cold and warm.
    Growth,
    /// Growth distance paper, Fig. 6: the falling polytopes simulated with growth
    /// distance as the contact query, and with signed distance.
    GrowthSim,
    /// wolfe against parry: distance, collision and contact, distant / close /
    /// overlapping (GJK++ Fig. 12 bands).
    Peers,
    /// Every benchmark above.
    All,
}

impl BenchName {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            BenchName::Ellipsoids => "ellipsoids",
            BenchName::Meshes => "meshes",
            BenchName::Qp => "qp",
            BenchName::Warmstart => "warmstart",
            BenchName::Sap => "sap",
            BenchName::Growth => "growth",
            BenchName::GrowthSim => "growth-sim",
            BenchName::Peers => "peers",
            BenchName::All => "all",
        }
    }

    /// Whether this name runs `one` (a single benchmark).
    fn runs(self, one: BenchName) -> bool {
        self == one || self == BenchName::All
    }
}

/// The benchmarks in the order `all` runs them, each with its entry point.
type Entry = (BenchName, fn(&BenchOptions) -> Result<BenchReport, BenchError>);
const ORDER: [Entry; 8] = [
    (BenchName::Ellipsoids, ellipsoids::run),
    (BenchName::Meshes, meshes::run),
    (BenchName::Qp, qp::run),
    (BenchName::Warmstart, warmstart::run),
    (BenchName::Sap, sap::run),
    (BenchName::Growth, growth::run),
    (BenchName::GrowthSim, growth_sim::run),
    (BenchName::Peers, peers::run),
];

/// What a suite run wrote.
#[derive(Clone, Debug)]
pub struct SuiteReport {
    /// The text of `summary.md`.
    pub summary: String,
    /// Every file written, `summary.md` last.
    pub files: Vec<PathBuf>,
    /// Answer checks that failed, one line each (also listed in `summary.md`).
    pub failures: Vec<String>,
}

/// Runs `name` (every benchmark for [`BenchName::All`]) into `options.out` (created if
/// missing) and writes `summary.md` there: a header naming the command and the CPU, each
/// benchmark's section, and the failed checks.
///
/// # Errors
/// [`BenchError`] if a benchmark fails or a file cannot be written. Failed answer checks
/// are not errors: they are in [`SuiteReport::failures`].
pub fn run_suite(name: BenchName, options: &BenchOptions) -> Result<SuiteReport, BenchError> {
    let io = |path: &PathBuf| {
        let path = path.clone();
        move |source| BenchError::Io { path, source }
    };
    std::fs::create_dir_all(&options.out).map_err(io(&options.out))?;
    let quick = if options.quick { " --quick" } else { "" };
    let mut summary = format!(
        "# wolfe bench {}{quick}\n\nCPU {}, single thread, release build. Regenerate with \
         `cargo run --release -- bench {}{quick} --out DIR`.\n\n",
        name.name(),
        wolfe_testkit::machine::cpu_name(),
        name.name(),
    );
    let mut files = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    for (one, run) in ORDER {
        if name.runs(one) {
            let r = run(options)?;
            summary.push_str(&r.summary);
            files.extend(r.files);
            failures.extend(r.failures);
        }
    }
    if !failures.is_empty() {
        summary.push_str(&format!(
            "## Failures\n\n{} answers disagree with their reference:\n\n",
            failures.len()
        ));
        for f in &failures {
            summary.push_str(&format!("- {f}\n"));
        }
    }
    let path = options.out.join("summary.md");
    std::fs::write(&path, &summary).map_err(io(&path))?;
    files.push(path);
    Ok(SuiteReport {
        summary,
        files,
        failures,
    })
}

impl SuiteReport {
    /// What a terminal should show of the run (`summary.md` is some 230 lines): the
    /// sections written, the answer checks, where the tables and plots are.
    pub fn digest(&self, out: &std::path::Path) -> String {
        let mut lines: Vec<String> = self
            .summary
            .lines()
            .take(1)
            .map(|title| title.trim_start_matches("# ").to_string())
            .collect();
        lines.extend(
            self.summary
                .lines()
                .filter_map(|l| l.strip_prefix("## "))
                .filter(|title| *title != "Failures")
                .map(|title| format!("  {title}")),
        );
        lines.push(match self.failures.first() {
            None => "answer checks: all passed".to_string(),
            Some(first) => format!("answer checks: {} failed, first: {first}", self.failures.len()),
        });
        let plots = self
            .files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "png"))
            .count();
        lines.push(format!(
            "wrote {} files to {} ({plots} plots as PNG and SVG); tables in {}",
            self.files.len(),
            out.display(),
            out.join("summary.md").display()
        ));
        lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_names_every_section_the_checks_and_the_summary_file() {
        let report = SuiteReport {
            summary: "# wolfe bench all --quick\n\nCPU x.\n\n## Ellipsoids (Fig. 7)\n\n| a |\n|---|\n\
                      ## Growth\n\ntext\n## Failures\n\n- one\n"
                .into(),
            files: vec!["o/a.png".into(), "o/a.svg".into(), "o/summary.md".into()],
            failures: vec!["one".into()],
        };
        let digest = report.digest(std::path::Path::new("o"));
        let lines: Vec<&str> = digest.lines().collect();
        assert_eq!(lines[0], "wolfe bench all --quick");
        assert_eq!(&lines[1..3], ["  Ellipsoids (Fig. 7)", "  Growth"]);
        assert_eq!(lines[3], "answer checks: 1 failed, first: one");
        assert!(
            lines[4].contains("3 files") && lines[4].contains("1 plots") && lines[4].ends_with("summary.md")
        );
        assert_eq!(lines.len(), 5);
    }

    #[test]
    fn all_runs_every_benchmark_once_and_each_name_only_itself() {
        for (one, _) in ORDER {
            assert!(BenchName::All.runs(one));
            let runs: Vec<BenchName> = ORDER.iter().map(|e| e.0).filter(|&o| one.runs(o)).collect();
            assert_eq!(runs, vec![one]);
        }
        use clap::ValueEnum;
        for v in BenchName::value_variants() {
            assert_eq!(v.to_possible_value().unwrap().get_name(), v.name());
        }
    }
}
