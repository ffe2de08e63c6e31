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
  /// The radius of the rounded corners, in points.
  public var cornerRadius: Double
  /// A line drawn inside the edge.
  public var border: Border
  /// Whether children are clipped to this view's rounded shape.
  public var clipsToBounds: Bool
  /// Whether the view (and its children) is not drawn at all.
  public var isHidden: Bool
  /// An image drawn aspect-fill over the background.
  public var content: ImageContent?
  /// Text drawn over the background and image, wrapped to the view's width.
  /// Optional, so scenes encoded before views had text decode unchanged.
  public var text: TextContent?
  /// Subviews, drawn in order above this view, in its coordinate space.
  public var children: [View]

  /// Creates a view; every property but the id and frame has a default.
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
    children: [View] = []
  ) {
    self.id = id
    self.frame = frame
    self.alpha = alpha
    self.transform = transform
    self.backgroundColor = backgroundColor
    self.cornerRadius = cornerRadius
    self.border = border
    self.clipsToBounds = clipsToBounds
    self.isHidden = isHidden
    self.content = content
    self.text = text
    self.children = children
  }

  /// The animatable part of the view: what a timeline sample changes.
  public var state: ViewState {
    get { ViewState(frame: frame, alpha: alpha, transform: transform, isHidden: isHidden) }
    set {
      frame = newValue.frame
      alpha = newValue.alpha
      transform = newValue.transform
      isHidden = newValue.isHidden
    }
  }
}
