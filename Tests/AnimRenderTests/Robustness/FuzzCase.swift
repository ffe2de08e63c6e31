import Foundation
import TransitTestSupport

/// One structured fuzz case: a command line of animrender with the files it
/// reads, the outputs that may already be there, and what it must leave.
///
/// Cases are drawn by ``FuzzCase/make(seed:index:styles:)`` from a
/// generator seeded by the run's seed and the case's index alone, so any
/// case can be replayed by itself (`TRANSIT_SEED`, `TRANSIT_FUZZ_CASE`).
struct FuzzCase {
  /// One output a successful run must leave, readable as `kind`; a frame
  /// pattern (`%0Nd`) stands for a whole set of PNGs.
  struct Output {
    var path: String
    var kind: OutputReader.Kind
    var isPattern: Bool { path.contains("%") }
  }

  var arguments: [String]
  /// Files written before the run (relative paths): inputs, and old
  /// outputs that a failed run must leave byte for byte.
  var files: [String: [UInt8]] = [:]
  /// Folders made before the run.
  var folders: [String] = []
  /// Outputs a run that exits 0 must leave (also 1, for `diff`, where they
  /// are optional).
  var outputs: [Output] = []
  /// What standard output holds after a successful run, if anything is
  /// checked there.
  var stdout: OutputReader.Kind?
  /// Whether a failed run must leave standard output empty (an output
  /// stream is written only at the commit).
  var silentOnFailure = true
  /// The exit statuses the command may end with: CLI.md's, less 70 (a bug)
  /// and 69 for commands that run no other program.
  var allowed: Set<Int32> = [0, 64, 65, 66, 73]

  var commandLine: String {
    "animrender " + arguments.map { shellQuoted($0) }.joined(separator: " ")
  }

  /// The case `index` of the run seeded `seed`.
  static func make(seed: UInt64, index: Int, styles: [String]) -> FuzzCase {
    var builder = Builder(
      random: SplitMix64(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15)), styles: styles)
    return builder.make()
  }
}

func shellQuoted(_ text: String) -> String {
  if !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || "-_./%,=:#".contains($0) }),
    text.unicodeScalars.allSatisfy({ $0.isASCII })
  {
    return text
  }
  var out = "$'"
  for byte in text.utf8 {
    switch byte {
    case UInt8(ascii: "'"): out += "\\'"
    case UInt8(ascii: "\\"): out += "\\\\"
    case 0x20..<0x7F: out += String(UnicodeScalar(byte))
    default: out += String(format: "\\x%02x", byte)
    }
  }
  return out + "'"
}

extension FuzzCase {
  /// Draws cases. Most values are legal and small, so that a case costs
  /// milliseconds; a fraction are hostile (out of range, malformed,
  /// clashing), which must be refused cleanly.
  struct Builder {
    var random: SplitMix64
    var styles: [String]
    var result = FuzzCase(arguments: [])

    mutating func below(_ n: Int) -> Int { Int(random.below(UInt64(n))) }
    mutating func chance(_ p: Double) -> Bool {
      Double(random.next() >> 11) / 9_007_199_254_740_992 < p
    }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    static let hostileNumbers = [
      "-1", "0", "-0", "1e308", "-1e308", "nan", "NaN", "inf", "-inf", "", " ", "0x10", "1_000",
      "99999999999999999999", "1e-320", "5.", ".5", "+3", "٣", "3\u{202E}", "1,5", "--", "2e",
      "18446744073709551616", "-9223372036854775809", "4.9e-324",
    ]

    /// A flag's value: usually one from `valid`, sometimes hostile.
    mutating func value(_ valid: [String]) -> String {
      chance(0.06) ? pick(Self.hostileNumbers) : pick(valid)
    }

