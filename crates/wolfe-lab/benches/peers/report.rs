//! What the bench writes: the run's conditions, the timing, accuracy and cold-pass
//! tables (`peers.md`) and `peers.csv`.

use std::fmt::Write as _;
use std::path::Path;

use wolfe_lab::bench::parry::ratio_cells;
use wolfe_lab::run::Task;
use wolfe_lab::timing;
use wolfe_testkit::machine::cpu_name;

use crate::setup::{
    Family, Options, Row, ACCURACY, LARGE_MESH_VERTICES, PARRY, SOLVERS, SOLVERS_INDICES, TASKS, YCB_SEED,
};

/// The cold-pass table: median and mean over problems of the per-problem medians, and
/// the accelerated variants' ratios to vanilla.
pub(crate) fn cold_table(md: &mut String, families: &[Family], cold: &[(usize, [Vec<u64>; 3])]) {
    if cold.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "\n## Cold passes, distance (each problem timed once per pass, no warm-up)\n\n\
         ns per query: median over problems of the per-problem median over passes (mean over \
         problems in brackets); ratios to vanilla of the medians (of the means)\n"
    );
    let _ = writeln!(
        md,
        "| family | problems | gjk | polyak | nesterov | polyak/gjk | nesterov/gjk |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|");
    for (index, medians) in cold {
        let stats: Vec<(u64, f64)> = medians
            .iter()
            .map(|m| {
                let mean = m.iter().map(|&t| t as f64).sum::<f64>() / m.len().max(1) as f64;
                (timing::median(&mut m.clone()), mean)
            })
            .collect();
        let ratio = |s: usize| {
            format!(
                "{:.2} ({:.2})",
                stats[s].0 as f64 / stats[0].0 as f64,
                stats[s].1 / stats[0].1
            )
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} ({:.0}) | {} ({:.0}) | {} ({:.0}) | {} | {} |",
            families[*index].name,
            medians[0].len(),
            stats[0].0,
            stats[0].1,
            stats[1].0,
            stats[1].1,
            stats[2].0,
            stats[2].1,
            ratio(1),
            ratio(2)
        );
    }
}

