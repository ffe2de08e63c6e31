/// The appearing view slides in from a side or a corner and covers the
/// disappearing one, which stays in place (or, pushed to the back, shrinks
/// a little).
///
/// Steps (w, h: the bounds' width and height):
/// 1. instant: the appearing view moves just outside the bounds, by ±w
///    and/or ±h (from the top-left corner, by (−w, −h));
/// 2. 0.4 s, ease-in-out: it slides back to its place; with `pushesToBack`,
///    the disappearing view shrinks to 0.95 about its centre meanwhile.
///
/// At the end the appearing view is at its base layout; the disappearing
/// view is unchanged (or scaled by 0.95), still visible beneath.
///
/// ```swift
/// let style = CoverStyle(from: .bottomRight, pushesToBack: true)
/// style.name  // "cover-from-bottom-right-push-to-back"
/// ```
public struct CoverStyle: TransitionStyle, Hashable {
  /// Where the appearing view comes from: a side or a corner.
  public enum Origin: String, Hashable, Sendable, Codable, CaseIterable {
    /// From above: starts at (0, −h).
    case top
    /// From below: starts at (0, h).
    case bottom
    /// From the left: starts at (−w, 0).
    case left
    /// From the right: starts at (w, 0).
    case right
    /// From the top-left corner: starts at (−w, −h).
    case topLeft = "top-left"
    /// From the top-right corner: starts at (w, −h).
    case topRight = "top-right"
    /// From the bottom-left corner: starts at (−w, h).
    case bottomLeft = "bottom-left"
    /// From the bottom-right corner: starts at (w, h).
    case bottomRight = "bottom-right"

    func offset(in bounds: Rect) -> Displacement {
      let (w, h) = (bounds.width, bounds.height)
      switch self {
      case .top: return Displacement(x: 0, y: -h)
      case .bottom: return Displacement(x: 0, y: h)
      case .left: return Displacement(x: -w, y: 0)
      case .right: return Displacement(x: w, y: 0)
      case .topLeft: return Displacement(x: -w, y: -h)
      case .topRight: return Displacement(x: w, y: -h)
      case .bottomLeft: return Displacement(x: -w, y: h)
      case .bottomRight: return Displacement(x: w, y: h)
      }
    }
  }

  /// Where the appearing view comes from.
  public var origin: Origin
  /// Whether the disappearing view shrinks to 0.95 meanwhile.
  public var pushesToBack: Bool

  /// Creates the style.
  public init(from origin: Origin, pushesToBack: Bool = false) {
    self.origin = origin
    self.pushesToBack = pushesToBack
  }

  /// `cover-from-<origin>`, followed by `-push-to-back` when it pushes to
  /// the back.
  public var name: String {
    "cover-from-\(origin.rawValue)" + (pushesToBack ? "-push-to-back" : "")
  }
  /// 0.4 seconds.
  public var intrinsicDuration: Double { 0.4 }

  /// The two steps described above.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let offset = origin.offset(in: context.bounds)
    var slide = context.appearing { [.translate($0, by: -offset)] }
    if pushesToBack {
      slide += context.disappearing {
        [.scale($0, by: StyleMetrics.pushToBackScale)]
      }
    }
    return Animation([
      .instant(context.appearing { [.translate($0, by: offset)] }),
      AnimationStep(duration: 0.4, changes: slide),
    ])
  }
}
