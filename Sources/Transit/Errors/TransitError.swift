/// The one error type Transit throws.
///
/// Every error says *what* was wrong and *where*: the message names the step,
/// the view id, the field or the text that was rejected, so that a user can fix
/// the input without reading Transit's source. Transit never clamps bad input
/// silently and never traps on it; it throws one of these instead.
///
/// ```swift
/// do {
///   _ = try TimingCurve.cubicBezier(1.5, 0, 0.5, 1)
/// } catch {
///   print(error)  // invalid curve: cubic-bezier x1 = 1.5 is outside 0…1
/// }
/// ```
public struct TransitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The family of an error, for code that reacts to errors by kind.
  public enum Code: String, Hashable, Sendable {
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

  /// The family of this error.
  public var code: Code
  /// A sentence that names what was wrong and where.
  public var message: String

  /// Creates an error of the given family with an explanatory message.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The code's words and the message, e.g. `invalid curve: cubic-bezier x1
  /// = 1.5 is outside 0…1`: what a test or a command line prints.
  public var description: String { "\(code.rawValue): \(message)" }
}
