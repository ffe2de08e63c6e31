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
  var originals: [Original]
  /// The end at forward time `timing.start` and the one at its end.
  var from: FlightEnd
  var to: FlightEnd
  /// When the flight plays on the forward time line, and along which curve.
  var timing: StepTiming
  var path: FlightPath
  /// Whether the overlay holds two content layers that cross-fade.
  var crossFades: Bool

  /// What every overlay's id starts with.
  static let overlayPrefix = "match:"

  /// The overlay's id for `key`.
  static func overlayID(_ key: String) -> String { overlayPrefix + key }

  /// Whether the flight is drawn at forward time `time`: strictly between
  /// its start and its end. At its two ends the originals show instead,
  /// so a transition's first and last frames are exactly the pictures
  /// before and after it.
  @inline(__always)
  func isFlying(at time: Double) -> Bool {
    timing.duration > 0 && time > timing.start && time < timing.start + timing.duration
  }

  /// The flight's progress at forward time `time` (0 before, 1 after).
  @inline(__always)
  func progress(at time: Double, rerun: TimingCurve?) -> Double {
    let p = timing.progress(at: time, rerun: rerun)
    return p.isNaN ? 0 : p
  }

  // MARK: Writing a sample

  /// Writes the overlay at `progress` into `scene` (shown when `flying`)
  /// and the originals' visibility.
  func write(progress p: Double, flying: Bool, into scene: inout Scene) {
    originals.withUnsafeBufferPointer { originals in
      for i in originals.indices {
        Scene.modify(&scene.storage, path: originals[i].path, depth: 0) { view in
          view.isHidden =
            flying ? true : (originals[i].hasHiddenTrack ? view.isHidden : originals[i].isHidden)
        }
      }
    }
    writeOverlay(progress: p, into: &scene.storage[overlay])
    scene.storage[overlay].isHidden = !flying
  }

  /// The overlay's shell and layers at progress `p`.
  func writeOverlay(progress p: Double, into shell: inout View) {
    let rect = self.rect(at: p)
    shell.frame = rect
    shell.alpha = min(1, max(0, Flight.mix(from.alpha, to.alpha, p)))
    shell.backgroundColor =
      from.backgroundColor.interpolated(to: to.backgroundColor, progress: p).bounded
    let radii = from.cornerRadii.interpolated(to: to.cornerRadii, progress: p).bounded
    shell.cornerRadii = radii
    shell.shadow = from.shadow.interpolated(to: to.shadow, progress: p).bounded
    let border = Border(
      width: max(0, Flight.mix(from.border.width, to.border.width, p)),
      color: from.border.color.interpolated(to: to.border.color, progress: p).bounded)
    // The content's scale stays between its two ends whatever the curve does.
    let low = min(from.scale, to.scale)
    let high = max(from.scale, to.scale)
    let k = min(high, max(low, Flight.mix(from.scale, to.scale, p)))
    let placement = from.imagePlacement.interpolated(to: to.imagePlacement, progress: p)
    let fade = min(1, max(0, p))
    // Each layer is changed in place: a copy taken out and written back
    // would retain and release everything the view holds, per sample.
    func update(_ layer: inout View, _ i: Int) {
      let width = rect.width / k
      let height = rect.height / k
      layer.frame = Rect(
        x: (rect.width - width) / 2, y: (rect.height - height) / 2, width: width, height: height)
      layer.transform = k == 1 ? .identity : .scale(x: k, y: k)
      layer.cornerRadii = CornerRadii(
        topLeft: radii.topLeft / k, topRight: radii.topRight / k,
        bottomRight: radii.bottomRight / k, bottomLeft: radii.bottomLeft / k)
      layer.border = Border(width: border.width / k, color: border.color)
      layer.imagePlacement = placement
      if crossFades {
        // Destination over source: the destination fades in over the first
        // half while the source stays opaque, and the source fades out
        // under the opaque destination over the second, so two opaque
        // contents are opaque at every frame and each end is one content.
        layer.alpha = i == 0 ? min(1, 2 * (1 - fade)) : min(1, 2 * fade)
      } else {
        layer.alpha = 1
        if let a = from.view.text?.color, let b = to.view.text?.color {
          layer.text?.color = a.interpolated(to: b, progress: p).bounded
        }
      }
    }
    for i in shell.children.indices { update(&shell.children[i], i) }
  }

  /// `a` at progress 0 and `b` at 1, bit for bit, the straight mix between.
  @inline(__always)
  static func mix(_ a: Double, _ b: Double, _ p: Double) -> Double {
    p == 0 ? a : p == 1 ? b : Interpolation.lerp(a, b, p)
  }

  /// The shell's frame at progress `p`: the two ends exactly at 0 and 1.
  func rect(at p: Double) -> Rect {
    let (a, b) = (from.rect, to.rect)
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
