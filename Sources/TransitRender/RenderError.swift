import Transit

/// The one error type TransitRender throws.
///
/// The message names what failed and with which input: the Cairo call and its
/// status, the PNG file and the decoder's explanation, the size that was rejected.
/// The renderer never traps on bad input; it throws one of these instead.
///
/// Code that reacts to errors switches over ``kind`` (four families) or
/// matches a case; code that reports them prints ``description``. Each
/// family has a case that carries the sentence made where the error was
/// found; errors that recur in one shape have a case of their own whose
/// payload is the data, the sentence being made here, in ``message``.
///
/// ```swift
/// do {
///   _ = try Image(width: 40_000, height: 10)
/// } catch {
///   print(error)  // render error: image width 40000 is outside 1…32767
/// }
/// ```
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Anything else: a broken PNG, a Cairo failure, a rejected size.
  case failure(String)
  /// An input file that does not exist, cannot be opened, or is not a
  /// regular file (a folder, a device such as `/dev/zero`, a FIFO).
  case unreadable(String)
  /// An input over a limit given by the caller: a file larger than its
  /// byte cap, an image with more pixels than allowed.
  case overLimit(String)
  /// The system ran out of something the work needs, not the input's
  /// fault: open files (`EMFILE`, the process's limit `ulimit -n`, or
  /// `ENFILE`, the system's) or memory (an allocation Cairo or a codec
  /// could not make). The message names the resource.
  case systemResource(String)
  /// A sequence of frames (`what`: "a GIF", "a frame sheet") was given
  /// none. Of kind ``Kind/failure``.
  case noFrames(_ what: String)
  /// The frames of an animation (`what`: "a GIF") differ in size. Of kind
  /// ``Kind/failure``.
  case framesDifferInSize(_ what: String)
  /// A sheet's padding is outside 0…``Image/maximumSide``. Of kind ``Kind/failure``.
  case paddingOutOfRange(Int)
  /// A grid was asked for fewer than one column. Of kind ``Kind/failure``.
  case tooFewColumns(Int)
  /// A file grew past `maximumBytes` while it was read. Of kind ``Kind/overLimit``.
  case grewPastLimit(path: String, maximumBytes: Int)
  /// A side (`side`: "width" or "height") of a surface or image (`what`,
  /// e.g. "image") is `value`, outside 1…``Image/maximumSide``. Of kind
  /// ``Kind/failure``.
  case sideOutOfRange(_ what: String, side: String, value: Int)
  /// A frame delay of an animation has a denominator of 0. Of kind
  /// ``Kind/failure``.
  case zeroDelayDenominator
  /// An animation (`what`: "a GIF") of `frames` frames was given `times`
  /// frame times. Of kind ``Kind/failure``.
  case frameTimesMismatch(_ what: String, frames: Int, times: Int)
  /// A loop count of a GIF or WebP (`format`) is outside 0…65,535, what
  /// both formats store. Of kind ``Kind/failure``.
  case loopCountOutOfRange(format: String, loopCount: Int)
  /// A scene to draw failed its own validation (`error`). Of kind
  /// ``Kind/failure``.
  case invalidScene(TransitError)
  /// A view (`id`) has a value that cannot be drawn (NaN, infinite, a
  /// degenerate transform). Of kind ``Kind/failure``.
  case undrawableView(id: String)
  /// The file at `path` is `bytes` long, more than `maximumBytes`. Of kind
  /// ``Kind/overLimit``.
  case fileTooLarge(path: String, bytes: Int, maximumBytes: Int)
  /// An image (`source`, e.g. `'a.png'`) of `width`×`height` has more
  /// pixels than `maximumPixels`. Of kind ``Kind/overLimit``.
  case tooManyPixels(source: String, width: Int, height: Int, maximumPixels: Int)
  /// The input at `path` is not a regular file but a `what` (a folder, a
  /// FIFO, a device). Of kind ``Kind/unreadable``.
  case notARegularFile(path: String, what: String)
  /// A sheet of `cells` columns (`isRow` false) or rows of `cellSide`
  /// pixels with `padding` around each is wider or taller than
  /// ``Image/maximumSide``. Of kind ``Kind/failure``.
  case sheetTooLarge(cells: Int, isRow: Bool, cellSide: Int, padding: Int)
  /// An output (`path`) cannot be written (`action`: "write", "create",
  /// "replace"); `problem` says why. Of kind ``Kind/failure``.
  case cannotWrite(_ action: String, path: String, problem: String)

  /// What kind of failure this is, so that a tool can tell a file it cannot
  /// read from a file whose contents are wrong or too large.
  public enum Kind: Hashable, Sendable {
    /// Anything else: a broken PNG, a Cairo failure, a rejected size.
    case failure
    /// An input file that does not exist, cannot be opened, or is not a
    /// regular file.
    case unreadable
    /// An input over a limit given by the caller.
    case overLimit
    /// The system ran out of something the work needs, not the input's fault.
    case systemResource
  }

  /// An error for a system call that failed with `code` (an `errno`):
  /// ``Kind/systemResource`` naming the resource when the system ran out of
  /// one, else of `kind`, with the system's words.
  ///
  /// ```swift
  /// RenderError.system("cannot open 'a.png' for reading", code: EMFILE, kind: .unreadable)
  /// // cannot open 'a.png' for reading: too many open files (this process
  /// // may have 16 open; raise ulimit -n), of kind .systemResource
  /// ```
  package static func system(_ message: String, code: Int32, kind: Kind = .failure) -> RenderError {
    if let resource = Platform.exhaustedResource(code) {
      return .systemResource("\(message): \(resource)")
    }
    return RenderError("\(message): \(Platform.words(for: code))", kind: kind)
  }

  /// An error of `kind` (``Kind/failure`` unless said otherwise) that says
  /// `message`: the kind's own case.
  public init(_ message: String, kind: Kind = .failure) {
    switch kind {
    case .failure: self = .failure(message)
    case .unreadable: self = .unreadable(message)
    case .overLimit: self = .overLimit(message)
    case .systemResource: self = .systemResource(message)
    }
  }

  /// The kind of failure.
  public var kind: Kind {
    switch self {
    case .failure, .noFrames, .framesDifferInSize, .paddingOutOfRange, .tooFewColumns,
      .sideOutOfRange, .zeroDelayDenominator, .frameTimesMismatch, .loopCountOutOfRange,
      .invalidScene, .undrawableView, .sheetTooLarge, .cannotWrite:
      .failure
    case .unreadable, .notARegularFile: .unreadable
    case .overLimit, .grewPastLimit, .fileTooLarge, .tooManyPixels: .overLimit
    case .systemResource: .systemResource
    }
  }

  /// A sentence that names what failed and why.
  public var message: String {
    switch self {
    case .failure(let message), .unreadable(let message), .overLimit(let message),
      .systemResource(let message):
      message
    case .noFrames(let what): "\(what) needs at least one frame"
    case .framesDifferInSize(let what): "every frame of \(what) must have the size of the first"
    case .paddingOutOfRange(let padding): "padding \(padding) is outside 0…\(Image.maximumSide)"
    case .tooFewColumns(let columns): "a grid needs at least 1 column, got \(columns)"
    case .grewPastLimit(let path, let maximumBytes):
      "'\(path)' grew past the \(maximumBytes) bytes allowed"
    case .sideOutOfRange(let what, let side, let value):
      "\(what) \(side) \(value) is outside 1…\(Image.maximumSide)"
    case .zeroDelayDenominator: "a frame delay needs a denominator above 0"
    case .frameTimesMismatch(let what, let frames, let times):
      "\(what) of \(frames) frames was given \(times) frame times"
    case .loopCountOutOfRange(let format, let loopCount):
      "\(format) loop count \(loopCount) is outside 0…65,535"
    case .invalidScene(let error): "invalid scene: \(error.message)"
    case .undrawableView(let id): "view '\(id)' has values that cannot be drawn"
    case .fileTooLarge(let path, let bytes, let maximumBytes):
      "'\(path)' is \(bytes) bytes, more than the \(maximumBytes) allowed"
    case .tooManyPixels(let source, let width, let height, let maximumPixels):
      "\(source) is \(width)×\(height) pixels, more than the \(maximumPixels) allowed"
    case .notARegularFile(let path, let what):
      "cannot read '\(path)': not a regular file (\(what))"
    case .sheetTooLarge(let cells, let isRow, let cellSide, let padding):
      "a sheet of \(cells) \(isRow ? "rows" : "columns") of \(cellSide) pixels with padding "
        + "\(padding) is \(isRow ? "taller" : "wider") than \(Image.maximumSide) pixels"
    case .cannotWrite(let action, let path, let problem):
      "cannot \(action) '\(path)': \(problem)"
    }
  }

  /// `render error: ` followed by the message.
  public var description: String { "render error: \(message)" }
}
