/// One matched element's flight, bound into a ``Timeline``: the overlay
/// view that draws it, the originals it hides, its two ends and its timing.
///
/// The overlay is a top-level view of the bound scene, above both screens,
/// with the id `match:KEY`: a **shell** that draws the background, the
/// shadow and the opacity, holding one **content layer** (`match:KEY/content`)
/// when both ends show the same content, or two (`match:KEY/from` under
/// `match:KEY/to`) that cross-fade. A layer draws the image, the text, the
/// border and the element's children; it is scaled uniformly by the
/// element's scale, so that text keeps its size ratio and is wrapped again
/// at every frame's width rather than stretched.
///
/// A flight is a pure function of the forward timeline's time, like every
/// track: reversal, interaction and interruption read it at the forward
/// time they read everything else at, so they retrace it exactly.
struct Flight: Hashable, Sendable {
  /// An element the flight stands in for, hidden while it flies.
  struct Original: Hashable, Sendable {
    /// Child indices from the scene's top level down to the element.
    var path: [Int]
    /// Whether the transition itself changes the element's visibility:
    /// then the sample's own value is kept when the flight is not flying.
    var hasHiddenTrack: Bool
    /// The element's visibility as bound, restored when not flying.
    var isHidden: Bool
  }

  /// The match key.
  var key: String
  /// The overlay's index among the scene's top-level views.
  var overlay: Int
  /// The elements the flight stands in for: the source's, and the
  /// destination's, or for an element that fades out with no partner the
  /// source's again (its visibility written twice is written once). Two
  /// fields rather than an array, so that a sample reads them where they
  /// are stored.
  var source: Original
  var destination: Original
  /// The end at forward time `timing.start` and the one at its end.
  var from: FlightEnd
  var to: FlightEnd
  /// When the flight plays on the forward time line, and along which curve.
  var timing: StepTiming
  var path: FlightPath
  /// Whether the overlay holds two content layers that cross-fade.
  var crossFades: Bool
  /// The text colours of the two ends when both show text: a single
  /// content layer's text colour goes from one to the other.
  var textColors: TextColors?
  /// Whether the flight before this one in its timeline has the same
  /// timing, so that a sample reuses that flight's progress instead of
  /// solving the same curve again (the flights of one transition usually
  /// share its duration and curve).
  var hasPreviousTiming = false

  /// The two ends' text colours.
  struct TextColors: Hashable, Sendable {
    var from: Color
    var to: Color
  }

  init(
    key: String, overlay: Int, source: Original, destination: Original?, from: FlightEnd,
    to: FlightEnd, timing: StepTiming, path: FlightPath, crossFades: Bool
  ) {
    self.key = key
    self.overlay = overlay
    self.source = source
    self.destination = destination ?? source
    self.from = from
    self.to = to
    self.timing = timing
    self.path = path
    self.crossFades = crossFades
    if let a = from.view.text?.color, let b = to.view.text?.color {
      textColors = TextColors(from: a, to: b)
    }
  }

  /// What every overlay's id starts with.
  static let overlayPrefix = "match:"

  /// The overlay's id for `key`.
  static func overlayID(_ key: String) -> String { overlayPrefix + key }

  // MARK: Writing a sample
  //
  // Sampling reads a flight where its timeline stores it, through a
  // pointer: a flight taken by value (even `flights[i].write(…)`) is
  // copied around every call that may write memory, retaining and
  // releasing every view its two ends hold, on every sample.

  /// Whether `flight` is drawn at forward time `time`: strictly between
  /// its start and its end. At its two ends the originals show instead,
  /// so a transition's first and last frames are exactly the pictures
  /// before and after it.
  @inline(__always)
  static func isFlying(_ flight: UnsafePointer<Flight>, at time: Double) -> Bool {
    let start = flight.pointee.timing.start
    let duration = flight.pointee.timing.duration
    return duration > 0 && time > start && time < start + duration
  }

  /// Writes the overlay of `flight` at `progress` into `scene` (shown when
  /// `flying`) and the originals' visibility.
  @inline(__always)
  static func write(
    _ flight: UnsafePointer<Flight>, progress p: Double, flying: Bool, into scene: inout Scene
  ) {
    setHidden(&scene.storage, flight.pointer(to: \.source)!, depth: 0, flying: flying)
    setHidden(&scene.storage, flight.pointer(to: \.destination)!, depth: 0, flying: flying)
    let overlay = flight.pointee.overlay
    writeOverlay(flight, progress: p, into: &scene.storage[overlay])
    scene.storage[overlay].isHidden = !flying
  }

  /// Hides `original` (below `views`, from its path's `depth` on) while
  /// its flight is `flying`; otherwise shows it as bound, or as the sample
  /// has it when the transition changes its visibility.
  private static func setHidden(
    _ views: inout [View], _ original: UnsafePointer<Original>, depth: Int, flying: Bool
  ) {
    let index = original.pointee.path[depth]
    if depth == original.pointee.path.count - 1 {
      if flying {
        views[index].isHidden = true
      } else if !original.pointee.hasHiddenTrack {
        views[index].isHidden = original.pointee.isHidden
      }
    } else {
      setHidden(&views[index].children, original, depth: depth + 1, flying: flying)
    }
  }

