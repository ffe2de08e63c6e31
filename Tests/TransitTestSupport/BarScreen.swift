import Transit

/// A screen with a full-width bar along its bottom (`ID-bar`, 56 points
/// high), designed in a 390×844 portrait and laid out at `size` by
/// autoresizing (flexible width, flexible top margin): what a rotation test
/// lays out again on every bounds change, as an app does.
///
/// - Parameters:
///   - id: the screen's id; the bar's is `id` followed by `-bar`.
///   - size: the container's size the bar is laid out at.
public func barScreen(_ id: String, in size: Size) -> View {
  let portrait = Size(width: 390, height: 844)
  let bar: Autoresizing = [.flexibleWidth, .flexibleTopMargin]
  return View(
    id: id, frame: .zero, backgroundColor: .white,
    children: [
      View(
        id: "\(id)-bar",
        frame: bar.frame(
          Rect(x: 0, y: 788, width: 390, height: 56), designedIn: portrait, resizedTo: size))
    ])
}
