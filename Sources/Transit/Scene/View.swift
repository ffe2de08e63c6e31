/// One view of a ``Scene``: a rectangle with a background, an optional image,
/// optional text, a border, a 3D transform about its centre, and children.
///
/// A view is a value: changing a copy never changes the scene it came from.
/// Its `id` is stable and unique within a scene; animations refer to views by
/// it.
///
/// ```swift
/// let card = View(
///   id: "card", frame: Rect(x: 20, y: 40, width: 350, height: 200),
///   backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9), cornerRadius: 12,
///   children: [View(id: "title", frame: Rect(x: 16, y: 16, width: 200, height: 24))])
/// ```
public struct View: Hashable, Codable, Sendable {
  /// The stable identifier animations use to find this view.
  public var id: String
  /// Position and size in the parent's coordinate space, before `transform`.
  public var frame: Rect
  /// Opacity of the whole view and its children, composited as one group (0…1).
  public var alpha: Double
  /// A 3D transform applied about the centre of `frame`.
  public var transform: Transform3D
  /// The fill of the rounded rectangle behind the content.
  public var backgroundColor: Color
  /// The radius of each rounded corner, in points.
  public var cornerRadii: CornerRadii
  /// A line drawn inside the edge.
  public var border: Border
  /// Whether children are clipped to this view's rounded shape.
  public var clipsToBounds: Bool
  /// Whether the view (and its children) is not drawn at all.
  public var isHidden: Bool
  /// The drop shadow behind the view's shape; none by default.
  public var shadow: Shadow
  /// An image drawn over the background, placed by ``imagePlacement``.
  public var content: ImageContent?
  /// Where the image is drawn in the view: a ``ContentMode`` (aspect-fill
  /// by default), or part of the way between two while one animates.
  public var imagePlacement: ImagePlacement
  /// Text drawn over the background and image, wrapped to the view's width.
  /// Optional, so scenes encoded before views had text decode unchanged.
  public var text: TextContent?
  /// Subviews, drawn in order above this view, in its coordinate space.
  public var children: [View]
  /// The key that pairs this view with a view of another screen, so that
  /// a container operation between the two screens flies it from one to
  /// the other; `nil` (the default) never flies. Keys are unique within a
  /// screen. See <doc:MatchedElements>.
  public var matchKey: String?

  /// Creates a view; every property but the id and frame has a default.
  /// `cornerRadius` rounds all four corners alike; set ``cornerRadii`` to
  /// round them differently.
  public init(
    id: String,
    frame: Rect,
    alpha: Double = 1,
    transform: Transform3D = .identity,
    backgroundColor: Color = .clear,
    cornerRadius: Double = 0,
    border: Border = .none,
    clipsToBounds: Bool = false,
    isHidden: Bool = false,
    content: ImageContent? = nil,
    text: TextContent? = nil,
    children: [View] = [],
    shadow: Shadow = .none,
    contentMode: ContentMode = .scaleAspectFill,
    matchKey: String? = nil
  ) {
    self.id = id
    self.frame = frame
    self.alpha = alpha
    self.transform = transform
    self.backgroundColor = backgroundColor
    self.cornerRadii = CornerRadii(uniform: cornerRadius)
    self.border = border
    self.clipsToBounds = clipsToBounds
    self.isHidden = isHidden
    self.content = content
    self.text = text
    self.children = children
    self.shadow = shadow
    self.imagePlacement = ImagePlacement(contentMode)
    self.matchKey = matchKey
  }

  /// The radius of the rounded corners, in points, when all four are alike
  /// (the top-left one otherwise); setting it rounds all four alike.
  public var cornerRadius: Double {
    get { cornerRadii.topLeft }
    set { cornerRadii = CornerRadii(uniform: newValue) }
  }

  /// Where the view is and whether it shows: what a timeline sample
  /// changes of its layout.
  public var state: ViewState {
    get { ViewState(frame: frame, alpha: alpha, transform: transform, isHidden: isHidden) }
    set {
      frame = newValue.frame
      alpha = newValue.alpha
      transform = newValue.transform
      isHidden = newValue.isHidden
    }
  }

  /// What the view looks like: what a timeline sample changes of its
  /// background, corners, border, shadow, image placement and text colour.
  /// Setting a text colour on a view without text changes nothing.
  public var appearance: ViewAppearance {
    get {
      ViewAppearance(
        backgroundColor: backgroundColor, cornerRadii: cornerRadii, border: border,
        shadow: shadow, imagePlacement: imagePlacement, textColor: text?.color)
    }
    set {
      backgroundColor = newValue.backgroundColor
      cornerRadii = newValue.cornerRadii
      border = newValue.border
      shadow = newValue.shadow
      imagePlacement = newValue.imagePlacement
      if let color = newValue.textColor { text?.color = color }
    }
  }
}
