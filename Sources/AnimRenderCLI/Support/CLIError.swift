import TransitRender

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
  /// EX_OSERR: the system ran out of something the run needs: open files
  /// (`ulimit -n`), memory (`ulimit -v`), processes or threads.
  case osError = 71
  /// EX_CANTCREAT: the output cannot be written.
  case cannotCreate = 73
}

/// An error animrender reports as one line on stderr before exiting with
/// ``exitStatus``: the line names the file, field or flag and what was expected.
/// An error in a file's text may show the text under it (``excerpt``): a
/// malformed scene file shows its line with a caret under the column.
///
/// Code that reacts to an error switches over ``kind`` (one per exit
/// status), as it would over ``TransitError/kind`` or ``RenderError/kind``;
/// the process exits with ``exitStatus``. One case per kind, each carrying
/// the sentence; ``message`` is where every sentence is made safe to print
/// (one line, not too long).
enum CLIError: Error, Equatable, CustomStringConvertible {
  /// 64: a flag or argument is wrong.
  case usage(String)
  /// 65: an input is malformed; `excerpt` shows the text in question.
  case data(String, excerpt: [String] = [])
  /// 66: an input file does not exist or cannot be read.
  case noInput(String)
  /// 69: a program the output needs is not installed.
  case unavailable(String)
  /// 70: something that should not fail did.
  case software(String)
  /// 71: the system ran out of something the run needs.
  case osError(String)
  /// 73: the output cannot be written.
  case cannotCreate(String)

  /// The family of an error, for code that reacts to errors by kind; each
  /// kind exits with its own status (``exitStatus``).
  enum Kind: Hashable, Sendable {
    /// A flag or argument is wrong (64).
    case usage
    /// An input exists but is malformed (65).
    case dataError
    /// An input file does not exist or cannot be read (66).
    case noInput
    /// A program the output needs is not installed (69).
    case unavailable
    /// Something that should not fail did (70).
    case software
    /// The system ran out of something the run needs (71).
    case osError
    /// The output cannot be written (73).
    case cannotCreate

    /// The exit status an error of this kind ends the run with.
    var exitStatus: ExitStatus {
      switch self {
      case .usage: .usage
      case .dataError: .dataError
      case .noInput: .noInput
      case .unavailable: .unavailable
      case .software: .software
      case .osError: .osError
      case .cannotCreate: .cannotCreate
      }
    }
  }

  /// An error of `kind`: that kind's case. An excerpt goes with
  /// ``Kind/dataError`` only (no other error quotes text).
  init(_ kind: Kind, _ message: String, excerpt: [String] = []) {
    switch kind {
    case .usage: self = .usage(message)
    case .dataError: self = .data(message, excerpt: excerpt)
    case .noInput: self = .noInput(message)
    case .unavailable: self = .unavailable(message)
    case .software: self = .software(message)
    case .osError: self = .osError(message)
    case .cannotCreate: self = .cannotCreate(message)
    }
  }

  /// The family of this error.
  var kind: Kind {
    switch self {
    case .usage: .usage
    case .data: .dataError
    case .noInput: .noInput
    case .unavailable: .unavailable
    case .software: .software
    case .osError: .osError
    case .cannotCreate: .cannotCreate
    }
  }

  /// The sentence as printed: control characters and bidirectional-text
  /// controls (a newline inside a view id, say) escaped, so the error is
  /// always one line, and long runs cut (see ``shortened(_:)``).
  var message: String {
    switch self {
    case .usage(let text), .data(let text, _), .noInput(let text), .unavailable(let text),
      .software(let text), .osError(let text), .cannotCreate(let text):
      CLIError.shortened(CLIError.oneLine(text))
    }
  }

  /// Lines printed under the message, each one line (escaped as `message`).
  var excerpt: [String] {
    guard case .data(_, let excerpt) = self else { return [] }
    return excerpt.map(CLIError.oneLine)
  }

  /// `text` with every scalar that ``escaped(_:)`` escapes escaped.
  static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars { result += escaped(scalar) }
    return result
  }

  /// A scalar as messages show it: C0 and C1 control characters, DEL, the
  /// line and paragraph separators and the controls that reorder text
  /// (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069) as an escape
  /// (`\n`, `\u{202e}`), so a message can neither break its line nor be
  /// shown in another order than its characters' (the "Trojan Source"
  /// trick); any other scalar as itself.
  static func escaped(_ scalar: Unicode.Scalar) -> String {
    guard needsEscape(scalar) else { return String(scalar) }
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default: return "\\u{\(String(scalar.value, radix: 16))}"
    }
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The most characters of the user's own text (a key, a word) a
  /// message echoes.
  static let echoedCharacters = 80

  /// `text` as a message echoes it: whole up to ``echoedCharacters``,
  /// else cut there with "…", so a key of megabytes is not printed.
  static func echoed(_ text: String) -> String {
    text.count <= echoedCharacters ? text : "\(text.prefix(echoedCharacters - 1))…"
  }

  /// The longest run of characters without a space a message keeps whole.
  static let longestRun = 160

  /// `text` with every run of more than ``longestRun`` characters without
  /// white space cut to ``echoedCharacters``, its start and end kept with
  /// "…" between: the net under every message, so that user text echoed
  /// where it was not cut by ``echoed(_:)`` (a path of thousands of
  /// characters inside a system's error, a flag's value in a parser's
  /// error) still leaves a short line. A path keeps its folder's start and
  /// its file's name.
  static func shortened(_ text: String) -> String {
    guard text.count > longestRun else { return text }
    var result = ""
    var run = Substring()
    var runStart = text.startIndex
    func flush(upTo end: String.Index) {
      run = text[runStart..<end]
      if run.count > longestRun {
        let head = echoedCharacters / 2
        result += run.prefix(head) + "…" + run.suffix(echoedCharacters - head - 1)
      } else {
        result += run
      }
    }
    var index = text.startIndex
    while index < text.endIndex {
      if text[index].isWhitespace {
        flush(upTo: index)
        result.append(text[index])
        runStart = text.index(after: index)
      }
      index = text.index(after: index)
    }
    flush(upTo: text.endIndex)
    return result
  }

  /// The status the run exits with, from ``kind``: what scripts see.
  var exitStatus: ExitStatus { kind.exitStatus }

  var description: String { message }

  /// An error for work that failed with `cause`: 71 when the system ran out
  /// of a resource (a ``RenderError`` of kind `systemResource`, whose
  /// message names it), else 70, a bug.
  static func failed(_ message: String, cause: any Error) -> CLIError {
    let exhausted = (cause as? RenderError)?.kind == .systemResource
    return CLIError(exhausted ? .osError : .software, message)
  }

  /// An error for an output that could not be made: 71 when the system ran
  /// out of a resource, else 73.
  static func cannotCreate(_ error: RenderError) -> CLIError {
    CLIError(error.kind == .systemResource ? .osError : .cannotCreate, error.message)
  }

  /// An error for a system call that failed with `code` (an `errno`): 71
  /// naming the resource when the system ran out of one, else of `kind`
  /// with the system's words.
  static func system(_ kind: Kind, _ message: String, code: Int32) -> CLIError {
    let error = RenderError.system(message, code: code)
    return CLIError(error.kind == .systemResource ? .osError : kind, error.message)
  }
}