    mutating func make() -> FuzzCase {
      switch below(100) {
      case 0..<40: play()
      case 40..<75: render()
      case 75..<84: diff()
      case 84..<93: curve()
      case 93..<97: demo()
      default: stylesCommand()
      }
      if chance(0.01) {
        // An unknown flag or a stray argument.
        result.arguments.insert(pick(["--frobnicate", "extra", "-x", "--", "--size"]), at: 1)
      }
      return result
    }

    // MARK: inputs

    /// A forged PNG written under `name`, valid two times in three.
    mutating func image(_ name: String, maxSide: Int = 24) -> String {
      result.files[name] = PNGForge.random(&random, maxSide: maxSide)
      return name
    }

    mutating func style() -> String {
      switch below(20) {
      case 0: return HostileText.string(&random, maxLength: 40)
      case 1: return pick(styles).uppercased()
      default: return pick(styles)
      }
    }

    mutating func curveText() -> String {
      var generator = SceneGenerator(random: random, images: [], styles: styles)
      var text = generator.curve()
      random = generator.random
      switch below(12) {
      case 0: text = HostileText.string(&random, maxLength: 30)
      case 1:
        let at = text.index(text.startIndex, offsetBy: below(text.count + 1))
        text.insert(
          contentsOf: pick(["(", ")", ",", "1e308", "-", "nan", "\u{0}", "mirrored("]), at: at)
      case 2:
        text =
          String(repeating: "mirrored(", count: 1 + below(40)) + "linear"
          + String(repeating: ")", count: below(40))
      default: break
      }
      return text
    }

    // MARK: outputs

    /// Adds `-o` (and `--layout`, `--format`) for one output kind, with
    /// old files at the output's path some of the time.
    mutating func output(frames: inout Int, allowVideo: Bool = true) {
      var kinds = [
        "strip", "grid", "frames", "apng", "png-animation", "gif", "webp", "svg", "pdf", "html",
        "stdout", "mismatch",
      ]
      if allowVideo, Self.hasFFmpeg { kinds += ["mp4", "webm"] }
      let kind = pick(kinds)
      let folder = chance(0.15) ? "sub/" : ""
      if !folder.isEmpty { result.folders.append("sub") }
      var name = pick(["out", "ünï", "a b", String(repeating: "n", count: 240), "-dash", ".hidden"])
      if chance(0.02) { name = "missing/" + name }
      func old(_ path: String) {
        if chance(0.4) { result.files[path] = Array("old \(path)".utf8) }
      }
      switch kind {
      case "strip", "grid":
        let path = folder + name + ".png"
        result.arguments += ["-o", path]
        if kind == "grid" || chance(0.3) { result.arguments += ["--layout", kind] }
        if kind == "grid", chance(0.5) {
          result.arguments += ["--columns", value(["1", "2", "3", "7"])]
        }
        result.outputs.append(.init(path: path, kind: .png))
        old(path)
      case "frames":
        let digits = pick(["%d", "%02d", "%03d", "%1d"])
        let pattern = folder + "f-" + digits + ".png"
        result.arguments += ["-o", pattern, "--layout", "frames"]
        result.outputs.append(.init(path: pattern, kind: .png))
        if chance(0.4) {
          // An old set, longer or shorter than the new one.
          for k in 0..<(1 + below(14)) {
            result.files[
              folder + "f-" + String(format: digits.replacingOccurrences(of: "%1d", with: "%d"), k)
                + ".png"] =
              Array("old frame \(k)".utf8)
          }
        }
        if chance(0.2) { result.files[folder + "f-notes.txt"] = Array("not a frame".utf8) }
      case "apng", "png-animation":
        let path = folder + name + (kind == "apng" ? ".apng" : ".png")
        result.arguments += ["-o", path]
        if kind == "png-animation" {
          result.arguments += ["--layout", pick(["animation", "apng"])]
        }
        // Only `render --frames N` says how many frames there will be.
        let many = frames > 1 && result.arguments.first == "render"
        result.outputs.append(.init(path: path, kind: many ? .apng : .png))
        old(path)
      case "gif", "webp", "svg", "pdf", "html", "mp4", "webm":
        let path = folder + name + "." + kind
        result.arguments += ["-o", path]
        if chance(0.2) { result.arguments += ["--format", kind] }
        if kind == "mp4" || kind == "webm" {
          frames = min(frames, 10)
          result.allowed.insert(69)
        }
        let readers: [String: OutputReader.Kind] = [
          "gif": .gif, "webp": .webp, "svg": .svg, "pdf": .pdf, "html": .html, "mp4": .mp4,
          "webm": .webm,
        ]
        result.outputs.append(.init(path: path, kind: readers[kind]!))
        old(path)
      case "stdout":
        var formats = ["png", "gif", "webp", "svg", "pdf", "html"]
        if allowVideo, Self.hasFFmpeg { formats += ["mp4", "webm"] }
        let format = pick(formats)
        result.arguments += ["-o", "-", "--format", format]
        if format == "mp4" || format == "webm" {
          frames = min(frames, 10)
          result.allowed.insert(69)
        }
        let readers: [String: OutputReader.Kind] = [
          "png": .png, "gif": .gif, "webp": .webp, "svg": .svg, "pdf": .pdf, "html": .html,
          "mp4": .mp4, "webm": .webm,
        ]
        result.stdout = readers[format]
      default:
        // A name that lies about its format, or a layout it cannot hold.
        let path = pick(["x.jpg", "x.gif", "x.svg", "x", "x.PNG"])
        result.arguments += ["-o", path]
        let flags = pick([
          ["--layout", "frames"], ["--format", "webp"], ["--layout", "grid"], [],
        ])
        result.arguments += flags
        // What is written when the name and flags agree after all.
        let kind: OutputReader.Kind =
          path.hasSuffix(".gif")
          ? .gif : path.hasSuffix(".svg") ? .svg : flags.last == "webp" ? .webp : .png
        result.outputs.append(.init(path: path, kind: kind))
        old(path)
      }
    }

