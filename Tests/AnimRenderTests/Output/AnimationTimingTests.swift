import Foundation
import Testing
import TransitTestSupport

/// Animated outputs follow the clock of the story or transition they show,
/// read back by programs animrender did not write: Pillow for GIF, APNG and
/// WebP, ffprobe and ffmpeg for MP4 and WebM.
@Suite("Animation timing, read back by outside decoders", .serialized)
struct AnimationTimingTests {
  /// Red, then blue pushed over it in 0.4 s (8 frames), 2 s of waiting,
  /// and the pop back in 0.4 s: 2.8 s of story.
  static let story = """
    {
      "container": { "width": 40, "height": 60, "color": "#000000" },
      "views": [ { "id": "red", "color": "#ff0000" }, { "id": "blue", "color": "#0000ff" } ],
      "script": [
        { "show": "red" },
        { "push": "blue", "style": "cover-from-right", "duration": 0.4, "curve": "linear" },
        { "wait": 2 },
        { "pop": true }
      ]
    }
    """

  static func storyFolder() throws -> URL {
    let folder = TemporaryDirectory.make()
    try story.write(
      to: folder.appendingPathComponent("story.json"), atomically: true, encoding: .utf8)
    return folder
  }

  static func run(_ arguments: [String], in folder: URL) throws {
    let result = try animrender.run(arguments + ["--quiet"], in: folder)
    try #require(result.status == 0, "\(arguments): \(result.stderr)")
  }

  static func timing(_ file: String, in folder: URL) throws -> OutsideDecoders.Timing {
    try OutsideDecoders.python(OutsideDecoders.pillowTiming, [file], in: folder)
  }

