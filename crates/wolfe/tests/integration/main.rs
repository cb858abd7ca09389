//! The integration tests of `wolfe` as one test binary (one compile and one link
//! instead of one per file: the optimized test build is most of CI's time).

mod broad;
mod certified_property_run;
mod closed_form_pairs;
mod common;
mod composite;
mod decompose;
mod epa_analytic;
mod epa_coaxial;
mod epa_contact_warm;
mod epa_hard_inputs;
mod epa_identical;
mod epa_manifold;
mod epa_properties;
mod gjk_analytic;
mod gjk_auto_gate;
mod gjk_certificates;
mod gjk_hard_inputs;
mod gjk_properties;
mod gradients;
mod growth_analytic;
mod growth_far;
mod growth_newton;
mod growth_planar;
mod growth_random;
mod growth_support;
mod growth_thin_certified;
mod growth_warm;
mod growth_warm_certified;
mod halfspace_resting;
mod issue21_robustness;
mod mass_properties;
mod mesh_hull;
mod pair_cache;
mod readme_example;
mod simplex_oracle;
