import Transit

/// A person's drag on the preview driving one operation of a scene file's
/// script through the library's interactive API, exactly as the scene
/// file's own drags do (`interactive` on a pop, a `back` gesture, a
/// sheet's `drag`): the drag is written as that operation, and the script
/// up to it is played with it (``Story``), which begins the operation
/// interactively, updates it with the drag's progress, and finishes or
/// cancels it with the release's velocity on the story's clock.
///
/// Playing the script again for each move costs a fraction of drawing the
/// frame, and keeps the preview from holding a second copy of the story's
/// rules: what a drag shows is what `play` draws for the same drag written
/// in the file.
///
/// Which operations a drag drives, and how, is ``Gesture``: a new kind of
/// drag is a new case there, with the direction the finger moves and the
/// operation it writes.
struct PreviewDrag: Sendable {
  /// A kind of drag: which way the finger moves, and the operation a drag
  /// becomes.
  enum Gesture: String, Codable, Sendable {
    /// The top screen dragged back to the right: a pop, or a pop to a
    /// screen, driven with the drag's progress (the share of the
    /// container's width the finger has moved right).
    case popRight
    /// A predictive back swipe from the left edge: the finger's positions,
    /// 60 a second, into the stack's ``BackGesture``.
    case backFromLeft
    /// The same from the right edge, the finger moving left.
    case backFromRight
    /// The top sheet dragged up or down: a sheet's `drag`, its offsets the
    /// finger's vertical travel in points, 60 a second, released at the
    /// finger's velocity in points per second; the library settles it on
    /// the detent that velocity projects to, or dismisses it.
    case sheet

    /// The gesture that drives `operation`, or `nil` when no drag does;
    /// `sheetOnTop` says whether the top presentation is a sheet when the
    /// operation begins (a `dismiss` of a sheet is dragged, one of a
    /// full-screen presentation is not).
    static func of(_ operation: ScriptOperation, sheetOnTop: Bool = false) -> Gesture? {
      switch operation.kind {
      case .pop, .popTo: .popRight
      case .back(.played): .backFromLeft
      case .back(.gesture(let gesture)): gesture.edge == .left ? .backFromLeft : .backFromRight
      case .dismiss: sheetOnTop ? .sheet : nil
      case .detent, .drag: .sheet
      default: nil
      }
    }

    /// +1 when the finger moves right (or, for a sheet, down) to drive it,
    /// -1 when left.
    var direction: Double { self == .backFromRight ? -1 : 1 }

    /// Whether the finger drives it up and down rather than sideways.
    var isVertical: Bool { self == .sheet }

    /// `operation` rewritten as this drag: held at the drag's last position,
    /// then released as `release` says (finish or cancel, and the
    /// velocity in progress per second), its completion drawn in `frames`.
    func operation(
      _ operation: ScriptOperation, drag: PreviewDrag, release: Release, frames: Int
    ) -> ScriptOperation {
      var written = operation
      written.frames = frames
      switch self {
      case .popRight:
        written.interactive = InteractiveSpec(
          progress: [drag.travel], release: release.finish ? .finish : .cancel,
          velocity: release.velocity, scrub: operation.interactive?.scrub ?? .linear)
      case .backFromLeft, .backFromRight:
        written.kind = .back(
          .gesture(
            BackSpec.Gesture(
              touches: drag.touches(), edge: self == .backFromLeft ? .left : .right,
              release: release.finish ? .commit : .cancel)))
      case .sheet:
        // A `dismiss` or `detent` becomes the drag; its frames settle it.
        written.kind = .drag(drag.offsets())
        written.velocity = release.velocity ?? 0
      }
      return written
    }
  }

  /// How a drag ends: finished (or committed) or cancelled, with the
  /// finger's velocity in progress per second where the gesture takes one
  /// (a sheet's in points per second, positive down; where it settles is
  /// the library's to decide, and `finish` is only the preview's guess).
  struct Release: Sendable, Equatable {
    var finish: Bool
    var velocity: Double?
  }

  /// Where the finger was, in the container's points, and when, in
  /// milliseconds on the page's clock.
  struct Sample: Sendable, Equatable {
    var x: Double
    var y: Double
    var time: Double
  }

