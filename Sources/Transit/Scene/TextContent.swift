/// Text a view draws over its background: a string in the bundled sans-serif
/// typeface, wrapped to the view's width and centred vertically in it, as a
/// `UILabel` with `numberOfLines = 0` lays out.
///
/// Text is content like an image: it lives in the view's own coordinates, so
/// it moves, scales, fades and turns in 3-D with the view, and it is clipped
/// to the view's bounds. Lines break between words (inside a word only when
/// a word alone is wider than the view); lines that do not fit the height
/// are cut at the view's edge.
///
/// ```swift
/// let title = View(
///   id: "title", frame: Rect(x: 0, y: 44, width: 390, height: 44),
///   text: TextContent(string: "Inbox", size: 17, weight: .bold, align: .center))
/// ```
public struct TextContent: Hashable, Codable, Sendable {
  /// How heavy the strokes are.
  public enum Weight: String, Hashable, Codable, Sendable, CaseIterable {
    case regular, bold
  }

  /// Where each line sits between the view's left and right edges.
  public enum Alignment: String, Hashable, Codable, Sendable, CaseIterable {
    case left, center, right
  }

  /// The text; `\n` starts a new paragraph.
  public var string: String
  /// The font size in points: the height of the em, as in UIKit.
  public var size: Double
  /// The colour of the glyphs.
  public var color: Color
  /// Regular or bold.
  public var weight: Weight
  /// Left, centred or right.
  public var alignment: Alignment

  /// Creates text; 17-point regular black, left-aligned, by default (UIKit's
  /// body text).
  ///
  /// The labels are the keys of a scene file's `text` object (`string`,
  /// `size`, `color`, `weight`, `align`), so a label written in Swift and
  /// one written in a scene file read alike:
  ///
  /// ```swift
  /// TextContent(string: "Inbox", size: 17, weight: .bold, align: .center)
  /// // {"string": "Inbox", "size": 17, "weight": "bold", "align": "center"}
  /// ```
  ///
  /// - Parameters:
  ///   - string: the text; `\n` starts a new paragraph.
  ///   - size: the font size in points (the em's height, as in UIKit).
  ///   - color: the glyphs' colour; its alpha fades the text.
  ///   - weight: regular or bold.
  ///   - align: where lines sit between the view's edges; stored as
  ///     ``alignment``.
  public init(
    string: String, size: Double = 17, color: Color = .black, weight: Weight = .regular,
    align: Alignment = .left
  ) {
    self.string = string
    self.size = size
    self.color = color
    self.weight = weight
    self.alignment = align
  }

  /// Creates text with the labels of earlier releases; the same as
  /// ``init(string:size:color:weight:align:)``, whose labels match the
  /// scene file's keys.
  @available(*, deprecated, renamed: "init(string:size:color:weight:align:)")
  public init(
    _ string: String, size: Double = 17, color: Color = .black, weight: Weight = .regular,
    alignment: Alignment = .left
  ) {
    self.init(string: string, size: size, color: color, weight: weight, align: alignment)
  }
}
