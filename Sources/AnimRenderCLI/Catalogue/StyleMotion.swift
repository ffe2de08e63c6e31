import Transit

/// How a built-in style moves, in words, for the catalogue: the axis a
/// flip or turn goes about and which edge comes towards the viewer, the
/// edge a slide comes from. Worked out from the style's own geometry and
/// checked against its frames by the tests (a flip's "bottom edge comes
/// forward" is the edge drawn nearer the camera as the turn begins), so a
/// UIKit user who reads `flip-horizontally` the other way sees what it does.
enum StyleMotion {
  /// One line about `style`, or `nil` for a style that is not built in.
  static func description(of style: any TransitionStyle) -> String? {
    switch style {
    case is NoneStyle:
      return "no animation: the new view replaces the old one at once"
    case let cover as CoverStyle:
      let back = cover.pushesToBack ? ", which shrinks to 95 %" : ""
      return "the new view slides in from the \(place(cover.origin)) over the old one\(back)"
    case let fade as FadeStyle:
      switch fade.variant {
      case .fadeIn: return "the new view fades in over the old one"
      case .fadeInPushToBack: return "the new view fades in as the old one shrinks to 95 %"
      case .crossDissolve: return "the new view fades in as the old one fades out"
      }
    case let push as PushStyle:
      return
        "the new view slides in from the \(push.edge.rawValue), pushing the old one out to the \(opposite(push.edge))"
    case let push as PushFadeInStyle:
      return
        "the old view slides out to the \(opposite(push.edge)), then the new one fades in where it is"
    case let push as PushToBackStyle:
      return
        "the new view slides in from the \(push.edge.rawValue); the old one shrinks to half as it goes"
    case let flow as FlowStyle:
      return
        "both step back to 95 %, slide in from the \(flow.edge.rawValue) together, and come forward"
    case let emerge as EmergeStyle:
      let back = emerge.pushesToBack ? "; the old one shrinks to 95 %" : ""
      return "the new view grows from 80 % at the centre as it fades in\(back)"
    case let flip as FlipStyle:
      return flip.axis == .horizontal
        ? "turns over about the horizontal axis: the bottom edge comes forward"
        : "turns over about the vertical axis: the left edge comes forward"
    case let rotate as RotateStyle:
      return
        "both turn about the \(rotate.hinge.rawValue) edge: the old view swings \(swingsTowardsViewer(rotate) ? "towards you" : "away"), the new one comes from \(swingsTowardsViewer(rotate) ? "behind" : "in front")"
    default:
      return nil
    }
  }

  /// Whether a turn's disappearing view swings towards the viewer: seen
  /// through the camera, "clockwise" about the bottom or left edge lifts
  /// the free edge out of the screen, about the top or right edge pushes it
  /// in.
  static func swingsTowardsViewer(_ style: RotateStyle) -> Bool {
    (style.hinge == .bottom || style.hinge == .left) == style.clockwise
  }

  private static func place(_ origin: CoverStyle.Origin) -> String {
    switch origin {
    case .top, .bottom, .left, .right: origin.rawValue
    default: "\(origin.rawValue) corner"
    }
  }

  private static func opposite(_ edge: TransitionEdge) -> String {
    switch edge {
    case .top: "bottom"
    case .bottom: "top"
    case .left: "right"
    case .right: "left"
    }
  }
}