  /// The most positions a drag keeps: the script's limit of frames.
  static let maximumSamples = RenderLimits.maximumFrames

  /// The script operation dragged, by its index in the script.
  let operation: Int
  let gesture: Gesture
  /// The container's size in points: progress is measured along its
  /// width, or its height for a vertical gesture.
  let size: Size
  /// The finger's positions, the press first.
  private(set) var samples: [Sample]

  init(operation: Int, gesture: Gesture, size: Size, press: Sample) {
    self.operation = operation
    self.gesture = gesture
    self.size = size
    samples = [press]
  }

  /// Adds the finger's position; positions earlier than the last, or past
  /// the limit, are dropped.
  mutating func move(to sample: Sample) {
    guard let last = samples.last, sample.time >= last.time else { return }
    if samples.count >= Self.maximumSamples { samples.removeLast() }
    samples.append(sample)
  }

  /// How far the finger has gone the gesture's way, as a share of the
  /// container's width (its height, for a vertical gesture), 0…1.
  var travel: Double { travel(samples[samples.count - 1]) }

  private func travel(_ sample: Sample) -> Double {
    let extent = gesture.isVertical ? size.height : size.width
    let moved = points(sample) * gesture.direction / max(extent, 1)
    return min(max(moved.isFinite ? moved : 0, 0), 1)
  }

  /// How far `sample` is from the press along the gesture's axis, in
  /// points (right or down positive).
  private func points(_ sample: Sample) -> Double {
    gesture.isVertical ? sample.y - samples[0].y : sample.x - samples[0].x
  }

  /// The release for letting go now: the velocity over the last 100 ms —
  /// of the travel, and finishing when the travel 0.15 s on at that
  /// velocity passes one half (a flick finishes a short drag; a slow drag
  /// back cancels a long one); for a sheet, of the finger in points per
  /// second, finishing (the guess that it dismisses) when it moves down.
  var release: Release {
    if gesture.isVertical {
      let limit = ScriptOperation.maximumSheetVelocity
      let velocity = min(max(velocity(of: points), -limit), limit)
      return Release(finish: velocity > 0, velocity: velocity)
    }
    let velocity = min(max(velocity(of: travel), -1000), 1000)
    return Release(finish: travel + velocity * 0.15 > 0.5, velocity: velocity)
  }

  /// How fast `measure` of the finger's position changed over the last
  /// 100 ms, per second (0 for a finger held still, or a single position).
  private func velocity(of measure: (Sample) -> Double) -> Double {
    let end = samples[samples.count - 1]
    let recent = samples.filter { $0.time >= end.time - 100 }
    guard let first = recent.first, end.time > first.time else { return 0 }
    let velocity = (measure(end) - measure(first)) / ((end.time - first.time) / 1000)
    return velocity.isFinite ? velocity : 0
  }

  /// A sheet drag's finger offsets: the finger's vertical travel from the
  /// press in points at each of its ``touches()``, within the scene
  /// file's limit.
  func offsets() -> [Double] {
    let limit = RenderLimits.maximumCoordinate
    return touches().map { min(max($0[1] - samples[0].y, -limit), limit) }
  }

  /// The finger's positions one per 1/60 s from the press on (what a
  /// `back` gesture's `touches` are), each between the two samples around
  /// its time, and the last position last.
  func touches() -> [[Double]] {
    let last = samples[samples.count - 1]
    var touches: [[Double]] = []
    var i = 0
    while touches.count < Self.maximumSamples - 1 {
      let time = samples[0].time + Double(touches.count) * 1000 / 60
      guard time < last.time else { break }
      while samples[i + 1].time <= time { i += 1 }
      let (a, b) = (samples[i], samples[i + 1])
      let f = (time - a.time) / (b.time - a.time)
      touches.append([a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f])
    }
    touches.append([last.x, last.y])
    return touches
  }
}

extension BackSpec.Gesture {
  /// A back gesture made by the preview rather than read from a file.
  init(touches: [[Double]], edge: BackGesture.Edge, release: Release) {
    self.touches = touches
    self.edge = edge
    self.release = release
  }
}
