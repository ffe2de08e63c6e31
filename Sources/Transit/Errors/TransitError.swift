/// The one error type Transit throws.
///
/// Every error says *what* was wrong and *where*: the message names the step,
/// the view id, the field or the text that was rejected, so that a user can fix
/// the input without reading Transit's source. Transit never clamps bad input
/// silently and never traps on it; it throws one of these instead.
///
/// Code that reacts to errors switches over ``kind`` (eight families) or
/// matches a case; code that reports them prints ``description``. Each
/// family has a case that carries the sentence made where the error was
/// found; errors that recur in one shape have a case of their own whose
/// payload is the data, the sentence being made here, in ``message``.
///
/// ```swift
/// do {
///   _ = try TimingCurve.cubicBezier(1.5, 0, 0.5, 1)
/// } catch {
///   print(error)  // invalid curve: cubic-bezier x1 = 1.5 is outside 0…1
/// }
/// ```
public enum TransitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A number was NaN, infinite or outside its allowed range.
  case invalidValue(String)
  /// A step or an animation was given a negative duration.
  case negativeDuration(String)
  /// A change names a view id that the scene does not contain.
  case unknownView(String)
  /// Two views of one scene share an id.
  case duplicateView(String)
  /// Two views of one screen share a ``View/matchKey``.
  case duplicateMatchKey(String)
  /// A timing curve's parameters or its textual form were rejected.
  case invalidCurve(String)
  /// A transition style name is not registered.
  case unknownStyle(String)
  /// An operation is not possible in the current state.
  case invalidState(String)
  /// A quantity (`what`, e.g. "a sheet's duration") is not finite or is
  /// negative; `got` is the value as written. Of kind ``Kind/invalidValue``.
  case notFiniteOrNegative(_ what: String, got: String)
  /// A transition names a view (`id`) that is not in the container's scene.
  /// Of kind ``Kind/unknownView``.
  case viewNotInScene(id: String)
  /// An operation was asked for while a transition runs. Of kind
  /// ``Kind/invalidState``.
  case transitionRunning
  /// A change of an animation step (`step`, e.g. "step 2 ('slide')") to
  /// the view `view` is out of range; `problem` says how. Of kind
  /// ``Kind/invalidValue``.
  case invalidChange(step: String, view: String, problem: String)
  /// A property (`field`, e.g. "cornerRadius") of the view `view` is out
  /// of range; `problem` says how. Of kind ``Kind/invalidValue``.
  case invalidProperty(view: String, field: String, problem: String)

  /// The family of an error, for code that reacts to errors by kind.
  public enum Kind: String, Hashable, Sendable {
    /// A number was NaN, infinite or outside its allowed range.
    case invalidValue = "invalid value"
    /// A step or an animation was given a negative duration.
    case negativeDuration = "negative duration"
    /// A change names a view id that the scene does not contain.
    case unknownView = "unknown view"
    /// Two views of one scene share an id.
    case duplicateView = "duplicate view"
    /// Two views of one screen share a ``View/matchKey``.
    case duplicateMatchKey = "duplicate match key"
    /// A timing curve's parameters or its textual form were rejected.
    case invalidCurve = "invalid curve"
    /// A transition style name is not registered.
    case unknownStyle = "unknown style"
    /// An operation is not possible in the current state.
    case invalidState = "invalid state"
  }

  /// Another name for ``Kind``.
  public typealias Code = Kind

  /// An error of family `kind` that says `message`: the family's own case.
  public init(_ kind: Kind, _ message: String) {
    switch kind {
    case .invalidValue: self = .invalidValue(message)
    case .negativeDuration: self = .negativeDuration(message)
    case .unknownView: self = .unknownView(message)
    case .duplicateView: self = .duplicateView(message)
    case .duplicateMatchKey: self = .duplicateMatchKey(message)
    case .invalidCurve: self = .invalidCurve(message)
    case .unknownStyle: self = .unknownStyle(message)
    case .invalidState: self = .invalidState(message)
    }
  }

  /// The family of this error.
  public var kind: Kind {
    switch self {
    case .invalidValue, .notFiniteOrNegative, .invalidChange, .invalidProperty: .invalidValue
    case .negativeDuration: .negativeDuration
    case .unknownView, .viewNotInScene: .unknownView
    case .duplicateView: .duplicateView
    case .duplicateMatchKey: .duplicateMatchKey
    case .invalidCurve: .invalidCurve
    case .unknownStyle: .unknownStyle
    case .invalidState, .transitionRunning: .invalidState
    }
  }

  /// The family of this error; the same as ``kind``.
  public var code: Kind { kind }

  /// A sentence that names what was wrong and where.
  public var message: String {
    switch self {
    case .invalidValue(let message), .negativeDuration(let message), .unknownView(let message),
      .duplicateView(let message), .duplicateMatchKey(let message), .invalidCurve(let message),
      .unknownStyle(let message), .invalidState(let message):
      message
    case .notFiniteOrNegative(let what, let value):
      "\(what) must be finite and not negative, got \(value)"
    case .viewNotInScene(let id):
      "the transition's view '\(id)' is not in the container's scene"
    case .transitionRunning:
      "a transition is already running; queue the operation"
    case .invalidChange(let step, let view, let problem):
      "\(step), view '\(view)': \(problem)"
    case .invalidProperty(let view, let field, let problem):
      "view '\(view)': \(field) \(problem)"
    }
  }

  /// The kind's words and the message, e.g. `invalid curve: cubic-bezier x1
  /// = 1.5 is outside 0…1`: what a test or a command line prints.
  public var description: String { "\(kind.rawValue): \(message)" }
}