/// The run's conditions: command, CPU, build, repeats, sets.
pub(crate) fn header(md: &mut String, options: &Options, repeats: usize, large_hulls: usize) {
    let cpu = cpu_name();
    let build = if cfg!(debug_assertions) {
        "debug (not a benchmark build)"
    } else {
        "optimized (cargo bench profile)"
    };
    let quick = if options.quick { " --quick" } else { "" };
    let _ = writeln!(md, "# wolfe vs parry, head to head\n");
    let _ = writeln!(
        md,
        "- Command: `cargo bench -p wolfe-lab --bench peers --{quick}`"
    );
    let _ = writeln!(
        md,
        "- CPU: {cpu}, {} threads available, single-threaded run",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let _ = writeln!(
        md,
        "- Build: {build}, {}, target features avx2={} fma={} (generic x86-64 unless set)",
        std::env::consts::ARCH,
        cfg!(target_feature = "avx2"),
        cfg!(target_feature = "fma")
    );
    let _ = writeln!(
        md,
        "- Timing: per problem, solver and task, 1 warm-up + {repeats} repeats each timed \
         alone, median; tables give the median over problems of those medians (ns)"
    );
    let _ = writeln!(
        md,
        "- wolfe: default settings, one reused `GjkSolver` per variant; parry3d-f64 0.31 \
         defaults: `query::distance` / `query::intersection_test`"
    );
    let _ = writeln!(
        md,
        "- YCB sets generated here (seed {YCB_SEED}): `ycb` over all hulls of data/ycb, \
         `ycb>1000v` over the {large_hulls} hulls with > {LARGE_MESH_VERTICES} vertices \
         (both hulls of each pair); their reference `dist` is wolfe's own (tolerance 1e-12)"
    );
}

/// The timing table, the accuracy table and the ratios.
pub(crate) fn tables(md: &mut String, families: &[Family], rows: &[Row]) {
    let _ = writeln!(md, "\n## Median ns per query\n");
    let _ = writeln!(
        md,
        "| family | task | problems | gjk | polyak | nesterov | parry | gjk/parry | gjk <= parry |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|");
    for (f, family) in families.iter().enumerate() {
        for task in TASKS {
            let rows: Vec<&Row> = rows.iter().filter(|r| r.family == f && r.task == task).collect();
            let medians = SOLVERS_INDICES.map(|s| median_ns(&rows, s));
            let ns = medians.map(|m| m.map_or("-".into(), |m| m.to_string()));
            let paired: Vec<_> = rows
                .iter()
                .filter_map(|r| Some((r.outcomes[0]?.ns, r.outcomes[PARRY]?.ns)))
                .collect();
            let (ratio, faster) = ratio_cells(medians[0], medians[PARRY], &paired);
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {ratio} | {faster} |",
                family.name,
                task.name(),
                rows.len(),
                ns[0],
                ns[1],
                ns[2],
                ns[3]
            );
        }
    }

    let _ = writeln!(md, "\n## Accuracy and iterations\n");
    let _ = writeln!(
        md,
        "max rel err: largest |d - dist| / dist over separated rows (distance task). off: rows \
         with rel err > {ACCURACY:.0e}, a positive distance on an overlap row, or a wrong \
         collision answer (gjk / polyak / nesterov / parry).\n"
    );
    let _ = writeln!(
        md,
        "| family | task | max rel err gjk | polyak | nesterov | parry | off | mean iterations gjk | polyak | nesterov |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|");
    for (f, family) in families.iter().enumerate() {
        for task in TASKS {
            let rows: Vec<&Row> = rows.iter().filter(|r| r.family == f && r.task == task).collect();
            let err = SOLVERS_INDICES.map(|s| {
                let ran = rows.iter().any(|r| r.outcomes[s].is_some());
                rows.iter()
                    .filter_map(|r| r.relative_error(s))
                    .reduce(f64::max)
                    .filter(|_| ran)
                    .map_or("-".into(), |e| format!("{e:.1e}"))
            });
            let off = SOLVERS_INDICES.map(|s| {
                if rows.iter().any(|r| r.outcomes[s].is_some()) {
                    rows.iter().filter(|r| r.is_off(s)).count().to_string()
                } else {
                    "-".into()
                }
            });
            let it = [0, 1, 2].map(|s| mean_iterations(&rows, s).map_or("-".into(), |m| format!("{m:.1}")));
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                family.name,
                task.name(),
                err[0],
                err[1],
                err[2],
                err[3],
                off.join(" / "),
                it[0],
                it[1],
                it[2]
            );
        }
    }

    let _ = writeln!(md, "\n## The issue's ratios\n");
    let find = |name: &str, task: Task| -> Vec<&Row> {
        let f = families.iter().position(|f| f.name == name);
        rows.iter()
            .filter(|r| Some(r.family) == f && r.task == task)
            .collect()
    };
    let ellipsoids = find("ellipsoids close", Task::Distance);
    if let (Some(gjk), Some(nesterov)) = (mean_iterations(&ellipsoids, 0), mean_iterations(&ellipsoids, 2)) {
        let _ = writeln!(
            md,
            "- Nesterov / vanilla mean iterations, ellipsoids close, distance: {:.2} (target <= 0.6)",
            nesterov / gjk
        );
    }
    for task in TASKS {
        let ycb = find("ycb>1000v close", task);
        if let [Some(gjk), Some(polyak), Some(nesterov)] = [0, 1, 2].map(|s| median_ns(&ycb, s)) {
            let _ = writeln!(
                md,
                "- Median time / vanilla's, YCB close, both hulls > {LARGE_MESH_VERTICES} vertices, {}: \
                 Polyak {:.2}, Nesterov {:.2} (target <= 0.8)",
                task.name(),
                polyak as f64 / gjk as f64,
                nesterov as f64 / gjk as f64
            );
        }
    }
}

