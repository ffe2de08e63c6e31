/// A scene file's `interactive` object on `push`, `pop` or `popTo`: the
/// operation is driven like a gesture instead of played.
///
/// ```json
/// {"pop": true, "interactive": {"progress": [0.25, 0.5, 0.4], "release": "cancel", "velocity": -1.5}}
/// ```
///
/// One frame is drawn per progress value (the transition at progress × its
/// duration), then the completion with the operation's `frames`, the last
/// of which is the settled state: the end for `"finish"`, the picture
/// before the operation for `"cancel"`.
struct InteractiveSpec: Decodable, Equatable {
  enum Release: String, Decodable { case finish, cancel }

  /// The progress shown by each drag frame, 0…1.
  var progress: [Double]
  /// What the finger does at the end of the drag.
  var release: Release
  /// The progress per second at release: the completion moves like a
  /// spring starting at it. Without it the completion is linear.
  var velocity: Double?

  private enum Keys: String, CodingKey, CaseIterable { case progress, release, velocity }

  init(from decoder: any Decoder) throws {
    try decoder.rejectUnknownKeys(Keys.allCases.map(\.rawValue))
    let c = try decoder.container(keyedBy: Keys.self)
    progress = try c.decode([Double].self, forKey: .progress)
    guard !progress.isEmpty, progress.count <= RenderLimits.maximumFrames else {
      throw DecodingError.dataCorruptedError(
        forKey: .progress, in: c,
        debugDescription: "expected 1…\(RenderLimits.maximumFrames) progress values")
    }
    for value in progress where !(value.isFinite && value >= 0 && value <= 1) {
      throw DecodingError.dataCorruptedError(
        forKey: .progress, in: c, debugDescription: "expected progress values in 0…1, got \(value)")
    }
    let text = try c.decode(String.self, forKey: .release)
    guard let release = Release(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: .release, in: c,
        debugDescription: "expected \"finish\" or \"cancel\", got \"\(text)\"")
    }
    self.release = release
    velocity = try c.decodeIfPresent(Double.self, forKey: .velocity)
    if let velocity, !velocity.isFinite || abs(velocity) > 1000 {
      throw DecodingError.dataCorruptedError(
        forKey: .velocity, in: c,
        debugDescription: "expected a velocity in −1000…1000 progress per second, got \(velocity)")
    }
  }
}
