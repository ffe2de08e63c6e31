/// UIKit's autoresizing model: which of a child's margins and sizes take up
/// a change in its parent's size, so that a full-width row of fixed height
/// or a view pinned to a corner survives a rotation.
///
/// On each axis a child has three parts: the margin before it (left, top),
/// its size (width, height) and the margin after it (right, bottom). When the
/// parent grows or shrinks by Δ, the parts marked flexible share Δ in
/// proportion to their sizes at design time, as UIKit (and AppKit's
/// `resizeWithOldSuperviewSize`) share it; when every flexible part is 0
/// long they share it equally. With no flexible part on an axis the child
/// keeps its position and size on that axis (it stays pinned to the top or
/// left). A size that Δ would make negative stays at 0.
///
/// The frame is always computed from the frame **as designed** in the
/// parent's size **at design time**, never from the last frame, so a
/// rotation and its reverse land bit for bit on the designed frame (the
/// design size gives Δ = 0, and adding 0 changes nothing) and no error
/// accumulates over many rotations.
///
/// ```swift
/// // A 56-point bar along the bottom, full width, designed in portrait:
/// let bar: Autoresizing = [.flexibleWidth, .flexibleTopMargin]
/// let designed = Rect(x: 0, y: 788, width: 390, height: 56)
/// bar.frame(designed, designedIn: Size(width: 390, height: 844),
///           resizedTo: Size(width: 844, height: 390))
/// // (0, 334, 844, 56)
/// ```
public struct Autoresizing: OptionSet, Hashable, Sendable, Codable {
  /// The mask's bits, UIKit's `UIView.AutoresizingMask` values.
  public let rawValue: Int

  /// Creates a mask from UIKit's bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The left margin takes up width changes.
  public static let flexibleLeftMargin = Autoresizing(rawValue: 1 << 0)
  /// The width takes up width changes.
  public static let flexibleWidth = Autoresizing(rawValue: 1 << 1)
  /// The right margin takes up width changes.
  public static let flexibleRightMargin = Autoresizing(rawValue: 1 << 2)
  /// The top margin takes up height changes.
  public static let flexibleTopMargin = Autoresizing(rawValue: 1 << 3)
  /// The height takes up height changes.
  public static let flexibleHeight = Autoresizing(rawValue: 1 << 4)
  /// The bottom margin takes up height changes.
  public static let flexibleBottomMargin = Autoresizing(rawValue: 1 << 5)

  /// The names scene files use, one per flag, in UIKit's order.
  public static let names: [(name: String, flag: Autoresizing)] = [
    ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
    ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
    ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
  ]

  /// Where a child designed at `designed` in a parent of size `designSize`
  /// sits in a parent of size `size`.
  ///
  /// - Parameters:
  ///   - designed: the child's frame in the parent as designed.
  ///   - designSize: the parent's size the frame was designed in.
  ///   - size: the parent's size now.
  /// - Returns: the child's frame now; exactly `designed` when `size` is
  ///   `designSize`. Non-finite inputs give non-finite outputs: check them first.
  public func frame(_ designed: Rect, designedIn designSize: Size, resizedTo size: Size) -> Rect {
    let x = share(
      designed.minX, designed.width, in: designSize.width, resizedTo: size.width,
      flexible: (.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin))
    let y = share(
      designed.minY, designed.height, in: designSize.height, resizedTo: size.height,
      flexible: (.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin))
    return Rect(x: x.origin, y: y.origin, width: x.length, height: y.length)
  }

  /// One axis: the new origin and length of a child at `before` of
  /// `length` in a parent `designed` long, once the parent is `resized`
  /// long; `flags` are the axis's flags for the margin before the child,
  /// its length and the margin after it.
  private func share(
    _ before: Double, _ length: Double, in designed: Double, resizedTo resized: Double,
    flexible flags: (before: Autoresizing, length: Autoresizing, after: Autoresizing)
  ) -> (origin: Double, length: Double) {
    let delta = resized - designed
    let after = designed - (before + length)
    let parts = [
      (contains(flags.before), max(before, 0)), (contains(flags.length), max(length, 0)),
      (contains(flags.after), max(after, 0)),
    ]
    let count = parts.filter(\.0).count
    guard count > 0, delta != 0 else { return (before, length) }
    let total = parts.reduce(0.0) { $0 + ($1.0 ? $1.1 : 0) }
    func portion(_ part: (Bool, Double)) -> Double {
      guard part.0 else { return 0 }
      // One flexible part takes all of Δ, exactly.
      guard count > 1 else { return delta }
      return total > 0 ? delta * part.1 / total : delta / Double(count)
    }
    let grownLength = max(length + portion(parts[1]), 0)
    return (before + portion(parts[0]), grownLength)
  }
}
