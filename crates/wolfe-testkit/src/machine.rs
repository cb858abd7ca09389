//! The machine that timings quote.

/// The CPU model, from Linux's `/proc/cpuinfo` (`"unknown"` elsewhere).
pub fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, name)| name.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

/// The 1, 5 and 15 minute load averages, from Linux's `/proc/loadavg` (`"unknown"`
/// elsewhere).
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unknown".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_one_trimmed_line() {
        for s in [cpu_name(), load_average()] {
            assert!(!s.is_empty() && !s.contains('\n') && s.trim() == s, "{s:?}");
        }
    }
}
