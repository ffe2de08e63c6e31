/// Why a golden assertion failed, with the paths a person needs to look at.
///
/// Its description is the whole story in one message, so that test
/// frameworks that print thrown errors (Swift Testing, XCTest) show it as is.
public struct GoldenFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The family of a failure.
  public enum Kind: String, Hashable, Sendable {
    /// There was no golden; one was written from the actual image.
    case recorded
    /// The golden was rewritten (`TRANSIT_RECORD=all`, or `failed` after a
    /// difference).
    case rerecorded
    /// There was no golden and the mode forbids writing one.
    case missing
    /// Golden and actual image have different sizes.
    case sizeMismatch
    /// More pixels differ than the allowance permits.
    case differs
    /// The golden, or an artifact, could not be read or written.
    case unreadable
    /// The environment or arguments are wrong (an unknown record mode).
    case configuration
  }

  /// The family of this failure.
  public var kind: Kind
  /// What happened and where to look.
  public var message: String
  /// The golden file concerned, when there is one.
  public var goldenPath: String?
  /// Where the actual image was written, when it was.
  public var actualPath: String?
  /// Where the diff image was written, when it was.
  public var diffPath: String?

  /// Creates a failure.
  public init(
    _ kind: Kind, _ message: String, goldenPath: String? = nil, actualPath: String? = nil,
    diffPath: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.goldenPath = goldenPath
    self.actualPath = actualPath
    self.diffPath = diffPath
  }

  /// The message alone: it already names the golden and the artifacts.
  public var description: String { message }
}