    static let hasFFmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The flags `render` and `play` share.
    mutating func sheetFlags() {
      if chance(0.3) { result.arguments.append("--labels") }
      if chance(0.2) { result.arguments += ["--padding", value(["0", "1", "3", "8"])] }
      if chance(0.2) {
        result.arguments += [
          "--background",
          chance(0.15)
            ? HostileText.string(&random, maxLength: 20)
            : pick(["#203040", "transparent", "white", "rgb(10,20,30)", "#fff8", "red"]),
        ]
      }
      if chance(0.15) { result.arguments += ["--scale", value(["0.5", "1", "1.5", "2"])] }
      if chance(0.15) {
        result.arguments += ["--compression", pick(["fast", "smaller", "smallest", "best"])]
      }
      if chance(0.15) { result.arguments += ["--loops", value(["0", "1", "3", "65535"])] }
      if chance(0.15) { result.arguments += ["--hold", value(["0", "0.1", "0.5"])] }
      if chance(0.3) {
        let path = chance(0.1) ? pick(result.files.keys.sorted() + ["x.png"]) : "states.json"
        result.arguments += ["--states", path]
        if path == "states.json" {
          result.outputs.append(.init(path: path, kind: .json))
          if chance(0.3) { result.files[path] = Array("old states".utf8) }
        }
      }
      if chance(0.5) { result.arguments.append("--quiet") }
    }

    // MARK: commands

