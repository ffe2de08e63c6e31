/// What a view looks like, the part of it that animations change besides
/// its ``ViewState`` (where it is and whether it shows): background,
/// corners, border, shadow, where its image is drawn, and its text's
/// colour.
///
/// Timelines sample it along with the state, through the same tracks and
/// the same overlap rule, and reverse it as exactly: every property is
/// state. Each kind has one interpolation rule, written once:
///
/// - colours (background, border, shadow, text) mix in premultiplied sRGB,
///   as CSS Color 4 mixes legacy colours (``Color/interpolated(to:progress:)``);
/// - corner radii interpolate corner by corner, and are fitted to the
///   view's size only when drawn (``CornerRadii/fitted(to:)``);
/// - border widths interpolate linearly;
/// - shadows interpolate component by component
///   (``Shadow/interpolated(to:progress:)``);
/// - the image's place interpolates as its placed rect
///   (``ImagePlacement``).
///
/// Every rule gives its two ends bit for bit at progress 0 and 1, and a
/// sample in motion is brought back into range (colours into 0…1, radii,
/// widths and blurs to 0 or more) when an overshooting curve takes it out.
/// Its defaults are a ``View``'s, so `ViewAppearance()` is the appearance
/// of `View(id: id, frame: f)`.
public struct ViewAppearance: Hashable, Codable, Sendable {
  /// The fill behind the content.
  public var backgroundColor: Color
  /// The radius of each corner.
  public var cornerRadii: CornerRadii
  /// The line inside the edge.
  public var border: Border
  /// The drop shadow.
  public var shadow: Shadow
  /// Where the image is drawn.
  public var imagePlacement: ImagePlacement
  /// The colour of the view's text, or `nil` when it has none.
  public var textColor: Color?

  /// Creates an appearance.
  public init(
    backgroundColor: Color = .clear, cornerRadii: CornerRadii = .zero, border: Border = .none,
    shadow: Shadow = .none, imagePlacement: ImagePlacement = ImagePlacement(.scaleAspectFill),
    textColor: Color? = nil
  ) {
    self.backgroundColor = backgroundColor
    self.cornerRadii = cornerRadii
    self.border = border
    self.shadow = shadow
    self.imagePlacement = imagePlacement
    self.textColor = textColor
  }
}
