/// An image a view shows, drawn aspect-fill and clipped to the view's shape.
///
/// The model only names the image; the renderer resolves the name (reading a
/// PNG file, or looking a name up in the images it was given), so that scenes
/// stay plain values that can be compared and encoded.
public enum ImageContent: Hashable, Codable, Sendable {
  /// A PNG file, absolute or relative to where the scene came from.
  case path(String)
  /// An image registered with the renderer under this name.
  case named(String)
}
