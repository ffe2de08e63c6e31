/// A container and the tree of views inside it: the value every animation is
/// bound to and every renderer draws.
///
/// The container's bounds are `Rect(size: size)`; top-level views have frames
/// in that space. A scene keeps an index from view id to the view's place in
/// the tree, so looking a view up by id costs one hash lookup plus the depth of
/// the tree, however many views there are.
///
/// ```swift
/// var scene = Scene(
///   size: Size(width: 390, height: 844),
///   views: [
///     View(id: "old", frame: Rect(x: 0, y: 0, width: 390, height: 844)),
///     View(id: "new", frame: Rect(x: 0, y: 0, width: 390, height: 844)),
///   ])
/// scene.updateView("new") { $0.alpha = 0 }
/// ```
///
/// Ids should be unique; ``validate()`` (called by every binding) reports
/// duplicates. Lookups find the first view in depth-first order.
public struct Scene: Sendable, Codable {
  /// The container's size: its bounds are `(0, 0, width, height)`.
  public var size: Size
  /// The colour behind every view; clear leaves the image transparent.
  public var backgroundColor: Color
  /// The top-level views, back to front. Setting it rebuilds the id index.
  public var views: [View] {
    get { storage }
    set {
      storage = newValue
      index = Scene.makeIndex(newValue)
    }
  }
  /// The tree itself. Internal code that keeps ids and structure unchanged
  /// (sampling) writes here directly, so the index is not rebuilt.
  var storage: [View]
  private var index: [String: [Int]]

  /// Creates a scene.
  public init(size: Size, backgroundColor: Color = .clear, views: [View] = []) {
    self.size = size
    self.backgroundColor = backgroundColor
    self.storage = views
    self.index = Scene.makeIndex(views)
  }

  /// The container's bounds, `(0, 0, size.width, size.height)`.
  public var bounds: Rect { Rect(size: size) }

  /// The number of views in the tree, children included.
  public var viewCount: Int { index.count }

  /// Whether a view with this id exists.
  public func contains(_ id: String) -> Bool { index[id] != nil }

  /// The path of child indices from the top level down to the view, or `nil`.
  public func path(of id: String) -> [Int]? { index[id] }

  /// The view with this id, or `nil`.
  public func view(_ id: String) -> View? {
    guard let path = index[id] else { return nil }
    var current = storage[path[0]]
    for i in path.dropFirst() { current = current.children[i] }
    return current
  }

  /// The animatable state of the view with this id, or `nil`.
  public func state(of id: String) -> ViewState? { view(id)?.state }

  /// Changes the view with this id in place. Returns `false` when there is no
  /// such view. Changing a view's `id` or `children` here is not allowed to
  /// break the index: the index is rebuilt when either changed.
  @discardableResult
  public mutating func updateView(_ id: String, _ body: (inout View) -> Void) -> Bool {
    guard let path = index[id] else { return false }
    var structureChanged = false
    Scene.modify(&storage, path: path, depth: 0) { view in
      let before = view.children.map(\.id)
      let id = view.id
      body(&view)
      structureChanged = id != view.id || before != view.children.map(\.id)
    }
    if structureChanged { index = Scene.makeIndex(storage) }
    return true
  }

  /// Every view in depth-first order (parents before children), with its depth.
  public func allViews() -> [(view: View, depth: Int)] {
    var result: [(View, Int)] = []
    result.reserveCapacity(index.count)
    func visit(_ views: [View], _ depth: Int) {
      for view in views {
        result.append((view, depth))
        visit(view.children, depth + 1)
      }
    }
    visit(views, 0)
    return result
  }

