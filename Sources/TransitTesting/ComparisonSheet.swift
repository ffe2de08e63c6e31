import Transit
import TransitRender

/// The picture a failed golden comparison writes to `<name>.compare.png`:
/// the expected image (the golden), the actual image and the difference,
/// side by side, each under a title naming it, so that one file shows what
/// changed and not only where.
///
/// The panels are laid out by TransitRender's `FrameSheet`, on a dark
/// background with ``gap`` pixels between and around them, and titled in
/// the renderer's bundled font (`FrameSheet`'s row titles): each panel is a
/// one-cell grid whose title band, `FrameSheet.rowTitleHeight` pixels tall,
/// sits above the image. A panel narrower than ``minimumPanelWidth`` is
/// widened with background on its right so its title stays readable. The
/// images are copied pixel for pixel: panel `k`'s image starts at
/// ``imageOrigin(ofPanel:in:)``.
///
/// The difference panel is `ImageComparison`'s diff image: the pixels the
/// comparison counts as differing in red, anti-aliasing in yellow, the rest
/// of the golden in faded grey. Images of different sizes have no pixel-wise
/// difference; their sheet has the first two panels only.
enum ComparisonSheet {
  /// Pixels between the panels and around the sheet.
  static let gap = 8
  /// The narrowest a panel is drawn, so that its title fits.
  static let minimumPanelWidth = 160
  /// The sheet's background, dark so that the light titles read on it.
  static let background = Color(red: 0.13, green: 0.13, blue: 0.13)

  /// One panel: an image and its title.
  struct Panel {
    var title: String
    var image: Image
  }

  /// The panels a comparison shows: expected and actual, then the
  /// difference when there is one.
  static func panels(expected: Image, actual: Image, comparison: ImageComparison.Result?)
    -> [Panel]
  {
    var panels = [
      Panel(title: "expected (golden) \(expected.width)×\(expected.height)", image: expected),
      Panel(title: "actual \(actual.width)×\(actual.height)", image: actual),
    ]
    if let comparison {
      let count = comparison.differing
      panels.append(
        Panel(
          title: "difference: \(count) pixel\(count == 1 ? "" : "s")",
          image: comparison.diffImage))
    }
    return panels
  }

  /// The sheet of `panels`, left to right (in more rows only when one row
  /// would be wider than Cairo's 32,767 pixels; see `FrameSheet.strip`).
  ///
  /// - Throws: `RenderError` when a title cannot be drawn or the sheet is
  ///   too large.
  static func image(of panels: [Panel]) throws(RenderError) -> Image {
    var titled: [Image] = []
    for panel in panels {
      titled.append(
        try FrameSheet.grid(
          [widened(panel.image)], columns: 1, padding: 0, background: background,
          rowTitles: [panel.title]))
    }
    return try FrameSheet.strip(titled, padding: gap, background: background)
  }

  /// Where panel `index`'s image starts on the sheet of `panels`, in
  /// pixels from the sheet's top-left corner.
  static func imageOrigin(ofPanel index: Int, in panels: [Panel]) throws(RenderError) -> (
    x: Int, y: Int
  ) {
    let cellWidth = panels.map { max($0.image.width, minimumPanelWidth) }.max() ?? 0
    let cellHeight = (panels.map(\.image.height).max() ?? 0) + FrameSheet.rowTitleHeight
    let columns = try FrameSheet.stripColumns(
      count: panels.count, cellWidth: cellWidth, padding: gap)
    return (
      gap + (index % columns) * (cellWidth + gap),
      gap + (index / columns) * (cellHeight + gap) + FrameSheet.rowTitleHeight
    )
  }

  /// `image` on a background at least ``minimumPanelWidth`` wide, at its
  /// top-left corner.
  private static func widened(_ image: Image) throws(RenderError) -> Image {
    guard image.width < minimumPanelWidth else { return image }
    var pixels = [UInt32](
      repeating: background.premultipliedARGB32, count: minimumPanelWidth * image.height)
    for y in 0..<image.height {
      for x in 0..<image.width { pixels[y * minimumPanelWidth + x] = image[x, y] }
    }
    return try Image(width: minimumPanelWidth, height: image.height, pixels: pixels)
  }
}