    mutating func render() {
      result.arguments = ["render"]
      var frames = 1 + below(8)
      if chance(0.9) {
        result.arguments += [
          "--size",
          chance(0.06)
            ? pick(["0x10", "16385x1", "10x", "x", "-5x5", "1e3x10", "١٠x١٠", "10x10x10", ""])
            : "\(1 + below(120))x\(1 + below(160))",
        ]
      }
      if chance(0.8) { result.arguments += ["--style", style()] }
      if chance(0.15) { result.arguments += ["--from", image("from.png", maxSide: 60)] }
      if chance(0.15) { result.arguments += ["--to", image("to.png", maxSide: 60)] }
      if chance(0.02) {
        result.arguments += ["--from", pick(["missing.png", ".", "/dev/zero", "/dev/null"])]
      }
      if chance(0.15) {
        result.arguments += ["--duration", value(["0", "0.1", "0.35", "1", "3600"])]
      }
      if chance(0.15) { result.arguments += ["--curve", curveText()] }
      if chance(0.3) { result.arguments.append("--reverse") }
      let fps = chance(0.1)
      var drawn = fps ? 1 : frames
      output(frames: &drawn)
      frames = min(frames, drawn)
      if fps {
        result.arguments += ["--fps", value(["1", "5", "12", "30"])]
        if !result.arguments.contains("--duration") { result.arguments += ["--duration", "0.3"] }
      } else {
        result.arguments += [
          "--frames", chance(0.05) ? pick(["0", "10001", "-3", "2.5", "1e4"]) : "\(frames)",
        ]
      }
      sheetFlags()
    }

    mutating func play() {
      result.arguments = ["play"]
      var frames = 1 + below(4)
      let sceneName = chance(0.9) ? "scene.json" : pick(["s c.json", "ü.json", "scene"])
      result.files[sceneName] = scene()
      if chance(0.02) {
        result.arguments.append(pick(["missing.json", ".", "/dev/zero"]))
      } else {
        result.arguments.append(sceneName)
      }
      let video = chance(0.85)
      output(frames: &frames, allowVideo: video)
      if chance(0.1) { result.arguments += ["--fps", value(["1", "4", "10", "24"])] }
      sheetFlags()
      if chance(0.02) {
        // An output that is the scene file.
        result.arguments += ["--states", sceneName]
      }
    }

