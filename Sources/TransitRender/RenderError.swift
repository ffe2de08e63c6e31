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
    /// The system ran out of something the work needs, not the input's
    /// fault: open files (`EMFILE`, the process's limit `ulimit -n`, or
    /// `ENFILE`, the system's) or memory (an allocation Cairo or a codec
    /// could not make). The message names the resource.
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
      return RenderError("\(message): \(resource)", kind: .systemResource)
    }
    return RenderError("\(message): \(Platform.words(for: code))", kind: kind)
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
