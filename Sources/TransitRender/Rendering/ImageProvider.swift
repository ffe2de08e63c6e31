import Transit

/// Where the renderer finds the pictures that `Transit.ImageContent` names.
///
/// `.path` names a PNG file, absolute or relative to `baseDirectory`
/// (typically the folder of the scene file); `.named` looks the name up in
/// `images`, for tests and tools that make their images in memory.
///
/// ```swift
/// let provider = ImageProvider(
///   baseDirectory: "/path/to/scenes", images: ["avatar": try Image(contentsOfPNGFile: "a.png")])
/// let renderer = Renderer(options: RenderOptions(scale: 2, images: provider))
/// ```
public struct ImageProvider: Sendable {
  /// The folder relative paths start from; `nil` means the current directory.
  package var baseDirectory: String?
  /// Images by name, for `.named` content.
  package var images: [String: Image]

  /// Creates a provider.
  public init(baseDirectory: String? = nil, images: [String: Image] = [:]) {
    self.baseDirectory = baseDirectory
    self.images = images
  }

  /// The image `content` stands for.
  ///
  /// - Throws: ``RenderError`` naming the missing name, or the file that
  ///   cannot be read or decoded.
  public func image(for content: ImageContent) throws(RenderError) -> Image {
    switch content {
    case .named(let name):
      guard let image = images[name] else {
        throw RenderError("no image named '\(name)' was given to the renderer")
      }
      return image
    case .path(let path):
      return try PNGDecoder.decode(contentsOf: resolve(path))
    }
  }

  /// `path` made absolute against `baseDirectory` when it is relative.
  package func resolve(_ path: String) -> String {
    guard let baseDirectory, !path.hasPrefix("/") else { return path }
    return baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path
  }
}
