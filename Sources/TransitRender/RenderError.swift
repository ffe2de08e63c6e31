/// The one error type TransitRender throws.
///
/// The message names what failed and with which input: the Cairo call and its
/// status, the PNG file and libpng's explanation, the size that was rejected.
/// The renderer never traps on bad input; it throws one of these instead.
///
/// ```swift
/// do {
///   _ = try Image(width: 40_000, height: 10)
/// } catch {
///   print(error)  // render error: image width 40000 is outside 1…32767
/// }
/// ```
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A sentence that names what failed and why.
  public var message: String

  /// Creates an error with an explanatory message.
  public init(_ message: String) {
    self.message = message
  }

  /// `render error: ` followed by the message.
  public var description: String { "render error: \(message)" }
}
