/// A registry of transition styles by name: the 48 built-in styles, a few
/// aliases, and the styles you register.
///
/// ```swift
/// var styles = TransitionStyles.builtIn
/// let push = try styles.style(named: "push-from-right")
/// styles.register(MySlide())           // a user style, found by its name
/// for entry in styles.all { print(entry.name, entry.intrinsicDuration) }
/// _ = try styles.style(named: "push-form-right")
/// // throws: unknown style: no style is named 'push-form-right'; did you mean
/// //         'push-from-right'?
/// ```
///
/// ## Aliases
/// | alias | style |
/// |---|---|
/// | `push` | `push-from-right`, the navigation push |
/// | `pop` | ``PopStyle``: `push-from-right` backwards, roles swapped |
/// | `push-left` | `push-from-right`: named, as in most animation libraries, by the way the content moves (leftwards), so the new view comes *from the right* |
/// | `slide-from-top` | `cover-from-top` |
/// | `slide-from-bottom` | `cover-from-bottom` |
/// | `matched` | ``MatchedStyle``: the screens cross-dissolve beneath the matched elements' flights |
///
/// A style's own name takes precedence over an alias of the same name.
public struct TransitionStyles: Sendable {
  /// A name the registry knows, with what it stands for.
  public struct Entry: Hashable, Sendable {
    /// The name to look up.
    public var name: String
    /// The duration the style plays at when the context gives none.
    public var intrinsicDuration: Double
    /// For an alias, the name of the style it stands for (`pop` stands for
    /// a style of its own, named `pop`); `nil` for a style's own name.
    public var aliasOf: String?
  }

  /// The styles in listing order.
  private var styles: [any TransitionStyle]
  /// Style name → index in `styles`.
  private var index: [String: Int]
  /// Alias → style, in listing order.
  private var aliases: [(name: String, style: any TransitionStyle)]

  /// A registry with no styles and no aliases.
  public init() {
    styles = []
    index = [:]
    aliases = []
  }

  /// Every built-in style, in the order of the design's table, and the
  /// aliases `push`, `pop`, `push-left`, `slide-from-top`,
  /// `slide-from-bottom` and `matched`.
  public static let builtIn: TransitionStyles = {
    var registry = TransitionStyles()
    for style in TransitionStyles.builtInStyles { registry.register(style) }
    registry.aliases = [
      ("push", PushStyle(from: .right)),
      ("pop", PopStyle()),
      ("push-left", PushStyle(from: .right)),
      ("slide-from-top", CoverStyle(from: .top)),
      ("slide-from-bottom", CoverStyle(from: .bottom)),
      ("matched", MatchedStyle()),
    ]
    return registry
  }()

  /// The 48 built-in styles, in the order of the design's table: none, the
  /// covers, the covers pushing to the back, the fades, the pushes, the
  /// pushes with fade-in, the pushes to the back, the flows, the emerges,
  /// the flips and the rotations.
  public static var builtInStyles: [any TransitionStyle] {
    var result: [any TransitionStyle] = [NoneStyle()]
    result += CoverStyle.Origin.allCases.map { CoverStyle(from: $0) }
    result += CoverStyle.Origin.allCases.map { CoverStyle(from: $0, pushesToBack: true) }
    result += FadeStyle.Variant.allCases.map { FadeStyle($0) }
    result += TransitionEdge.allCases.map { PushStyle(from: $0) }
    result += TransitionEdge.allCases.map { PushFadeInStyle(from: $0) }
    result += TransitionEdge.allCases.map { PushToBackStyle(from: $0) }
    result += TransitionEdge.allCases.map { FlowStyle(from: $0) }
    result += [EmergeStyle(), EmergeStyle(pushesToBack: true)]
    result += FlipStyle.Axis.allCases.map { FlipStyle(axis: $0) }
    for hinge: TransitionEdge in [.bottom, .top, .left, .right] {
      result += [
        RotateStyle(hinge: hinge, clockwise: true), RotateStyle(hinge: hinge, clockwise: false),
      ]
    }
    return result
  }

  /// The names of every style (not the aliases): the built-in ones in the
  /// order of the design's table, then registered ones in the order they
  /// were first registered.
  public var names: [String] { styles.map(\.name) }

  /// The aliases, in listing order.
  public var aliasNames: [String] { aliases.map(\.name) }

  /// Every style, then every alias, with its intrinsic duration: what a
  /// command-line tool lists.
  public var all: [Entry] {
    styles.map { Entry(name: $0.name, intrinsicDuration: $0.intrinsicDuration, aliasOf: nil) }
      + aliases.map {
        Entry(name: $0.name, intrinsicDuration: $0.style.intrinsicDuration, aliasOf: $0.style.name)
      }
  }

  /// The style registered under `name`, or under the alias `name`.
  ///
  /// - Throws: ``TransitError`` with code `.unknownStyle` whose message
  ///   suggests the closest known names (by edit distance).
  public func style(named name: String) throws(TransitError) -> any TransitionStyle {
    if let i = index[name] { return styles[i] }
    if let alias = aliases.first(where: { $0.name == name }) { return alias.style }
    throw TransitError(.unknownStyle, unknownStyleMessage(for: name))
  }

  /// Adds a style, found from now on by its ``TransitionStyle/name``.
  ///
  /// Registering a style under a name that is already taken replaces the
  /// style registered before, at the same place in ``names``: that is how
  /// you change a built-in style for your whole app. A registered name also
  /// hides an alias of the same name.
  public mutating func register(_ style: any TransitionStyle) {
    if let i = index[style.name] {
      styles[i] = style
    } else {
      index[style.name] = styles.count
      styles.append(style)
    }
  }
}
