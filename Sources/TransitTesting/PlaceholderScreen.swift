import Transit

/// Plain screens to animate when you have no real content: a full-size
/// coloured view with a few inset bars in the complementary colour, so that
/// motion, scale and perspective are easy to read in a frame.
///
/// These are the screens of the golden images, of `animrender render` when
/// no screenshots are given, and of the benchmark's reference push.
///
/// ```swift
/// let bounds = Rect(x: 0, y: 0, width: 120, height: 200)
/// let scene = Scene(size: bounds.size, views: [
///   PlaceholderScreen.red.view(id: "from", bounds: bounds),
///   PlaceholderScreen.blue.view(id: "to", bounds: bounds),
/// ])
/// ```
public struct PlaceholderScreen: Hashable, Sendable {
  /// The screen's background.
  public var color: Color
  /// How many bars to draw.
  public var barCount: Int

  /// Creates a placeholder with `barCount` bars.
  public init(color: Color, barCount: Int = 8) {
    self.color = color
    self.barCount = barCount
  }

  /// A red screen, rgb(0.9, 0.2, 0.2): the disappearing side by convention.
  public static let red = PlaceholderScreen(color: Color(red: 0.9, green: 0.2, blue: 0.2))
  /// A blue screen, rgb(0.2, 0.3, 0.9): the appearing side by convention.
  public static let blue = PlaceholderScreen(color: Color(red: 0.2, green: 0.3, blue: 0.9))

  /// The screen as a view filling `bounds`, with bars `id-bar-0` … whose
  /// frames are proportional to the bounds: bar i is at
  /// (0.1·w, (0.05 + 0.11·i)·h, 0.8·w, 0.08·h), alpha 0.9.
  public func view(id: String, bounds: Rect) -> View {
    View(
      id: id, frame: bounds, backgroundColor: color, clipsToBounds: true,
      children: bars(id: id, size: bounds.size))
  }

  /// The bars for a screen of `size`, for re-laying a screen out after its
  /// container changed size.
  public func bars(id: String, size: Size) -> [View] {
    let w = size.width
    let h = size.height
    return (0..<barCount).map { i in
      View(
        id: "\(id)-bar-\(i)",
        frame: Rect(x: 0.1 * w, y: (0.05 + Double(i) * 0.11) * h, width: 0.8 * w, height: 0.08 * h),
        alpha: 0.9, backgroundColor: color.inverted, cornerRadius: min(w, h) * 0.01)
    }
  }
}
