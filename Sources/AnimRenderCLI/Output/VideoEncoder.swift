import Foundation
import TransitRender

/// MP4 (H.264) and WebM (VP9) through the `ffmpeg` program, run as a
/// separate process when it is installed: animrender links no codec, so its
/// licence stays Apache-2.0 whatever ffmpeg was built with.
///
/// Video here has a constant frame rate: the run's frame interval (the
/// shortest time between two of its frames, see ``AnimationClock``), as an
/// exact fraction, so 27.5 fps stays 55/2. Each drawn frame is sent as many
/// times as whole intervals fit its time on screen, every start rounded to
/// the nearest interval (``FrameTimes/ticks(of:)``): a `render` or a
/// `play --fps` sends every frame once, a 2 s `wait` at 17.5 fps 35 times,
/// and a frame shorter than half an interval (a drag's, which takes no time
/// on a story's clock) not at all. ffmpeg is told to keep every frame as it
/// comes (`-vsync passthrough`), so a run of still frames is never thinned.
///
/// Frames go to ffmpeg's standard input as raw BGRA, ffmpeg writes into a
/// private temporary folder (`$TMPDIR/animrender-video-XXXXXX`), and the
/// bytes then go through the same all-or-nothing output path as every other
/// format. Video has no transparency: transparent pixels come out black, and
/// odd sides are padded by one pixel, as YUV 4:2:0 needs even ones.
///
/// ffmpeg is a supervised child (``ChildProcess``): it is killed with
/// animrender, and after ``timeout(frames:width:height:)`` seconds. Its
/// exit status alone proves nothing (with `TMPDIR` full it can exit 0
/// leaving an MP4 without its index), so the file is then read back with
/// `ffprobe` and published only when its frame count is the one sent and
/// its duration that many intervals. The temporary folder is removed on
/// every way out, SIGINT and SIGTERM included.
///
/// Exit statuses: 69 when ffmpeg or ffprobe is not on `PATH` or cannot be
/// started; 73 when ffmpeg fails, runs out of time, or writes a file that
/// does not check out, with the last line ffmpeg or ffprobe wrote on
/// standard error.
enum VideoEncoder {
  /// The most frames a video is sent, repeats included.
  static let maximumFrames = 100_000

  static let installHint =
    "writing video needs the ffmpeg program, which is not on PATH; install it (apt-get install ffmpeg, brew install ffmpeg, or https://ffmpeg.org/download.html)"

  /// The environment variable that replaces the time limit of
  /// ``timeout(frames:width:height:)``: a number of seconds, more than 0.
  static let timeoutVariable = "TRANSIT_FFMPEG_TIMEOUT"

  /// The programs video needs: `ffmpeg`, and `ffprobe` to check its work.
  struct Programs {
    var ffmpeg: String
    var ffprobe: String
  }

  /// The first executable regular file called `name` in the folders of
  /// `PATH`, as a shell finds it: a folder or a file without the execute
  /// bit under that name is passed over.
  static func find(_ name: String) -> String? {
    let path = Platform.environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = folder.isEmpty ? name : "\(folder)/\(name)"
      if Platform.isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  /// ffmpeg and ffprobe (the one beside ffmpeg first), or EX_UNAVAILABLE
  /// (69) with one line saying how to get them.
  static func programs() throws(CLIError) -> Programs {
    guard let ffmpeg = find("ffmpeg") else { throw CLIError(.unavailable, installHint) }
    let beside = Path(ffmpeg).sibling("ffprobe").string
    guard let ffprobe = Platform.isExecutableFile(beside) ? beside : find("ffprobe") else {
      throw CLIError(
        .unavailable,
        "checking a video needs the ffprobe program, which comes with ffmpeg but is not on PATH; install ffmpeg's full package"
      )
    }
    return Programs(ffmpeg: ffmpeg, ffprobe: ffprobe)
  }

  /// How many seconds ffmpeg may take to encode `frames` frames of
  /// `width` × `height` pixels: 30 s, plus 0.05 s a frame, plus 2 s a frame
  /// for each megapixel. VP9, the slower codec, took 0.4 s a frame per
  /// megapixel on two busy cores (20 frames of 1920×1080 in 16 s), so the
  /// limit is five times that: 1,000 frames of 1920×1080 may take
  /// 30 + 50 + 4,147 s ≈ 70 min. It is there to end a hung ffmpeg, not to
  /// hurry a slow one. ``timeoutVariable``, when set, replaces it.
  ///
  /// - Throws: a usage error when ``timeoutVariable`` is not a number of
  ///   seconds more than 0.
  static func timeout(frames: Int, width: Int, height: Int) throws(CLIError) -> Double {
    if let text = Platform.environment(timeoutVariable) {
      guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
        throw CLIError.usage(
          "\(timeoutVariable) must be a number of seconds more than 0, not \"\(CLIError.echoed(text))\""
        )
      }
      return seconds
    }
    let megapixels = Double(width) * Double(height) / 1_000_000
    return 30 + Double(frames) * (0.05 + 2 * megapixels)
  }

  /// `value` seconds as a message shows them: `30`, `2.5`.
  static func seconds(_ value: Double) -> String {
    value < 1e15 && value == value.rounded() ? String(Int64(value)) : String(value)
  }

