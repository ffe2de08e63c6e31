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

  /// Control characters in `message` (a newline inside a view id, say)
  /// are escaped, so the error is always one line.
  init(_ status: ExitStatus, _ message: String) {
    self.status = status
    self.message = CLIError.oneLine(message)
  }

  static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  var description: String { message }

  static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
  static func data(_ message: String) -> CLIError { CLIError(.dataError, message) }
}
