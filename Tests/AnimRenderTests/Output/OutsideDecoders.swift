import Foundation
import Testing
import TransitTestSupport

/// Other people's decoders, run as programs: what a user's browser, chat or
/// PDF viewer would see of animrender's files. `make deps` installs them.
enum OutsideDecoders {
  /// Runs `program` with `arguments` and returns its standard output; a
  /// non-zero exit fails with its standard error.
  static func run(_ program: String, _ arguments: [String], in folder: URL? = nil) throws -> String
  {
    let result = try ProcessRunner.run(program: program, arguments, in: folder)
    guard result.status == 0 else {
      throw Failure(
        "\(program) \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
    }
    return result.stdout
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Runs a Python script (Pillow is imported as PIL) and decodes its one
  /// JSON line of output.
  static func python<T: Decodable>(_ script: String, _ arguments: [String], in folder: URL)
    throws -> T
  {
    let path = folder.appendingPathComponent("check-\(UUID().uuidString).py")
    try script.write(to: path, atomically: true, encoding: .utf8)
    let output = try run("python3", [path.path] + arguments, in: folder)
    return try JSONDecoder().decode(T.self, from: Data(output.utf8))
  }

  /// What Pillow sees in an animated GIF or WebP, compared with PNG frames.
  struct Animation: Decodable {
    /// Frames Pillow decoded.
    var frames: Int
    /// Each frame's duration in milliseconds, as Pillow reports it.
    var durations: [Int]
    /// Per frame: the largest difference of any channel of any pixel from
    /// the PNG frame (RGB ignored where both are fully transparent).
    var maxDifference: [Int]
    /// Per frame: the mean absolute difference per channel.
    var meanDifference: [Double]
    /// Per frame: the mean absolute difference after a 4×4 box blur of
    /// both, which dithering's noise averages out of.
    var blurredDifference: [Double]
    /// The loop count in the file.
    var loop: Int
  }

  static let pillowAnimation = #"""
    import json, sys
    from PIL import Image
    animation, pattern = sys.argv[1], sys.argv[2]
    def compare(got, ref):
        got, ref = got.convert("RGBA"), ref.convert("RGBA")
        assert got.size == ref.size, (got.size, ref.size)
        a, b = got.tobytes(), ref.tobytes()
        worst, total = 0, 0
        for i in range(0, len(a), 4):
            if a[i + 3] == 0 and b[i + 3] == 0:
                continue
            for c in range(4):
                d = abs(a[i + c] - b[i + c])
                total += d
                worst = max(worst, d)
        w, h = got.size
        small = (max(1, w // 4), max(1, h // 4))
        x, y = got.resize(small, Image.BOX).tobytes(), ref.resize(small, Image.BOX).tobytes()
        blurred = sum(abs(i - j) for i, j in zip(x, y)) / len(x)
        return worst, total / len(a), blurred
    im = Image.open(animation)
    durations, maxes, means, blurred = [], [], [], []
    for k in range(im.n_frames):
        im.seek(k)
        im.load()  # WebP sets a frame's duration when it decodes it
        durations.append(int(im.info.get("duration", -1)))
        worst, mean, blur = compare(im, Image.open(pattern % k))
        maxes.append(worst)
        means.append(mean)
        blurred.append(blur)
    print(json.dumps({"frames": im.n_frames, "durations": durations, "maxDifference": maxes,
        "meanDifference": means, "blurredDifference": blurred, "loop": int(im.info.get("loop", -1))}))
    """#

  /// Pillow's view of two still images: sizes and differences.
  struct Still: Decodable {
    var width: Int
    var height: Int
    var referenceWidth: Int
    var referenceHeight: Int
    /// The mean absolute difference per channel.
    var meanDifference: Double
    /// The same after a 4×4 box blur of both: what a glance sees, with
    /// rasterisers' differences at glyph and shape edges averaged out.
    var blurredDifference: Double
    /// 4×4 blocks differing by more than 48 in some channel, per thousand.
    var badBlocksPerMille: Double
  }

  static let pillowStill = #"""
    import json, sys
    from PIL import Image
    got = Image.open(sys.argv[1]).convert("RGBA")
    ref = Image.open(sys.argv[2]).convert("RGBA")
    result = {"width": got.size[0], "height": got.size[1], "referenceWidth": ref.size[0],
        "referenceHeight": ref.size[1], "meanDifference": 1e9, "blurredDifference": 1e9,
        "badBlocksPerMille": 1e9}
    if got.size == ref.size:
        a, b = got.tobytes(), ref.tobytes()
        result["meanDifference"] = sum(abs(i - j) for i, j in zip(a, b)) / len(a)
        small = (max(1, got.size[0] // 4), max(1, got.size[1] // 4))
        x, y = got.resize(small, Image.BOX).tobytes(), ref.resize(small, Image.BOX).tobytes()
        result["blurredDifference"] = sum(abs(i - j) for i, j in zip(x, y)) / len(x)
        bad = sum(1 for k in range(0, len(x), 4) if max(abs(x[k + c] - y[k + c]) for c in range(4)) > 48)
        result["badBlocksPerMille"] = 1000 * bad / (len(x) / 4)
    print(json.dumps(result))
    """#

  /// What Pillow reads of an animation's timing (GIF, APNG, WebP).
  struct Timing: Decodable {
    /// Each frame's duration in milliseconds, as Pillow reports it
    /// (`info["duration"]`; APNG's fractions come as fractional milliseconds).
    var durations: [Double]
    /// Each frame's colour at the middle of its left edge, RGBA.
    var edges: [[Int]]
  }

  static let pillowTiming = #"""
    import json, sys
    from PIL import Image
    im = Image.open(sys.argv[1])
    durations, edges = [], []
    for k in range(getattr(im, "n_frames", 1)):
        im.seek(k)
        im.load()  # WebP sets a frame's duration when it decodes it
        durations.append(float(im.info.get("duration", -1)))
        edges.append(list(im.convert("RGBA").getpixel((0, im.size[1] // 2))))
    print(json.dumps({"durations": durations, "edges": edges}))
    """#

  /// ffprobe's and ffmpeg's view of a video frame by frame: each decoded
  /// frame's time (seconds) and its average colour (RGB, the frame scaled
  /// to one pixel), and the file's duration.
  static func videoFrames(_ path: String) throws -> (
    times: [Double], colours: [[Int]], duration: Double
  ) {
    let output = try run(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "frame=best_effort_timestamp_time:format=duration", "-of", "json", path,
      ])
    struct Probe: Decodable {
      struct Frame: Decodable {
        var time: String
        enum CodingKeys: String, CodingKey { case time = "best_effort_timestamp_time" }
      }
      struct Format: Decodable { var duration: String }
      var frames: [Frame]
      var format: Format
    }
    let probe = try JSONDecoder().decode(Probe.self, from: Data(output.utf8))
    let raw = try ProcessRunner.runCapturingBytes(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "ffmpeg", "-v", "error", "-i", path, "-vf", "scale=1:1:flags=area", "-vsync",
        "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
      ])
    guard raw.status == 0 else { throw Failure("ffmpeg could not decode \(path)") }
    let colours = stride(from: 0, to: raw.stdout.count - 2, by: 3).map {
      [Int(raw.stdout[$0]), Int(raw.stdout[$0 + 1]), Int(raw.stdout[$0 + 2])]
    }
    return (
      probe.frames.map { Double($0.time) ?? -1 }, colours, Double(probe.format.duration) ?? -1
    )
  }

  /// ffprobe's count of decoded frames and the stream's duration.
  static func probeVideo(_ path: String) throws -> (frames: Int, duration: Double, rate: String) {
    let output = try run(
      "ffprobe",
      [
        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
        "stream=nb_read_frames,r_frame_rate:format=duration", "-of", "json", path,
      ])
    struct Probe: Decodable {
      struct Stream: Decodable {
        var readFrames: String
        var frameRate: String
        enum CodingKeys: String, CodingKey {
          case readFrames = "nb_read_frames"
          case frameRate = "r_frame_rate"
        }
      }
      struct Format: Decodable { var duration: String }
      var streams: [Stream]
      var format: Format
    }
    let probe = try JSONDecoder().decode(Probe.self, from: Data(output.utf8))
    let stream = try #require(probe.streams.first)
    return (
      Int(stream.readFrames) ?? -1, Double(probe.format.duration) ?? -1, stream.frameRate
    )
  }
}
