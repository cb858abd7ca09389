//! One module per command, each with its arguments and one function that runs it.

pub mod bench;
pub mod generate;
pub mod marbles;
pub mod mjcf_sim;
pub mod query;
pub mod robot;
pub mod robot_sim;
pub mod run;
pub mod scene;
pub mod sim;
pub mod soft_bubble;
pub mod spec;
pub mod view;

/// What a command returns: any error, printed by `main`.
pub type CommandResult = Result<(), Box<dyn std::error::Error>>;
