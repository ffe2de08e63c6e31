/// The one error type TransitRender throws.
///
/// The message names what failed and with which input: the Cairo call and its
/// status, the PNG file and the decoder's explanation, the size that was rejected.
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
  /// What kind of failure this is, so that a tool can tell a file it cannot
  /// read from a file whose contents are wrong or too large.
  public enum Kind: Hashable, Sendable {
    /// Anything else: a broken PNG, a Cairo failure, a rejected size.
    case failure
    /// An input file that does not exist, cannot be opened, or is not a
    /// regular file (a folder, a device such as `/dev/zero`, a FIFO).
    case unreadable
    /// An input over a limit given by the caller: a file larger than its
    /// byte cap, an image with more pixels than allowed.
    case overLimit
  }

  /// A sentence that names what failed and why.
  public var message: String
  /// The kind of failure; ``Kind/failure`` unless said otherwise.
  public var kind: Kind

  /// Creates an error with an explanatory message.
  public init(_ message: String, kind: Kind = .failure) {
    self.message = message
    self.kind = kind
  }

  /// `render error: ` followed by the message.
  public var description: String { "render error: \(message)" }
}
