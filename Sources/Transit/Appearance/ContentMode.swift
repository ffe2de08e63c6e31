/// How a view lays its image out in its bounds: UIKit's `UIView.ContentMode`
/// for images.
///
/// The three scaling modes fill the bounds (stretched), fit inside them or
/// cover them (keeping the image's aspect ratio, centred); the other nine
/// draw the image at its own size, pinned to the centre, an edge or a
/// corner. ``rect(forImageOf:in:)`` is the whole rule.
public enum ContentMode: String, Hashable, Codable, Sendable, CaseIterable {
  /// Stretched to the bounds, whatever its aspect ratio.
  case scaleToFill
  /// As large as fits inside the bounds, centred (letterboxed).
  case scaleAspectFit
  /// As small as covers the bounds, centred (cropped by the clip).
  case scaleAspectFill
  /// At its own size, centred.
  case center
  /// At its own size, centred horizontally, against the top edge.
  case top
  /// At its own size, centred horizontally, against the bottom edge.
  case bottom
  /// At its own size, centred vertically, against the left edge.
  case left
  /// At its own size, centred vertically, against the right edge.
  case right
  /// At its own size, in the top-left corner.
  case topLeft
  /// At its own size, in the top-right corner.
  case topRight
  /// At its own size, in the bottom-left corner.
  case bottomLeft
  /// At its own size, in the bottom-right corner.
  case bottomRight

  /// Where an image of `size` is drawn in `bounds` (a view's own
  /// coordinates): its placed rect, which may reach outside the bounds
  /// (aspect-fill, or an image larger than the view); the view's shape
  /// clips it.
  ///
  /// With bounds `(x, y, W, H)` and an image `w × h`:
  ///
  /// - scale-to-fill: `(x, y, W, H)`;
  /// - aspect-fit and aspect-fill: `s = min(W/w, H/h)` or `max(W/w, H/h)`,
  ///   the rect `s·w × s·h` centred: `x + (W − s·w)/2`, `y + (H − s·h)/2`;
  /// - the others: `w × h` at `x + aₓ·(W − w)`, `y + a_y·(H − h)`, with the
  ///   anchors `aₓ, a_y` 0 (left, top), ½ (centre) or 1 (right, bottom).
  ///
  /// An image with no area (a side 0 or not finite) cannot be scaled: it
  /// is drawn at its own size under every scaling mode, centred.
  public func rect(forImageOf size: Size, in bounds: Rect) -> Rect {
    let (w, h) = (size.width, size.height)
    let (W, H) = (bounds.width, bounds.height)
    let scalable = w > 0 && h > 0 && w.isFinite && h.isFinite
    switch self {
    case .scaleToFill where scalable:
      return bounds
    case .scaleAspectFit where scalable, .scaleAspectFill where scalable:
      let s = self == .scaleAspectFit ? min(W / w, H / h) : max(W / w, H / h)
      let (sw, sh) = (s * w, s * h)
      return Rect(
        x: bounds.minX + (W - sw) / 2, y: bounds.minY + (H - sh) / 2, width: sw, height: sh)
    default:
      let (ax, ay) = anchor
      return Rect(
        x: bounds.minX + ax * (W - w), y: bounds.minY + ay * (H - h), width: w, height: h)
    }
  }

  /// Where a mode pins an image drawn at its own size: 0, ½ or 1 of the
  /// room left on each axis (the scaling modes centre).
  var anchor: (x: Double, y: Double) {
    switch self {
    case .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center: (0.5, 0.5)
    case .top: (0.5, 0)
    case .bottom: (0.5, 1)
    case .left: (0, 0.5)
    case .right: (1, 0.5)
    case .topLeft: (0, 0)
    case .topRight: (1, 0)
    case .bottomLeft: (0, 1)
    case .bottomRight: (1, 1)
    }
  }
}
