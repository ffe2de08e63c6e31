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
/// private temporary folder, and the bytes then go through the same
/// all-or-nothing output path as every other format. Video has no
/// transparency: transparent pixels come out black, and odd sides are padded
/// by one pixel, as YUV 4:2:0 needs even ones.
enum VideoEncoder {
  /// The most frames a video is sent, repeats included.
  static let maximumFrames = 100_000

  static let installHint =
    "writing video needs the ffmpeg program, which is not on PATH; install it (apt-get install ffmpeg, brew install ffmpeg, or https://ffmpeg.org/download.html)"

  /// The ffmpeg to run, or EX_UNAVAILABLE (69) with one line saying how to get it.
  static func ffmpeg() throws(CLIError) -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/ffmpeg"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw CLIError(.unavailable, installHint)
  }

  /// The frames as an `.mp4` or `.webm` file's bytes.
  static func encode(_ images: [Image], format: OutputFormat, times: FrameTimes) throws(CLIError)
    -> [UInt8]
  {
    let program = try ffmpeg()
    guard let first = images.first else { throw CLIError.usage("nothing to draw: 0 frames") }
    let (interval, repeats) = try plan(times)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "animrender-video-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    } catch {
      throw CLIError(.cannotCreate, "cannot make a temporary folder for ffmpeg: \(error)")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("video.\(format.rawValue)")
    let log = folder.appendingPathComponent("ffmpeg.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let codec: [String] =
      format == .mp4
      ? ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-movflags", "+faststart"]
      : ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "30", "-row-mt", "1"]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments =
      [
        "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
        "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(first.width)x\(first.height)",
        "-framerate", "\(interval.denominator)/\(interval.numerator)", "-i", "pipe:0",
        "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", "-vsync", "passthrough",
      ] + codec + [target.path]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try? FileHandle(forWritingTo: log)
    // A failing ffmpeg closes its end; the write must fail, not kill us.
    signal(SIGPIPE, SIG_IGN)
    do { try process.run() } catch {
      throw CLIError(.unavailable, "cannot run \(program): \(error.localizedDescription)")
    }
    var writeError: Error?
    frames: for (image, count) in zip(images, repeats) where count > 0 {
      let bytes = image.pixels.withUnsafeBytes { Data($0) }
      for _ in 0..<count {
        do { try input.fileHandleForWriting.write(contentsOf: bytes) } catch {
          writeError = error
          break frames
        }
      }
    }
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationStatus == 0, writeError == nil,
      let data = FileManager.default.contents(atPath: target.path), !data.isEmpty
    else {
      let reason =
        (try? String(contentsOf: log, encoding: .utf8))?
        .split(separator: "\n").last.map(String.init) ?? "no message"
      throw CLIError(
        .software,
        "ffmpeg could not write the \(format.rawValue) (status \(process.terminationStatus)): \(reason)"
      )
    }
    return [UInt8](data)
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
