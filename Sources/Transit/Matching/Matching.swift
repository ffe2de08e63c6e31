/// Whether an operation flies its matched elements, and how: the path and
/// timing of every flight, with overrides key by key.
///
/// A container reads its `matching` when an operation runs
/// (``StackContainer/matching``, ``PlaceholderContainer/matching``) and
/// hands it to the driver in the ``TransitionRequest``:
///
/// ```swift
/// stack.matching = Matching(overrides: ["photo": FlightOptions(path: .arc)])
/// stack.push(detail, style: fade)   // "photo" arcs, every other key flies straight
/// stack.matching = .disabled
/// stack.pop()                       // nothing flies: both screens play the style alone
/// ```
///
/// See <doc:MatchedElements> for which keys fly.
public struct Matching: Hashable, Sendable {
  /// Whether matched elements fly at all; `false` plays the style alone
  /// (a scene file's `"match": false`).
  public var isEnabled: Bool
  /// The path and timing of every flight without an override.
  public var defaults: FlightOptions
  /// Options for the flights of particular keys, by ``View/matchKey``.
  public var overrides: [String: FlightOptions]

  /// Creates matching options; by default every pair flies straight over
  /// the transition's whole duration.
  ///
  /// - Parameters:
  ///   - isEnabled: `false` flies nothing.
  ///   - defaults: the options of every key without an override.
  ///   - overrides: options by match key.
  public init(
    isEnabled: Bool = true, defaults: FlightOptions = FlightOptions(),
    overrides: [String: FlightOptions] = [:]
  ) {
    self.isEnabled = isEnabled
    self.defaults = defaults
    self.overrides = overrides
  }

  /// Every matched pair flies, straight, over the whole transition.
  public static let enabled = Matching()
  /// Nothing flies.
  public static let disabled = Matching(isEnabled: false)

  /// The options of the flight of `key`.
  func options(for key: String) -> FlightOptions { overrides[key] ?? defaults }
}

/// How one flight moves: its path, and its duration and curve when they
/// differ from the transition's.
public struct FlightOptions: Hashable, Sendable {
  /// How long the flight lasts, in seconds, from the transition's start;
  /// `nil` for the transition's whole duration. At most the transition's
  /// duration: a flight never outlasts the transition it belongs to.
  public var duration: Double?
  /// How progress follows time; `nil` for ease-in-out, the styles' own
  /// default curve.
  public var curve: TimingCurve?
  /// Straight, or along an arc.
  public var path: FlightPath

  /// Creates flight options.
  ///
  /// - Parameters:
  ///   - duration: seconds, finite and not negative; `nil` for the transition's.
  ///   - curve: the flight's curve; `nil` for ease-in-out.
  ///   - path: straight (the default) or an arc.
  public init(duration: Double? = nil, curve: TimingCurve? = nil, path: FlightPath = .straight) {
    self.duration = duration
    self.curve = curve
    self.path = path
  }
}

/// The path a flight's centre follows from its source to its destination.
public enum FlightPath: String, Hashable, Sendable, Codable, CaseIterable {
  /// The straight line between the two centres: every entry of the frame
  /// interpolates linearly.
  case straight
  /// A quarter-ellipse-like curve (Material's arc motion, Hero's `.arc`):
  /// the quadratic Bézier from the source's centre to the destination's
  /// whose control point is level with the source and plumb with the
  /// destination, so the element leaves sideways and lands vertically. The
  /// size still interpolates linearly. The same curve read backwards is the
  /// path back: a pop, a cancel or a turned-back flight retraces it.
  case arc
}
