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
    /// The goldens were drawn with other text engine versions than this
    /// machine's (see ``GoldenEnvironment``).
    case environmentDiffers
  }

  /// The family of this failure.
  public var kind: Kind
  /// What happened and where to look.
  public var message: String
  /// The golden file concerned, when there is one.
  public var goldenPath: String?
  /// Where the golden's pixels were written beside the actual image, when
  /// they were: the expected picture, kept even when `TRANSIT_RECORD=failed`
  /// rewrites the golden.
  public var expectedPath: String?
  /// Where the actual image was written, when it was.
  public var actualPath: String?
  /// Where the side-by-side comparison (expected | actual | difference) was
  /// written, when it was.
  public var comparePath: String?

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - kind: the family of the failure.
  ///   - message: what happened and where to look; it should name every path given.
  ///   - goldenPath: the golden concerned.
  ///   - expectedPath: the golden's pixels written as an artifact.
  ///   - actualPath: the actual image written as an artifact.
  ///   - comparePath: the side-by-side comparison written as an artifact.
  public init(
    _ kind: Kind, _ message: String, goldenPath: String? = nil, expectedPath: String? = nil,
    actualPath: String? = nil, comparePath: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.goldenPath = goldenPath
    self.expectedPath = expectedPath
    self.actualPath = actualPath
    self.comparePath = comparePath
  }

  /// The side-by-side comparison, whose third panel is the difference.
  @available(*, deprecated, renamed: "comparePath")
  public var diffPath: String? { comparePath }

  /// The message alone: it already names the golden and the artifacts.
  public var description: String { message }
}