  /// Each frame starts within half a `unit` (ms) of its ideal start, and the
  /// whole lasts the ideal total to half a unit.
  static func expectStarts(
    _ durations: [Double], ideal: [Double], end: Double, unit: Double, _ what: String
  ) {
    #expect(durations.count == ideal.count, "\(what): \(durations)")
    var start = 0.0
    for (k, duration) in durations.enumerated() where k < ideal.count {
      #expect(
        abs(start - ideal[k]) <= unit / 2 + 1e-6,
        "\(what): frame \(k) starts at \(start) ms, ideally \(ideal[k]) (\(durations))")
      start += duration
    }
    #expect(abs(start - end) <= unit / 2 + 1e-6, "\(what): lasts \(start) ms, ideally \(end)")
  }

  /// The story's frames in an animation: red (0 s), the push's frames 1…7
  /// (its frame 0 repeats the red), the wait's picture left out (it repeats
  /// the push's last), the pop's frames 1…7; the last shows one interval.
  static let storyStarts: [Double] =
    [0] + (1...7).map { Double($0) * 400 / 7 } + (1...7).map { 2400 + Double($0) * 400 / 7 }
  static let storyEnd = 2800 + 400.0 / 7

  @Test(arguments: [("gif", 10.0), ("png", 1e-3), ("webp", 1.0)])
  func aStoryPlaysOnItsClock(format: String, unit: Double) throws {
    let folder = try Self.storyFolder()
    let name = format == "png" ? "story.apng" : "story.\(format)"
    try Self.run(["play", "story.json", "-o", name], in: folder)
    let timing = try Self.timing(name, in: folder)
    try #require(timing.durations.count == 15, "\(format): \(timing.durations)")
    Self.expectStarts(
      timing.durations, ideal: Self.storyStarts, end: Self.storyEnd, unit: unit, format)
    // Only the frame that shows through the wait has the blue screen all
    // the way to the left edge.
    #expect(
      timing.edges.map { $0 == [0, 0, 255, 255] } == (0..<15).map { $0 == 7 }, "\(timing.edges)")
    #expect(abs(timing.durations[7] - (2000 + 400.0 / 7)) <= unit, "\(timing.durations)")
  }

  /// Video at a constant 17.5 fps (the push's and pop's rate): the wait is
  /// 35 frames of the blue screen, and the whole is 50 frames, 2.857 s.
  @Test(arguments: ["mp4", "webm"])
  func aStoryVideoPlaysOnItsClock(format: String) throws {
    let folder = try Self.storyFolder()
    try Self.run(["play", "story.json", "-o", "story.\(format)"], in: folder)
    let video = try OutsideDecoders.videoFrames(
      folder.appendingPathComponent("story.\(format)").path)
    try #require(video.times.count == 50)
    for (i, time) in video.times.enumerated() {
      #expect(abs(time - Double(i) * 2 / 35) <= 0.001, "frame \(i) at \(time) s")
    }
    #expect(abs(video.duration - Self.storyEnd / 1000) <= 0.0015, "\(video.duration)")
    // 0.4 s to 2.4 s + 2/35: frames 7…42 show the blue screen alone.
    #expect(video.colours.count == 50)
    for i in video.colours.indices {
      let blue = video.colours[i][2] > 245 && video.colours[i][0] < 6
      #expect(blue == (7...42).contains(i), "frame \(i): \(video.colours[i])")
    }
  }

  /// `play --fps 7`: the 2.8 s story sampled at 0, 1/7, …, 20/7 s (the first
  /// sample at or after the end shows the settled end), each shown 1/7 s.
  @Test func playFPSSamplesTheWholeStory() throws {
    let folder = try Self.storyFolder()
    try Self.run(
      ["play", "story.json", "--fps", "7", "-o", "fps.gif", "--states", "fps.json"], in: folder)
    let timing = try Self.timing("fps.gif", in: folder)
    try #require(timing.durations.count == 21, "\(timing.durations)")
    let ideal = (0...20).map { Double($0) * 1000 / 7 }
    Self.expectStarts(timing.durations, ideal: ideal, end: 3000, unit: 10, "gif")
    struct States: Decodable {
      struct Frame: Decodable { var time: Double }
      var frames: [Frame]
    }
    let states = try JSONDecoder().decode(
      States.self, from: Data(contentsOf: folder.appendingPathComponent("fps.json")))
    #expect(states.frames.map(\.time) == (0...20).map { Double($0) / 7 })
    // Samples 3…16 (0.43 s to 2.29 s) fall after the push and before the pop.
    for k in 0...20 {
      let blue = timing.edges[k] == [0, 0, 255, 255]
      #expect(blue == (3...16).contains(k), "sample \(k): \(timing.edges[k])")
    }
    try Self.run(["play", "story.json", "--fps", "10", "-o", "fps.mp4"], in: folder)
    let video = try OutsideDecoders.videoFrames(folder.appendingPathComponent("fps.mp4").path)
    #expect(video.times.count == 29)
    #expect(abs(video.duration - 2.9) <= 0.0015, "\(video.duration)")
  }

  /// `--hold 1.5` keeps the last frame of 12 on screen 1.5 s longer.
  @Test(arguments: [("gif", 10.0), ("png", 1e-3), ("webp", 1.0)])
  func holdKeepsTheLastFrame(format: String, unit: Double) throws {
    let folder = TemporaryDirectory.make()
    let name = format == "png" ? "hold.apng" : "hold.\(format)"
    try Self.run(
      ["render", "--style", "cross-dissolve", "--frames", "12", "--size", "20x30", "--hold", "1.5"]
        + ["-o", name], in: folder)
    let timing = try Self.timing(name, in: folder)
    let interval = 400.0 / 11
    try #require(timing.durations.count == 12, "\(format): \(timing.durations)")
    Self.expectStarts(
      timing.durations, ideal: (0..<12).map { Double($0) * interval },
      end: 12 * interval + 1500, unit: unit, format)
    #expect(timing.durations[11] >= 1500 + interval - unit)
  }

  @Test func holdInVideoRepeatsTheLastFrame() throws {
    let folder = TemporaryDirectory.make()
    try Self.run(
      ["render", "--style", "cross-dissolve", "--frames", "12", "--size", "20x30", "--hold", "1.5"]
        + ["-o", "hold.mp4"], in: folder)
    let video = try OutsideDecoders.videoFrames(folder.appendingPathComponent("hold.mp4").path)
    // 12 frames at 27.5 fps, then 1.5 s more: 53.25 frames in all, 53 sent.
    #expect(video.times.count == 53)
    #expect(abs(video.duration - 53 * 2 / 55) <= 0.0015, "\(video.duration)")
  }

  /// 2,000 frames of a 0.4 s push: delays far below each format's unit
  /// still add up to 0.4 s (and one frame interval), never to 2 s.
  @Test(arguments: [("gif", 10.0), ("png", 1e-3), ("webp", 1.0)])
  func twoThousandFramesLastTheirTime(format: String, unit: Double) throws {
    let folder = TemporaryDirectory.make()
    let name = format == "png" ? "many.apng" : "many.\(format)"
    try Self.run(
      ["render", "--frames", "2000", "--size", "8x12", "--background", "#000000", "-o", name],
      in: folder)
    let timing = try Self.timing(name, in: folder)
    let interval = 400.0 / 1999
    // libwebp merges identical neighbours; GIF and APNG keep every frame.
    if format != "webp" {
      Self.expectStarts(
        timing.durations, ideal: (0..<2000).map { Double($0) * interval },
        end: 2000 * interval, unit: unit, format)
    }
    let total = timing.durations.reduce(0, +)
    #expect(abs(total - 2000 * interval) <= unit / 2 + 1e-6, "\(format): \(total) ms")
  }

  @Test(arguments: ["mp4", "webm"])
  func videoKeepsEveryFrame(format: String) throws {
    let folder = TemporaryDirectory.make()
    try Self.run(
      ["render", "--frames", "100", "--size", "390x844", "-o", "x.\(format)"], in: folder)
    let video = try OutsideDecoders.videoFrames(folder.appendingPathComponent("x.\(format)").path)
    #expect(video.times.count == 100)
    #expect(abs(video.duration - 100 * 0.4 / 99) <= 0.0015, "\(video.duration)")
  }

  /// Nonsense is refused before anything is drawn, with render's wording.
  @Test func nonsenseIsRefused() throws {
    let folder = try Self.storyFolder()
    try Self.story.replacingOccurrences(of: "\"wait\": 2", with: "\"wait\": 20").write(
      to: folder.appendingPathComponent("long.json"), atomically: true, encoding: .utf8)
    let cases: [([String], Int32, String)] = [
      (["play", "story.json", "--fps", "0"], 64, "--fps must be in (0, 1000], got 0.0"),
      (["play", "story.json", "--fps=-3"], 64, "--fps must be in (0, 1000], got -3.0"),
      (["play", "story.json", "--fps", "nan"], 64, "--fps must be in (0, 1000], got nan"),
      (["play", "story.json", "--fps", "1000.5"], 64, "--fps must be in (0, 1000], got 1000.5"),
      (["play", "story.json", "--fps", "ten"], 64, "--fps"),
      (["play", "long.json", "--fps", "1000", "-o", "a.gif"], 64, "more than the 10000 frames"),
      (["play", "story.json", "--hold=-1"], 64, "--hold must be in 0…3600 seconds, got -1.0"),
      (["play", "story.json", "--hold", "inf"], 64, "--hold must be in 0…3600 seconds, got inf"),
      (["render", "--hold", "3600.5"], 64, "--hold must be in 0…3600 seconds, got 3600.5"),
      (["render", "--hold", "1", "-o", "strip.png"], 64, "--hold holds the last frame"),
    ]
    for (arguments, status, message) in cases {
      let result = try animrender.run(arguments, in: folder)
      #expect(result.status == status, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left.sorted() == ["long.json", "story.json"], "\(left)")
  }
}
