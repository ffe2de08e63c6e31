import Foundation
import TransitRender

/// MP4 (H.264) and WebM (VP9) through the `ffmpeg` program, run as a
/// separate process when it is installed: animrender links no codec, so its
/// licence stays Apache-2.0 whatever ffmpeg was built with.
///
/// Frames go to ffmpeg's standard input as raw BGRA at the exact frame rate
/// (a fraction, so 27.5 fps stays 55/2), ffmpeg writes into a private
/// temporary folder, and the bytes then go through the same all-or-nothing
/// output path as every other format. Video has no transparency: transparent
/// pixels come out black, and odd sides are padded by one pixel, as YUV 4:2:0
/// needs even ones.
enum VideoEncoder {
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
  static func encode(_ images: [Image], format: OutputFormat, delay: FrameDelay) throws(CLIError)
    -> [UInt8]
  {
    let program = try ffmpeg()
    guard let first = images.first else { throw CLIError.usage("nothing to draw: 0 frames") }
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
        "-framerate", "\(delay.denominator)/\(delay.numerator)", "-i", "pipe:0",
        "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p",
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
    for image in images {
      let bytes = image.pixels.withUnsafeBytes { Data($0) }
      do { try input.fileHandleForWriting.write(contentsOf: bytes) } catch {
        writeError = error
        break
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
}
