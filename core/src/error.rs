//! The crate's single error type.

use std::fmt;

/// What went wrong, coarsely; stable across versions so hosts can branch on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A call was made with an argument that can never be valid (e.g. feeding a
    /// finished session).
    InvalidArgument,
    /// The options could not be understood (bad JSON, unknown key, bad value).
    InvalidOptions,
    /// No source was given and the input's format could not be detected, or the
    /// given source name is not known.
    UnknownSource,
    /// The format was recognised but this version has no adapter for it.
    UnsupportedSource,
    /// A configured limit was exceeded in a way that stops the whole call.
    LimitExceeded,
    /// A bug in memscribe (for example a caught panic).
    Internal,
    /// A file or directory could not be read.
    Io,
}

impl ErrorKind {
    /// A stable snake_case name for the kind.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::InvalidArgument => "invalid_argument",
            ErrorKind::InvalidOptions => "invalid_options",
            ErrorKind::UnknownSource => "unknown_source",
            ErrorKind::UnsupportedSource => "unsupported_source",
            ErrorKind::LimitExceeded => "limit_exceeded",
            ErrorKind::Internal => "internal",
            ErrorKind::Io => "io",
        }
    }
}

/// An error with a kind and a message a user can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// An error reading `path` (for crates that read sources for the core).
    pub fn io(path: &std::path::Path, err: &std::io::Error) -> Error {
        Error::new(ErrorKind::Io, format!("{}: {err}", path.display()))
    }

    /// An error of `kind` with `message`, for crates built on the core.
    pub fn other(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error::new(kind, message)
    }

    /// The kind of error.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The human-readable message (without the kind prefix).
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.as_str(), self.message)
    }
}