/// One family's rows by pair of shape kinds: where each library wins, and why (the
/// closed forms parry has for balls, the iterations wolfe spends for its accuracy).
pub(crate) fn by_pair(md: &mut String, name: &str, families: &[Family], rows: &[Row]) {
    let Some(f) = families.iter().position(|f| f.name == name) else {
        return;
    };
    let _ = writeln!(md, "\n## {name}, by shape pair\n");
    let _ = writeln!(
        md,
        "| pair | task | problems | gjk ns | parry ns | gjk/parry | gjk <= parry | gjk mean iterations | parry max rel err |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|");
    let mut pairs: Vec<[&str; 2]> = rows.iter().filter(|r| r.family == f).map(|r| r.pair).collect();
    pairs.sort_unstable();
    pairs.dedup();
    for task in TASKS {
        for pair in &pairs {
            let rows: Vec<&Row> = rows
                .iter()
                .filter(|r| r.family == f && r.task == task && r.pair == *pair)
                .collect();
            let (Some(ours), Some(theirs)) = (median_ns(&rows, 0), median_ns(&rows, PARRY)) else {
                continue;
            };
            let wins = rows
                .iter()
                .filter(|r| matches!((r.outcomes[0], r.outcomes[PARRY]), (Some(o), Some(t)) if o.ns <= t.ns))
                .count();
            let err = rows
                .iter()
                .filter_map(|r| r.relative_error(PARRY))
                .reduce(f64::max)
                .map_or("-".into(), |e| format!("{e:.1e}"));
            let _ = writeln!(
                md,
                "| {} | {} | {} | {ours} | {theirs} | {:.2} | {:.0}% | {:.1} | {err} |",
                pair.join("-"),
                task.name(),
                rows.len(),
                ours as f64 / theirs as f64,
                100.0 * wins as f64 / rows.len() as f64,
                mean_iterations(&rows, 0).unwrap_or(f64::NAN)
            );
        }
    }
}

/// Median over the rows of a solver's per-problem medians; `None` if it never ran.
pub(crate) fn median_ns(rows: &[&Row], solver: usize) -> Option<u64> {
    let mut ns: Vec<u64> = rows.iter().filter_map(|r| Some(r.outcomes[solver]?.ns)).collect();
    (!ns.is_empty()).then(|| timing::median(&mut ns))
}

/// Mean iterations of a wolfe solver over the rows.
pub(crate) fn mean_iterations(rows: &[&Row], solver: usize) -> Option<f64> {
    let it: Vec<u32> = rows
        .iter()
        .filter_map(|r| r.outcomes[solver]?.iterations)
        .collect();
    (!it.is_empty()).then(|| it.iter().map(|&i| f64::from(i)).sum::<f64>() / it.len() as f64)
}

/// One line per problem, solver and task.
pub(crate) fn write_csv(path: &Path, families: &[Family], rows: &[Row]) {
    let mut w = csv::Writer::from_path(path).expect("create peers.csv");
    w.write_record([
        "family",
        "id",
        "solver",
        "task",
        "ns",
        "value",
        "iterations",
        "dist",
    ])
    .expect("write peers.csv");
    for r in rows {
        for (s, o) in r.outcomes.iter().enumerate() {
            let Some(o) = o else { continue };
            w.write_record([
                families[r.family].name.as_str(),
                &r.id.to_string(),
                SOLVERS[s],
                r.task.name(),
                &o.ns.to_string(),
                &o.value.to_string(),
                &o.iterations.map_or(String::new(), |i| i.to_string()),
                &r.reference.to_string(),
            ])
            .expect("write peers.csv");
        }
    }
    w.flush().expect("write peers.csv");
}
