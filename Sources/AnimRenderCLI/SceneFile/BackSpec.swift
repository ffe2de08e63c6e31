import Transit

/// A scene file's `back` operation: the stack's back (a pop of the top),
/// played, or driven by a predictive back gesture.
///
/// ```json
/// {"back": {"touches": [[4, 300], [40, 300], [120, 302]], "edge": "left", "release": "commit"},
///  "preview": "full-screen"}
/// {"back": true, "preview": "shared-surface"}
/// ```
///
/// Touches come one per frame, 1/60 s apart, into a ``BackGesture`` (AOSP's
/// progress and spring); each draws the frame the gesture shows then, and
/// the release draws the commit or the cancel in the operation's frames.
/// `true` plays the same back without a gesture.
enum BackSpec: Equatable, FieldValue {
  case played
  case gesture(Gesture)

  struct Gesture: FieldValue, Equatable {
    enum Release: String { case commit, cancel }
    var touches: [[Double]]
    var edge: BackGesture.Edge
    var release: Release

    private enum Keys: String, CodingKey, CaseIterable { case touches, edge, release }

    init(from decoder: any Decoder) throws {
      let c = try decoder.strictContainer(keyedBy: Keys.self)
      touches = try c.read([[Double]].self, forKey: .touches)
      guard !touches.isEmpty, touches.count <= RenderLimits.maximumFrames,
        touches.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isFinite && abs($0) <= 1e6 } })
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .touches, in: c,
          debugDescription:
            "expected 1…\(RenderLimits.maximumFrames) touches [x, y], each number within ±1,000,000"
        )
      }
      edge =
        try c.readIfPresent(BackGesture.Edge.self, forKey: .edge, expected: #""left" or "right""#)
        ?? .left
      release = try c.read(Release.self, forKey: .release, expected: #""commit" or "cancel""#)
    }
  }

  static func read(from decoder: any Decoder) throws -> BackSpec {
    if let flag = try? Bool.read(from: decoder) {
      guard flag else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "expected true or a gesture (leave the operation out to not go back)"
          ))
      }
      return .played
    }
    return .gesture(try Gesture.read(from: decoder))
  }

  init(from decoder: any Decoder) throws { self = try Self.read(from: decoder) }
}
