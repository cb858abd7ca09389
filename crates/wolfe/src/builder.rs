//! The `with_*` builder methods of the settings structs, written by one macro.

/// Writes, inside an `impl` block, one builder method per field: `name(field: Type)`
/// returns the value with `field` set. Each takes its own doc comment.
macro_rules! with_fields {
    ($($(#[$attr:meta])* $name:ident($field:ident: $ty:ty);)*) => {
        $(
            $(#[$attr])*
            pub fn $name(mut self, $field: $ty) -> Self {
                self.$field = $field;
                self
            }
        )*
    };
}

pub(crate) use with_fields;
