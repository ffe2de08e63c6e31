/// The exit statuses animrender uses, from BSD's sysexits.h, so that scripts
/// can tell a typo in a flag from a broken input file from a full disk.
enum ExitStatus: Int32 {
  /// EX_USAGE: a flag or argument is wrong.
  case usage = 64
  /// EX_DATAERR: an input exists but is malformed (JSON, PNG, a style name,
  /// a curve, a number out of range).
  case dataError = 65
  /// EX_NOINPUT: an input file does not exist or cannot be read.
  case noInput = 66
  /// EX_UNAVAILABLE: a program the output needs (ffmpeg) is not installed.
  case unavailable = 69
  /// EX_SOFTWARE: something that should not fail did (a rendering failure).
  case software = 70
  /// EX_CANTCREAT: the output cannot be written.
  case cannotCreate = 73
}

/// An error animrender reports as one line on stderr before exiting with
/// `status`: the line names the file, field or flag and what was expected.
struct CLIError: Error, CustomStringConvertible {
  var status: ExitStatus
  var message: String

  init(_ status: ExitStatus, _ message: String) {
    self.status = status
    self.message = message
  }

  var description: String { message }

  static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
  static func data(_ message: String) -> CLIError { CLIError(.dataError, message) }
}
