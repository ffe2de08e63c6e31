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
  /// A step of an animation (`step`, e.g. "step 2 ('slide')") has a
  /// duration or an overlap out of range; `problem` says how. Of kind
  /// ``Kind/invalidValue``.
  case invalidStep(step: String, problem: String)
  /// A step of an animation (`step`) has a negative `duration`. Of kind
  /// ``Kind/negativeDuration``.
  case negativeStepDuration(step: String, duration: Double)
  /// A parameter (`name`, e.g. "x1") of a timing curve (`curve`, e.g.
  /// "cubic-bezier") has the value `value` (as written), out of range;
  /// `problem` says how. Of kind ``Kind/invalidCurve``.
  case invalidCurveParameter(curve: String, name: String, value: String, problem: String)
  /// A curve's text form (`text`, echoed cut short) does not parse;
  /// `problem` says what was expected. Of kind ``Kind/invalidCurve``.
  case invalidCurveText(_ text: String, problem: String)
  /// A container was asked for the `item` (e.g. "tab") at `index` but holds
  /// `count` of them. Of kind ``Kind/invalidValue``.
  case noSuchItem(_ item: String, index: Int, count: Int)
  /// A stack was asked to `operation` ("insert", "remove") a child at
  /// `index` but holds `count` children. Of kind ``Kind/invalidValue``.
  case stackIndexOutOfRange(operation: String, index: Int, count: Int)
  /// An operation (`operation`, e.g. "push") on the screens underneath was
  /// asked for while the view `presented` is presented. Of kind
  /// ``Kind/invalidState``.
  case presentationInTheWay(operation: String, presented: String)
  /// Nothing is presented to `action` (e.g. "dismiss"). Of kind
  /// ``Kind/invalidState``.
  case nothingPresented(to: String)
  /// A sheet operation was asked for while the top presentation is not a
  /// sheet. Of kind ``Kind/invalidState``.
  case topIsNotASheet
  /// A sheet drag was asked to `action` ("end", "cancel") while none runs.
  /// Of kind ``Kind/invalidState``.
  case noSheetDrag(to: String)
  /// A sheet was given a `detent` that is not one of its `detents`. Of kind
  /// ``Kind/invalidValue``.
  case detentNotOffered(SheetDetent, detents: [SheetDetent])

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
  @available(*, deprecated, renamed: "Kind")
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
    case .invalidValue, .notFiniteOrNegative, .invalidChange, .invalidProperty, .invalidStep,
      .noSuchItem, .stackIndexOutOfRange, .detentNotOffered:
      .invalidValue
    case .negativeDuration, .negativeStepDuration: .negativeDuration
    case .unknownView, .viewNotInScene: .unknownView
    case .duplicateView: .duplicateView
    case .duplicateMatchKey: .duplicateMatchKey
    case .invalidCurve, .invalidCurveParameter, .invalidCurveText: .invalidCurve
    case .unknownStyle: .unknownStyle
    case .invalidState, .transitionRunning, .presentationInTheWay, .nothingPresented,
      .topIsNotASheet, .noSheetDrag:
      .invalidState
    }
  }

  /// The family of this error; the same as ``kind``.
  @available(*, deprecated, renamed: "kind")
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
    case .invalidStep(let step, let problem):
      "\(step): \(problem)"
    case .negativeStepDuration(let step, let duration):
      "\(step): duration \(duration) is negative"
    case .invalidCurveParameter(let curve, let name, let value, let problem):
      "\(curve) \(name) = \(value) \(problem)"
    case .invalidCurveText(let text, let problem):
      "'\(Suggestions.echoed(text))': \(problem)"
    case .noSuchItem(let item, let index, let count):
      "no \(item) \(index) in a container of \(count) \(item)s"
    case .stackIndexOutOfRange(let operation, let index, let count):
      "cannot \(operation) at \(index) in a stack of \(count) children"
    case .presentationInTheWay(let operation, let presented):
      "cannot \(operation) while '\(presented)' is presented: dismiss it first (back() does)"
    case .nothingPresented(let action):
      "nothing is presented to \(action)"
    case .topIsNotASheet:
      "the top presentation is not a sheet"
    case .noSheetDrag(let action):
      "no sheet drag to \(action)"
    case .detentNotOffered(let detent, let detents):
      "the detent \(detent) is not one of \(detents)"
    }
  }

  /// The kind's words and the message, e.g. `invalid curve: cubic-bezier x1
  /// = 1.5 is outside 0…1`: what a test or a command line prints.
  public var description: String { "\(kind.rawValue): \(message)" }
}