  /// Checks what binding and rendering rely on: unique ids, finite numbers,
  /// alpha and colours in 0…1, non-negative sizes, radii and border widths.
  ///
  /// - Throws: ``TransitError`` naming the first offending view and field.
  public func validate() throws(TransitError) {
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      throw TransitError(
        .invalidValue, "scene size \(size.width)×\(size.height) must be finite and not negative")
    }
    var seen = Set<String>()
    for (view, _) in allViews() {
      guard seen.insert(view.id).inserted else {
        throw TransitError(.duplicateView, "two views have the id '\(view.id)'")
      }
      try view.validateOwnProperties()
    }
  }

  static func makeIndex(_ views: [View]) -> [String: [Int]] {
    var index: [String: [Int]] = [:]
    var path: [Int] = []
    func visit(_ views: [View]) {
      for (i, view) in views.enumerated() {
        path.append(i)
        if index[view.id] == nil { index[view.id] = path }
        visit(view.children)
        path.removeLast()
      }
    }
    visit(views)
    return index
  }

  static func modify(
    _ views: inout [View], path: [Int], depth: Int, _ body: (inout View) -> Void
  ) {
    if depth == path.count - 1 {
      body(&views[path[depth]])
    } else {
      modify(&views[path[depth]].children, path: path, depth: depth + 1, body)
    }
  }
}

extension Scene: Equatable {
  /// Scenes are equal when their size, background and view trees are equal.
  public static func == (lhs: Scene, rhs: Scene) -> Bool {
    lhs.size == rhs.size && lhs.backgroundColor == rhs.backgroundColor && lhs.views == rhs.views
  }
}

extension Scene: Hashable {
  /// Hashes what `==` compares: the size, the background and the views.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(backgroundColor)
    hasher.combine(views)
  }
}

extension Scene {
  private enum CodingKeys: String, CodingKey {
    case size, backgroundColor, views
  }

  /// Decodes a scene from `size` and the optional `backgroundColor` (clear
  /// when absent) and `views` (none when absent), as scene files write them.
  ///
  /// - Throws: `DecodingError` when `size` is missing or a value has the
  ///   wrong type. Decoding does not validate; bind or call ``validate()``.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      size: try c.decode(Size.self, forKey: .size),
      backgroundColor: try c.decodeIfPresent(Color.self, forKey: .backgroundColor) ?? .clear,
      views: try c.decodeIfPresent([View].self, forKey: .views) ?? [])
  }

  /// Encodes the size, the background colour and the views (never the
  /// internal id index, which decoding rebuilds).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(size, forKey: .size)
    try c.encode(backgroundColor, forKey: .backgroundColor)
    try c.encode(views, forKey: .views)
  }
}

extension View {
  func validateOwnProperties() throws(TransitError) {
    func fail(_ field: String, _ detail: String) -> TransitError {
      .invalidProperty(view: id, field: field, problem: detail)
    }
    guard ViewLimits.frame(frame) else {
      guard frame.isFinite else { throw fail("frame", "must be finite, got \(frame)") }
      throw fail("frame", "must not have a negative size, got \(frame.width)×\(frame.height)")
    }
    guard ViewLimits.alpha(alpha) else { throw fail("alpha", "must be in 0…1, got \(alpha)") }
    guard ViewLimits.transform(transform) else { throw fail("transform", "must be finite") }
    guard backgroundColor.isValid else {
      throw fail("backgroundColor", "components must be in 0…1")
    }
    guard cornerRadii.isValid else {
      if cornerRadii.isUniform {
        throw fail("cornerRadius", "must be finite and not negative, got \(cornerRadius)")
      }
      throw fail("cornerRadii", "must be finite and not negative, got \(cornerRadii)")
    }
    guard shadow.isValid else {
      throw fail(
        "shadow",
        "must have a valid colour, opacity in 0…1, a finite radius not negative and a "
          + "finite offset")
    }
    guard imagePlacement.isValid else { throw fail("imagePlacement", "must be finite") }
    if let text {
      guard ViewLimits.textSize(text.size) else {
        throw fail("text.size", "must be in (0, 1000] points, got \(text.size)")
      }
      if let problem = TextContent.problem(with: text.string) {
        throw fail("text.string", problem)
      }
      guard text.color.isValid else { throw fail("text.color", "components must be in 0…1") }
    }
    guard ViewLimits.borderWidth(border.width) else {
      throw fail("border.width", "must be finite and not negative, got \(border.width)")
    }
    guard border.color.isValid else { throw fail("border.color", "components must be in 0…1") }
    if let matchKey {
      guard !matchKey.isEmpty else { throw fail("matchKey", "must not be empty") }
      guard !matchKey.unicodeScalars.contains("\0") else {
        throw fail("matchKey", "must not contain NUL")
      }
    }
  }
}
