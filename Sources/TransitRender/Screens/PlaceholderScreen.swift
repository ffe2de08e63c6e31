import Transit

/// Plausible app screens to animate when you have no real content: a title
/// bar in the screen's colour with its title, and rows, each a white rounded
/// card with a coloured dot and a line of text, on a pale tint of the colour.
/// Motion, scale and perspective are easy to read in a frame, and a strip
/// looks like the apps it stands for.
///
/// These are the screens of the golden images, of `animrender render` when
/// no screenshots are given, and of the demo: ``red`` is an inbox (the
/// disappearing side by convention), ``blue`` a settings list (the
/// appearing side).
///
/// Everything is proportional to the bounds (text too, as a fraction of the
/// shorter side), so a screen laid out again at new bounds after a rotation
/// looks the same, only reshaped.
///
/// ```swift
/// let bounds = Rect(x: 0, y: 0, width: 120, height: 200)
/// let scene = Scene(size: bounds.size, views: [
///   PlaceholderScreen.red.view(id: "from", bounds: bounds),
///   PlaceholderScreen.blue.view(id: "to", bounds: bounds),
/// ])
/// ```
public struct PlaceholderScreen: Hashable, Sendable {
  /// The title bar's colour; the background is a pale tint of it.
  public var color: Color
  /// The title in the title bar.
  public var title: String
  /// The rows' text, top to bottom; rows past its end are numbered.
  public var rows: [String]
  /// How many rows to draw.
  public var barCount: Int

  /// Creates a placeholder with `barCount` rows.
  public init(color: Color, title: String = "Screen", rows: [String] = [], barCount: Int = 8) {
    self.color = color
    self.title = title
    self.rows = rows
    self.barCount = barCount
  }

  /// A red inbox, rgb(0.9, 0.2, 0.2): the disappearing side by convention.
  public static let red = PlaceholderScreen(
    color: Color(red: 0.9, green: 0.2, blue: 0.2), title: "Inbox",
    rows: [
      "Anna Lindqvist", "Ben Okafor", "Chloé Martin", "Dev Patel", "Emma Rossi", "Farid Haddad",
      "Grace Kim", "Hugo Silva",
    ])
  /// A blue settings list, rgb(0.2, 0.3, 0.9): the appearing side by convention.
  public static let blue = PlaceholderScreen(
    color: Color(red: 0.2, green: 0.3, blue: 0.9), title: "Settings",
    rows: [
      "Wi-Fi", "Bluetooth", "Notifications", "Sounds", "Focus", "Screen Time", "General", "Privacy",
    ])

  /// The pale background: the colour 18 % strong over white.
  public var backgroundColor: Color {
    Color(
      red: 0.82 + 0.18 * color.red, green: 0.82 + 0.18 * color.green,
      blue: 0.82 + 0.18 * color.blue)
  }

  /// The screen as a view filling `bounds`, clipped, with the title bar
  /// `id-title` and rows `id-row-0` … (see `bars(id:size:)`).
  public func view(id: String, bounds: Rect) -> View {
    View(
      id: id, frame: bounds, backgroundColor: backgroundColor, clipsToBounds: true,
      children: bars(id: id, size: bounds.size))
  }

  /// The title bar and rows for a screen of `size`, for laying a screen out
  /// again after its container changed size. With w, h the size and
  /// m = min(w, h): the title bar `id-title` is (0, 0, w, 0.13·h) with the
  /// title bold, white, centred, 0.1·m points; row i `id-row-i` is
  /// (0.05·w, (0.17 + 0.1·i)·h, 0.9·w, 0.08·h), holding a dot `id-row-i-dot`
  /// and its text `id-row-i-label` at 0.075·m points.
  ///
  /// Text never grows past `TextContent.maximumSize`: on a screen whose
  /// shorter side is over 10,000 points the title stays at 1,000 points
  /// (and the rows' text past 13,333), so every screen size a scene allows
  /// has a screen to draw.
  package func bars(id: String, size: Size) -> [View] {
    let w = size.width
    let h = size.height
    let m = min(w, h)
    let largest = TextContent.maximumSize
    let titleBar = View(
      id: "\(id)-title", frame: Rect(x: 0, y: 0, width: w, height: 0.13 * h),
      backgroundColor: color,
      text: TextContent(
        string: title, size: min(0.1 * m, largest), color: .white, weight: .bold, align: .center))
    let rowViews = (0..<barCount).map { i -> View in
      let frame = Rect(
        x: 0.05 * w, y: (0.17 + Double(i) * 0.1) * h, width: 0.9 * w, height: 0.08 * h)
      let dot = 0.6 * frame.height
      let inset = 0.2 * frame.height
      let text = i < rows.count ? rows[i] : "\(title) \(i + 1)"
      return View(
        id: "\(id)-row-\(i)", frame: frame, backgroundColor: .white, cornerRadius: 0.02 * m,
        clipsToBounds: true,
        children: [
          View(
            id: "\(id)-row-\(i)-dot", frame: Rect(x: inset, y: inset, width: dot, height: dot),
            backgroundColor: color, cornerRadius: dot / 2),
          View(
            id: "\(id)-row-\(i)-label",
            frame: Rect(
              x: 2 * inset + dot, y: 0, width: max(0, frame.width - 3 * inset - dot),
              height: frame.height),
            text: TextContent(
              string: text, size: min(0.075 * m, largest),
              color: Color(red: 0.15, green: 0.15, blue: 0.17))),
        ])
    }
    return [titleBar] + rowViews
  }
}