  /// The frames as an `.mp4` or `.webm` file's bytes.
  static func encode(_ images: [Image], format: OutputFormat, times: FrameTimes) throws(CLIError)
    -> [UInt8]
  {
    let programs = try programs()
    guard let first = images.first else { throw CLIError.usage("nothing to draw: 0 frames") }
    let (interval, repeats) = try plan(times)
    let total = repeats.reduce(0, +)
    let limit = try timeout(frames: total, width: first.width, height: first.height)
    let folder = try AtomicOutput.makeTemporaryFolder(prefix: "animrender-video-")
    defer { AtomicOutput.removeTemporaryFolder(folder) }
    let target = "\(folder)/video.\(format.rawValue)"
    let log = "\(folder)/ffmpeg.log"
    let codec: [String] =
      format == .mp4
      ? ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-movflags", "+faststart"]
      : ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "30", "-row-mt", "1"]
    let arguments =
      [
        "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
        "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(first.width)x\(first.height)",
        "-framerate", "\(interval.denominator)/\(interval.numerator)", "-i", "pipe:0",
        "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", "-vsync", "passthrough",
      ] + codec + [target]
    let encoded = try ChildProcess.run(
      programs.ffmpeg, arguments, output: "\(folder)/ffmpeg.out", error: log, timeout: limit
    ) { input in
      for (image, count) in zip(images, repeats) where count > 0 {
        let sent = image.pixels.withUnsafeBytes { bytes in
          (0..<count).allSatisfy { _ in Platform.writeAll(input, bytes) }
        }
        if !sent { return false }
      }
      return true
    }
    let what = "the \(format.rawValue)"
    if encoded.timedOut {
      throw CLIError(
        .cannotCreate,
        "ffmpeg did not finish \(what) in \(seconds(limit)) s (\(timeoutVariable) sets another limit): \(ChildProcess.lastLine(of: log))"
      )
    }
    guard encoded.status == 0, encoded.fedAll else {
      let how =
        encoded.status == 0 ? "stopped reading frames" : "failed (\(encoded.ending))"
      throw CLIError(
        .cannotCreate,
        "ffmpeg \(how) writing \(what): \(ChildProcess.lastLine(of: log))\(ResourceLimits.childNote)"
      )
    }
    let step = Double(interval.numerator) / Double(interval.denominator)
    try check(
      target, what: what, frames: total, duration: Double(total) * step, interval: step,
      ffprobe: programs.ffprobe, folder: folder, timeout: limit)
    guard let data = FileManager.default.contents(atPath: target) else {
      throw CLIError.system(
        .cannotCreate, "cannot read \(what) ffmpeg wrote", code: Platform.lastErrorCode)
    }
    return [UInt8](data)
  }

  /// Checks with ffprobe that the video at `path` has `frames` frames and
  /// lasts `duration` seconds (give or take half an `interval`, and
  /// a container's millisecond rounding).
  ///
  /// - Throws: 73 saying what differs, or what ffprobe said.
  static func check(
    _ path: String, what: String, frames: Int, duration: Double, interval: Double,
    ffprobe: String, folder: String, timeout: Double
  ) throws(CLIError) {
    let report = "\(folder)/ffprobe.out"
    let log = "\(folder)/ffprobe.log"
    let probed = try ChildProcess.run(
      ffprobe,
      [
        "-v", "error", "-count_packets", "-select_streams", "v:0", "-show_entries",
        "stream=nb_read_packets:format=duration", "-of", "default=noprint_wrappers=1", path,
      ], output: report, error: log, timeout: timeout)
    guard !probed.timedOut, probed.status == 0 else {
      throw CLIError(
        .cannotCreate,
        "ffmpeg wrote \(what) but it cannot be read back (ffprobe \(probed.ending)): \(ChildProcess.lastLine(of: log, hiding: path))"
      )
    }
    var values: [Substring: Substring] = [:]
    let text = String(
      decoding: FileManager.default.contents(atPath: report) ?? Data(), as: UTF8.self)
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    let counted = values["nb_read_packets"].flatMap { Int($0) }
    let lasted = values["duration"].flatMap { Double($0) }
    guard let counted, let lasted, counted == frames,
      abs(lasted - duration) <= interval / 2 + 0.002
    else {
      let found =
        "\(counted.map(String.init) ?? "no") frames lasting \(lasted.map { "\($0) s" } ?? "no known time")"
      throw CLIError(
        .cannotCreate,
        "ffmpeg wrote \(what) but it does not check out: ffprobe finds \(found), not \(frames) frames lasting \(duration) s"
      )
    }
  }

  /// The frame interval and how many times each frame is sent.
  ///
  /// - Throws: a usage error when that makes more than ``maximumFrames``.
  static func plan(_ times: FrameTimes) throws(CLIError) -> (FrameDelay, [Int]) {
    var shortest = Double.infinity
    for (start, next) in zip(times.starts, times.starts.dropFirst() + [times.end])
    where next - start > 1e-9 {
      shortest = min(shortest, next - start)
    }
    var interval = FrameDelay.nearest(seconds: shortest == .infinity ? 0.1 : shortest)
    if interval.numerator == 0 { interval = FrameDelay(numerator: 1, denominator: 65_535) }
    let repeats = times.ticks(of: interval)
    let total = repeats.reduce(0, +)
    guard total <= maximumFrames else {
      throw CLIError.usage(
        "the video would need \(total) frames at \(interval.denominator)/\(interval.numerator) fps, more than \(maximumFrames); lower --hold, or give play --fps"
      )
    }
    return (interval, repeats)
  }
}
