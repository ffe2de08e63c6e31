import Foundation
import TransitTestSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads back what animrender wrote, by kind: the file's signature and
/// structure always, and every frame decoded by Pillow when `python3` has
/// it (one long-lived Python process, so thousands of files cost little).
final class OutputReader {
  /// What an output holds.
  enum Kind: String, Sendable {
    case png, apng, gif, webp, mp4, webm, svg, pdf, html, json, csv, text
  }

  private var pillow: Process?
  private var toPillow: FileHandle?
  private var fromPillow: FileHandle?
  private var pending: [UInt8] = []

  /// Whether Pillow decodes the raster outputs too.
  var usesPillow: Bool { pillow != nil }

  init(folder: URL) {
    let script = folder.appendingPathComponent("read-outputs.py")
    guard (try? Self.script.write(to: script, atomically: true, encoding: .utf8)) != nil,
      (try? ProcessRunner.run(program: "python3", ["-c", "import PIL.Image, PIL.WebPImagePlugin"]))?
        .status == 0
    else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    // A Pillow that crashed must fail a write, not end the tests.
    signal(SIGPIPE, SIG_IGN)
    guard (try? process.run()) != nil else { return }
    pillow = process
    toPillow = input.fileHandleForWriting
    fromPillow = output.fileHandleForReading
  }

  deinit {
    try? toPillow?.close()
    pillow?.waitUntilExit()
  }

  /// One line per file: "ok FRAMES" or "error WHAT".
  static let script = #"""
    import sys
    from PIL import Image
    for line in sys.stdin:
        path = line.rstrip("\n")
        try:
            with Image.open(path) as im:
                frames = getattr(im, "n_frames", 1)
                for k in range(frames):
                    im.seek(k)
                    im.load()
                print("ok", frames, flush=True)
        except Exception as e:
            print("error", type(e).__name__, str(e).replace("\n", " ")[:200], flush=True)
    """#

  /// Checks the file at `path` holds a readable `kind`; returns what is
  /// wrong, or `nil`.
  func problem(_ path: String, _ kind: Kind) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return "missing \(path)" }
    return problem(bytes: Array(data), path: path, kind)
  }

  /// Checks `bytes` (also at `path`, when a file holds them, for Pillow).
  func problem(bytes: [UInt8], path: String?, _ kind: Kind) -> String? {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    func contains(_ text: String) -> Bool {
      let needle = Array(text.utf8)
      guard bytes.count >= needle.count else { return false }
      for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] {
        if Array(bytes[i..<i + needle.count]) == needle { return true }
      }
      return false
    }
    switch kind {
    case .png, .apng:
      guard starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return "not a PNG" }
      guard bytes.suffix(8) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82] else {
        return "a PNG without its IEND"
      }
      if kind == .apng, !contains("acTL") { return "an APNG without acTL" }
    case .gif:
      guard starts(Array("GIF89a".utf8)) || starts(Array("GIF87a".utf8)) else { return "not a GIF" }
      guard bytes.last == 0x3B else { return "a GIF without its trailer" }
    case .webp:
      guard starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8), bytes.count >= 12 else {
        return "not a WebP"
      }
      let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
      guard size + 8 == bytes.count else {
        return "a WebP of \(bytes.count) bytes saying \(size + 8)"
      }
    case .mp4:
      guard starts(Array("ftyp".utf8), at: 4), contains("moov") else { return "not a whole MP4" }
    case .webm:
      guard starts([0x1A, 0x45, 0xDF, 0xA3]) else { return "not a WebM" }
    case .svg:
      let parser = XMLParser(data: Data(bytes))
      guard parser.parse() else { return "SVG not well-formed XML" }
      guard contains("<svg") else { return "no <svg> element" }
      let end = String(decoding: bytes.suffix(64), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      guard end.hasSuffix("</svg>") else { return "an SVG cut short" }
    case .pdf:
      guard starts(Array("%PDF-".utf8)), Array(bytes.suffix(16)).contains(Array("%%EOF".utf8))
      else { return "not a whole PDF" }
    case .html:
      // The player page: its opening, its story (JSON), its end.
      let text = String(decoding: bytes, as: UTF8.self)
      guard text.hasPrefix("<!doctype html>") else { return "not an HTML page" }
      guard text.hasSuffix("</html>\n") else { return "an HTML page cut short" }
      let open = #"<script type="application/json" id="player-data">"#
      guard let start = text.range(of: open),
        let end = text.range(of: "</script>", range: start.upperBound..<text.endIndex),
        (try? JSONSerialization.jsonObject(with: Data(text[start.upperBound..<end.lowerBound].utf8)))
          != nil
      else { return "a player page without its story" }
    case .json:
      guard (try? JSONSerialization.jsonObject(with: Data(bytes))) != nil else {
        return "not JSON"
      }
    case .csv:
      let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
      guard !lines.isEmpty else { return "no rows" }
      for line in lines {
        let cells = line.split(separator: ",")
        guard cells.count == 2, let t = Double(cells[0]), let v = Double(cells[1]), t.isFinite,
          v.isFinite
        else {
          if line == "t,value" { continue }
          return "a row that is not t,value: \(line.prefix(80))"
        }
      }
    case .text:
      guard String(validating: bytes, as: UTF8.self) != nil, !bytes.isEmpty else {
        return "no text, or not UTF-8"
      }
    }
    if [.png, .apng, .gif, .webp].contains(kind), let path, let answer = ask(path),
      !answer.hasPrefix("ok")
    {
      return "Pillow: \(answer)"
    }
    return nil
  }

  /// Pillow's line about `path`; `nil` without Pillow. A Pillow that
  /// stops answering (its process crashed on the file) is a problem too.
  private func ask(_ path: String) -> String? {
    guard let toPillow, let fromPillow else { return nil }
    let stopped = "error Pillow stopped answering"
    guard (try? toPillow.write(contentsOf: Data((path + "\n").utf8))) != nil else {
      pillow = nil
      self.toPillow = nil
      return stopped
    }
    while !pending.contains(UInt8(ascii: "\n")) {
      let data = fromPillow.availableData
      if data.isEmpty {
        pillow = nil
        self.toPillow = nil
        return stopped
      }
      pending += data
    }
    let end = pending.firstIndex(of: UInt8(ascii: "\n"))!
    let line = String(decoding: pending[..<end], as: UTF8.self)
    pending.removeSubrange(...end)
    return line
  }
}
