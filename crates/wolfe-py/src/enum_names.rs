//! coal-style enums: a `#[pyclass]` enum whose members have `.name` and `.value`, as
//! Python's and coal's (boost.python) enums have them
//! (`wolfe.NODE_TYPE.GEOM_BOX.name == "GEOM_BOX"`), and the table of its members with
//! their names (for module attributes such as `wolfe.GEOM_BOX`), written once by
//! the `py_enum!` macro.

/// Declares a Python enum (`as "PythonName"` before `pub enum` renames the class) with
/// `name`/`value` getters, and `pub const $table` listing every member with its name.
macro_rules! py_enum {
    ($(#[$meta:meta])* $(as $pyname:literal)? pub enum $name:ident, members $table:ident {
        $($(#[$vmeta:meta])* $variant:ident = $value:literal,)*
    }) => {
        $(#[$meta])*
        #[pyclass($(name = $pyname,)? eq, eq_int, hash, frozen, module = "wolfe")]
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        #[allow(non_camel_case_types)]
        pub enum $name {
            $(
                #[doc = concat!("`", stringify!($variant), "` = ", stringify!($value), " (see the enum's members).")]
                $(#[$vmeta])* $variant = $value,
            )*
        }

        /// Every member with its name, for the module attributes.
        pub const $table: &[(&str, $name)] = &[$((stringify!($variant), $name::$variant)),*];

        #[pymethods]
        impl $name {
            /// The member's name.
            #[getter]
            fn name(&self) -> &'static str {
                match self {
                    $(Self::$variant => stringify!($variant),)*
                }
            }

            /// The member's number.
            #[getter]
            fn value(&self) -> isize {
                *self as isize
            }
        }
    };
}
pub(crate) use py_enum;