  /// The overlay's shell and layers of `flight` at progress `p`.
  static func writeOverlay(
    _ flight: UnsafePointer<Flight>, progress p: Double, into shell: inout View
  ) {
    let from = UnsafePointer<FlightEnd>(flight.pointer(to: \.from)!)
    let to = UnsafePointer<FlightEnd>(flight.pointer(to: \.to)!)
    let rect = Flight.rect(from.pointee.rect, to.pointee.rect, path: flight.pointee.path, at: p)
    shell.frame = rect
    shell.alpha = min(1, max(0, Flight.mix(from.pointee.alpha, to.pointee.alpha, p)))
    shell.backgroundColor =
      from.pointee.backgroundColor.interpolated(to: to.pointee.backgroundColor, progress: p).bounded
    let radii = from.pointee.cornerRadii.interpolated(to: to.pointee.cornerRadii, progress: p)
      .bounded
    shell.cornerRadii = radii
    shell.shadow = from.pointee.shadow.interpolated(to: to.pointee.shadow, progress: p).bounded
    let border = Border(
      width: max(0, Flight.mix(from.pointee.border.width, to.pointee.border.width, p)),
      color: from.pointee.border.color.interpolated(to: to.pointee.border.color, progress: p)
        .bounded)
    // The content's scale stays between its two ends whatever the curve does.
    let (fromScale, toScale) = (from.pointee.scale, to.pointee.scale)
    let low = min(fromScale, toScale)
    let high = max(fromScale, toScale)
    let k = min(high, max(low, Flight.mix(fromScale, toScale, p)))
    let placement = from.pointee.imagePlacement.interpolated(
      to: to.pointee.imagePlacement, progress: p)
    let fade = min(1, max(0, p))
    let crossFades = flight.pointee.crossFades
    let textColor =
      crossFades
      ? nil : flight.pointee.textColors.map { $0.from.interpolated(to: $0.to, progress: p).bounded }
    let width = rect.width / k
    let height = rect.height / k
    let frame = Rect(
      x: (rect.width - width) / 2, y: (rect.height - height) / 2, width: width, height: height)
    let transform: Transform3D = k == 1 ? .identity : .scale(x: k, y: k)
    let layerRadii = CornerRadii(
      topLeft: radii.topLeft / k, topRight: radii.topRight / k,
      bottomRight: radii.bottomRight / k, bottomLeft: radii.bottomLeft / k)
    let layerBorder = Border(width: border.width / k, color: border.color)
    // Each layer is changed in place: a copy taken out and written back
    // would retain and release everything the view holds, per sample.
    shell.children.withUnsafeMutableBufferPointer { layers in
      for i in layers.indices {
        layers[i].frame = frame
        layers[i].transform = transform
        layers[i].cornerRadii = layerRadii
        layers[i].border = layerBorder
        layers[i].imagePlacement = placement
        if crossFades {
          // Destination over source: the destination fades in over the
          // first half while the source stays opaque, and the source fades
          // out under the opaque destination over the second, so two opaque
          // contents are opaque at every frame and each end is one content.
          layers[i].alpha = i == 0 ? min(1, 2 * (1 - fade)) : min(1, 2 * fade)
        } else {
          layers[i].alpha = 1
          if let textColor { layers[i].text?.color = textColor }
        }
      }
    }
  }

  /// `a` at progress 0 and `b` at 1, bit for bit, the straight mix between.
  @inline(__always)
  static func mix(_ a: Double, _ b: Double, _ p: Double) -> Double {
    p == 0 ? a : p == 1 ? b : Interpolation.lerp(a, b, p)
  }

  /// The shell's frame at progress `p` from `a` to `b` along `path`: the
  /// two ends exactly at 0 and 1.
  @inline(__always)
  static func rect(_ a: Rect, _ b: Rect, path: FlightPath, at p: Double) -> Rect {
    if p == 0 { return a }
    if p == 1 { return b }
    let width = max(0, Interpolation.lerp(a.width, b.width, p))
    let height = max(0, Interpolation.lerp(a.height, b.height, p))
    switch path {
    case .straight:
      return Rect(
        x: Interpolation.lerp(a.minX, b.minX, p), y: Interpolation.lerp(a.minY, b.minY, p),
        width: width, height: height)
    case .arc:
      // The quadratic Bézier through the control point (b's x, a's y).
      let q = 1 - p
      let cx = q * q * a.midX + 2 * p * q * b.midX + p * p * b.midX
      let cy = q * q * a.midY + 2 * p * q * a.midY + p * p * b.midY
      return Rect(x: cx - width / 2, y: cy - height / 2, width: width, height: height)
    }
  }
}

extension View {
  /// Whether this view is a matched element's flight overlay (id
  /// `match:KEY`), which a transition adds at the top of its scene while
  /// the element flies, rather than one of the scene's own views.
  public var isFlightOverlay: Bool { id.hasPrefix(Flight.overlayPrefix) }
}
