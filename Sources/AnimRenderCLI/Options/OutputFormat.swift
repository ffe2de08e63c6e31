import ArgumentParser

/// What kind of file animrender writes, chosen by the output's extension as
/// ffmpeg and ImageMagick do, or by `--format` when the name has none (or is
/// `-`, standard output).
///
/// A name never lies about its bytes: an extension animrender does not
/// write, a `--format` that disagrees with the extension, or a layout the
/// format cannot hold (a strip in a `.gif`, an animation in a `.svg`) is a
/// usage error (64), before anything is drawn.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
  case png, gif, webp, mp4, webm, svg, pdf, html

  /// Whether the format draws with Cairo's vector surfaces.
  var isVector: Bool { self == .svg || self == .pdf }

  /// Whether the format is written by the `ffmpeg` program.
  var needsFFmpeg: Bool { self == .mp4 || self == .webm }

  /// The layouts the format can hold; the first is the default.
  var layouts: [OutputOptions.Layout] {
    switch self {
    case .png: [.strip, .grid, .frames, .animation]
    case .gif, .webp, .mp4, .webm, .html: [.animation]
    case .svg, .pdf: [.strip, .grid]
    }
  }

  /// The format an extension names (case-insensitive; `.apng` is PNG).
  init?(extension name: String) {
    let lowered = name.lowercased()
    if lowered == "apng" {
      self = .png
      return
    }
    self.init(rawValue: lowered)
  }

  /// The extension of `path`'s last component, without the dot; `nil` when
  /// it has none or is `-`.
  static func pathExtension(of path: String) -> String? {
    Path(path).pathExtension
  }

  /// The format's usual name, as the help prints it.
  var displayName: String {
    switch self {
    case .png: "PNG"
    case .gif: "GIF"
    case .webp: "WebP"
    case .mp4: "MP4"
    case .webm: "WebM"
    case .svg: "SVG"
    case .pdf: "PDF"
    case .html: "HTML"
    }
  }

  /// What a file of this format holds, for the help.
  var contents: String {
    switch self {
    case .png:
      "a strip, a grid, one file per frame or an animation (APNG)"
    case .gif: "an animation, 256 colours a frame"
    case .webp: "a lossless animation"
    case .mp4: "an H.264 video (written by ffmpeg)"
    case .webm: "a VP9 video (written by ffmpeg)"
    case .svg, .pdf: "a strip or a grid drawn as vectors"
    case .html: "a player page that works offline (see Docs/CLI.md)"
    }
  }

  /// The extensions animrender writes, in the table's order: `.png, .gif,
  /// … and .pdf`.
  static var extensionList: String {
    let names = allCases.map { ".\($0.rawValue)" }
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
  }

  /// Every format, one line each (`  .gif   GIF: an animation, …`), for
  /// the help of the commands that write them all.
  static var helpLines: String {
    let lines = allCases.map { format in
      let ext = ".\(format.rawValue)"
      let pad = String(repeating: " ", count: max(1, 7 - ext.count))
      return "  \(ext)\(pad)\(format.displayName): \(format.contents)"
    }
    return "Output formats, chosen by the extension of -o (.apng is PNG) or by --format:\n"
      + lines.joined(separator: "\n")
  }

  /// The names of the formats that can hold `layout`, as `PNG, SVG or PDF`.
  static func names(holding layout: OutputOptions.Layout) -> String {
    let names = allCases.filter { $0.layouts.contains(layout) }.map(\.displayName)
    guard names.count > 1 else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}
