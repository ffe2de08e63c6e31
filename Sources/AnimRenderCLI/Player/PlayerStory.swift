import Foundation
import TransitRender

/// What the player page plays: the frames' pictures, when each shows, what
/// each is called, and every view's state at each frame, as one JSON object
/// the page reads (``PlayerPage``).
///
/// A frame's `image` is a URL: a `data:` URL holding the picture itself in
/// a player file, a path on the server in the live preview. Times follow
/// the story's own clock, as the animated formats do (``AnimationClock``):
/// frame k shows from `start` until the next frame's, the last until `end`.
struct PlayerStory: Codable, Equatable, Sendable {
  struct Frame: Codable, Equatable, Sendable {
    /// Seconds from the first frame at which this frame shows.
    var start: Double
    /// The story's time, or the drag's progress (`p 0.40`), as `--labels` prints it.
    var label: String
    /// The operation that drew the frame (`pop (dragged, cancel)`).
    var operation: String
    /// The picture: a `data:` URL or a path on the preview's server.
    var image: String
    /// In the preview, the operation a drag on this frame drives.
    var drag: DragTarget?
  }

  /// An operation a drag can drive (``PreviewDrag``): where it is in the
  /// script, and the gesture's name (which way the finger moves).
  struct DragTarget: Codable, Equatable, Sendable {
    var operation: Int
    var gesture: String
  }

  /// What the page is called (the scene file's or the style's name).
  var title: String
  /// The picture's size in pixels.
  var width: Int
  var height: Int
  /// Pixels per point: the canvas shows at the container's size in points.
  var scale: Double
  /// Seconds from the first frame at which the story ends.
  var end: Double
  var frames: [Frame]
  /// Every view's state at each frame, as `--states` writes them, each
  /// frame after the first holding only what changed (see ``States``).
  var states: [States]?
  /// In the preview, which load of the scene file this is.
  var version: Int?

  /// One frame's view states as the change from the frame before: the
  /// views whose entry differs or that are new, and the ids of those gone.
  /// Most views of a story stand still (a push moves two screens, not
  /// their contents), so a page of 60 frames holds each entry about once
  /// instead of 60 times.
  struct States: Codable, Equatable, Sendable {
    var index: Int
    var time: Double
    var views: [StatesFile.ViewEntry]
    var removed: [String]?

    /// The changes from `previous` (every view for the first frame) to `entry`.
    init(_ entry: StatesFile.FrameEntry, after previous: StatesFile.FrameEntry?) {
      index = entry.index
      time = entry.time
      guard let previous else {
        views = entry.views
        return
      }
      var before: [String: StatesFile.ViewEntry] = [:]
      for view in previous.views { before[view.id] = view }
      views = entry.views.filter { before[$0.id] != $0 }
      let now = Set(entry.views.map(\.id))
      let gone = previous.views.map(\.id).filter { !now.contains($0) }
      removed = gone.isEmpty ? nil : gone
    }
  }

  /// The story as JSON that can sit inside a `<script>` element: every `<`
  /// (which can only be inside a string) is written `\u003c`, so no text
  /// of a scene file can end the element or open a comment in it.
  func json() throws(CLIError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      var bytes: [UInt8] = []
      for byte in try encoder.encode(self) {
        if byte == UInt8(ascii: "<") { bytes += Array(#"\u003c"#.utf8) } else { bytes.append(byte) }
      }
      return bytes
    } catch {
      throw CLIError(.software, "encoding the player's story failed: \(error)")
    }
  }

  /// The player's frames for `frames`, shown at `times`, each picture at
  /// `image(k)`: what the player file and the live preview both play.
  static func frames(
    _ frames: [FrameSpec], times: FrameTimes, image: (Int) -> String
  ) -> [Frame] {
    frames.indices.map { k in
      Frame(
        start: times.starts[k], label: FrameLabel.text(for: frames[k]),
        operation: frames[k].operation ?? "", image: image(k))
    }
  }

  /// The frame's picture as a `data:` URL: lossless WebP, or PNG where that
  /// is smaller (both decode to exactly the pixels drawn).
  static func dataURL(_ image: Image) throws(CLIError) -> String {
    let webp: [UInt8]
    let png: [UInt8]
    do {
      webp = try WebPEncoder.encode(
        [image], times: FrameTimes(count: 1, delay: FrameDelay(numerator: 1, denominator: 10)))
      png = try PNGEncoder.encode(image, compression: .smaller)
    } catch {
      throw CLIError.failed("encoding a frame for the player failed: \(error)", cause: error)
    }
    if png.count < webp.count { return "data:image/png;base64," + Data(png).base64EncodedString() }
    return "data:image/webp;base64," + Data(webp).base64EncodedString()
  }
}