    /// A scene file: a generated valid story with hostile text in its
    /// views' text, ids and image paths, forged images beside it, and
    /// sometimes damaged bytes.
    mutating func scene() -> [UInt8] {
      var images: [String] = []
      for k in 0..<below(4) { images.append(image("img/\(k).png")) }
      if chance(0.1) {
        images.append(pick(["missing.png", "img", "/dev/zero", "../x.png", "ü n.png"]))
      }
      var generator = SceneGenerator(random: random, images: images, styles: styles)
      var json = generator.next().json
      random = generator.random
      if chance(0.4) {
        json["container"] = [
          "width": 20 + below(300), "height": 20 + below(300), "color": "#102030",
        ]
      }
      // Frames per operation small, so a case stays quick.
      json["frames"] = 1 + below(3)
      var literals: [[UInt8]] = []
      func placeholder(_ literal: [UInt8]) -> String {
        literals.append(literal)
        return "@@TEXT\(literals.count - 1)@@"
      }
      if var views = json["views"] as? [[String: Any]] {
        for i in views.indices {
          if chance(0.5) {
            let long = chance(0.02)
            var text: [String: Any] = [
              "string": placeholder(
                HostileText.jsonLiteral(&random, maxLength: long ? 20_000 : 120))
            ]
            if chance(0.5) { text["size"] = pick([1, 8, 17, 40, 1000, 0.5] as [Any]) }
            if chance(0.3) { text["weight"] = pick(["regular", "bold", "heavy"]) }
            if chance(0.3) { text["align"] = pick(["left", "center", "right", "justify"]) }
            if chance(0.2) { text["color"] = pick(["#fff", "red", "#12345678"]) }
            views[i]["text"] = text
          }
          if var children = views[i]["children"] as? [[String: Any]], !children.isEmpty, chance(0.3)
          {
            children[0]["id"] = placeholder(HostileText.jsonLiteral(&random, maxLength: 40))
            if chance(0.5) {
              children[0]["text"] = [
                "string": placeholder(HostileText.jsonLiteral(&random, maxLength: 60))
              ]
            }
            views[i]["children"] = children
          }
        }
        json["views"] = views
      }
      guard
        var bytes = try? Array(JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
      else { return Array("{}".utf8) }
      // Put the raw literals in place of their placeholders.
      for (k, literal) in literals.enumerated().reversed() {
        let needle = Array("\"@@TEXT\(k)@@\"".utf8)
        if let range = Self.find(needle, in: bytes) { bytes.replaceSubrange(range, with: literal) }
      }
      if chance(0.08) {
        for _ in 0..<(1 + below(4)) where !bytes.isEmpty {
          let at = below(bytes.count)
          switch below(4) {
          case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
          case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + below(30)))
          case 2:
            bytes.insert(
              contentsOf: Array(pick([",", "{", "]", "1e999", "\"", "null", "-"]).utf8), at: at)
          default: bytes = Array(bytes.prefix(at))
          }
        }
      }
      return bytes
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
      guard haystack.count >= needle.count else { return nil }
      for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
        if Array(haystack[i..<i + needle.count]) == needle { return i..<i + needle.count }
      }
      return nil
    }

    mutating func diff() {
      result.arguments = ["diff"]
      result.allowed.insert(1)
      result.silentOnFailure = false
      let a = image("a.png", maxSide: 16)
      let b = chance(0.2) ? a : chance(0.5) ? image("b.png", maxSide: 16) : "b.png"
      if b == "b.png", result.files[b] == nil {
        // The same size as a, so the pixels are compared.
        result.files[b] = result.files[a]
        if var bytes = result.files[b], bytes.count > 60, chance(0.5) {
          bytes[bytes.count - 20] ^= 0xFF
          result.files[b] = bytes
        }
      }
      result.arguments += [a, b]
      if chance(0.3) { result.arguments += ["--threshold", value(["0", "0.1", "0.5", "1"])] }
      if chance(0.3) { result.arguments += ["--max-diff-pixels", value(["0", "5", "1000"])] }
      if chance(0.5) {
        let path = pick(["d.png", "d.png", "d.jpg", "-", "a.png", "missing/d.png"])
        result.arguments += ["-o", path]
        if path == "d.png" {
          result.outputs.append(.init(path: path, kind: .png))
          if chance(0.3) { result.files[path] = Array("old diff".utf8) }
        }
      }
    }

    mutating func curve() {
      result.arguments = ["curve", curveText()]
      if chance(0.4) { result.arguments += ["--samples", value(["2", "3", "11", "1000"])] }
      if chance(0.3) {
        let path = pick(["p.png", "p.png", "p.svg", "-"])
        result.arguments += ["--plot", path]
        if path == "p.png" {
          result.outputs.append(.init(path: path, kind: .png))
          if chance(0.3) { result.files[path] = Array("old plot".utf8) }
        }
      } else {
        result.stdout = .csv
      }
    }

    mutating func demo() {
      result.arguments = ["demo", "--quiet"]
      let path = pick(["demo.png", "demo.svg", "demo.pdf", "demo.gif", "demo"])
      result.arguments += ["-o", path]
      // With no extension, the demo is a PNG.
      let readers: [String: OutputReader.Kind] = [
        "png": .png, "svg": .svg, "pdf": .pdf, "demo": .png,
      ]
      if let kind = readers[String(path.split(separator: ".").last ?? "")] {
        result.outputs.append(.init(path: path, kind: kind))
        if chance(0.3) { result.files[path] = Array("old demo".utf8) }
      }
      if chance(0.8) {
        // One or two rows keep a demo quick.
        result.arguments += [
          "--styles", (0..<(1 + below(2))).map { _ in style() }.joined(separator: ","),
        ]
      }
    }

    mutating func stylesCommand() {
      result.arguments = ["styles"]
      if chance(0.05) {
        result.arguments += ["--catalogue", "c.png", "--quiet"]
        result.outputs.append(.init(path: "c.png", kind: .png))
      } else if chance(0.5) {
        result.arguments.append("--json")
        result.stdout = .json
      } else {
        result.stdout = .text
      }
    }
  }
}
