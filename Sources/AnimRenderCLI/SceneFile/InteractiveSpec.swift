import Transit

/// A scene file's `interactive` object on `push`, `pop` or `popTo`: the
/// operation is driven like a gesture instead of played.
///
/// ```json
/// {"pop": true, "interactive": {"progress": [0.25, 0.5, 0.4], "release": "cancel", "velocity": -1.5}}
/// ```
///
/// One frame is drawn per progress value, then the completion with the operation's `frames`, the last
/// of which is the settled state: the end for `"finish"`, the picture
/// before the operation for `"cancel"`. `"scrub"` says how a progress value
/// moves the picture: `"linear"` (the default) shows the transition with
/// its curves replaced by linear at progress × its duration, so that it
/// follows the finger one to one, and the completion goes on from there
/// along the style's curves; `"curve"` shows the transition as played at
/// progress × its duration.
struct InteractiveSpec: FieldValue, Equatable {
  enum Release: String { case finish, cancel }

  /// The progress shown by each drag frame, 0…1.
  var progress: [Double]
  /// What the finger does at the end of the drag.
  var release: Release
  /// The progress per second at release: the completion moves like a
  /// spring starting at it. Without it the completion is linear.
  var velocity: Double?
  /// How progress moves the picture.
  var scrub: Scrubbing = .linear

  private enum Keys: String, CodingKey, CaseIterable { case progress, release, velocity, scrub }

  init(progress: [Double], release: Release, velocity: Double?, scrub: Scrubbing) {
    self.progress = progress
    self.release = release
    self.velocity = velocity
    self.scrub = scrub
  }

  init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: Keys.self)
    progress = try c.read([Double].self, forKey: .progress)
    guard !progress.isEmpty, progress.count <= RenderLimits.maximumFrames else {
      throw DecodingError.dataCorruptedError(
        forKey: .progress, in: c,
        debugDescription: "expected 1…\(RenderLimits.maximumFrames) progress values")
    }
    for value in progress {
      try c.check(value, in: 0...1, forKey: .progress, expected: "progress values in 0…1")
    }
    release = try c.read(Release.self, forKey: .release, expected: #""finish" or "cancel""#)
    velocity = try c.readIfPresent(Double.self, forKey: .velocity)
    try c.check(
      velocity, in: -1000...1000, forKey: .velocity,
      expected: "a velocity in −1000…1000 progress per second")
    scrub =
      try c.readIfPresent(Scrubbing.self, forKey: .scrub, expected: #""linear" or "curve""#)
      ?? .linear
  }
}

/// A scene file's `grab` operation: a finger catches the transition still
/// running when it is issued (its `after`), wherever it is — played,
/// completing after a release, or turned back — and drags it.
///
/// ```json
/// {"grab": {"progress": [0.6, 0.4], "release": "cancel", "velocity": -2}, "after": 0.1}
/// ```
///
/// The picture does not move when caught; then one frame is drawn per
/// progress value and the completion as for ``InteractiveSpec``: a
/// `"cancel"` lands on the picture before the caught operation began.
struct GrabSpec: FieldValue, Equatable {
  var progress: [Double]
  var release: InteractiveSpec.Release
  var velocity: Double?

  private enum Keys: String, CodingKey, CaseIterable { case progress, release, velocity }

  init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: Keys.self)
    progress = try c.read([Double].self, forKey: .progress)
    guard progress.count <= RenderLimits.maximumFrames else {
      throw DecodingError.dataCorruptedError(
        forKey: .progress, in: c,
        debugDescription: "expected 0…\(RenderLimits.maximumFrames) progress values")
    }
    for value in progress {
      try c.check(value, in: 0...1, forKey: .progress, expected: "progress values in 0…1")
    }
    release = try c.read(
      InteractiveSpec.Release.self, forKey: .release, expected: #""finish" or "cancel""#)
    velocity = try c.readIfPresent(Double.self, forKey: .velocity)
    try c.check(
      velocity, in: -1000...1000, forKey: .velocity,
      expected: "a velocity in −1000…1000 progress per second")
  }
}
