import CTransitPango

/// The fonts Transit draws text with: DejaVu Sans and DejaVu Sans Bold
/// (Bitstream Vera licence, see `Fonts/LICENSE`), bundled with TransitRender
/// and given to fontconfig as the only fonts it knows, so text never depends
/// on what a machine has installed.
///
/// The folder is looked up, in order: `TRANSIT_FONTS_DIR`; the resource
/// folder SwiftPM copies beside the built products
/// (`Transit_TransitRender.resources/Fonts`, next to the running program);
/// and the source tree the package was built from.
enum TextFonts {
  /// The family name in the bundled files.
  static let family = "DejaVu Sans"
  static let files = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]

  /// The folder holding the bundled fonts, or `nil` when none is found.
  static let folder: String? = {
    var candidates: [String] = []
    if let override = Platform.environment("TRANSIT_FONTS_DIR") { candidates.append(override) }
    if let executable = executableFolder() {
      candidates.append("\(executable)/Transit_TransitRender.resources/Fonts")
      candidates.append("\(executable)/Transit_TransitRender.resources")
    }
    let source = String("\(#filePath)".dropLast("TextFonts.swift".count)) + "Fonts"
    candidates.append(source)
    return candidates.first { Platform.isReadable("\($0)/\(files[0])") }
  }()

  /// A fontconfig configuration that knows the bundled fonts and nothing
  /// else (no system configuration is loaded).
  static func makeConfiguration() throws(RenderError) -> OpaquePointer {
    guard let folder else {
      throw RenderError(
        "text needs Transit's bundled fonts, which are not beside the program nor in TRANSIT_FONTS_DIR"
      )
    }
    guard let config = FcConfigCreate() else {
      throw RenderError("fontconfig could not start: out of memory", kind: .systemResource)
    }
    for file in files {
      let added = "\(folder)/\(file)".withCString {
        FcConfigAppFontAddFile(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
      }
      guard added != 0 else {
        FcConfigDestroy(config)
        // fontconfig does not say why; opening the file says whether the
        // system ran out of open files or memory.
        let fd = Platform.openForReading("\(folder)/\(file)")
        guard fd >= 0 else {
          throw .system(
            "cannot read the bundled font \(folder)/\(file)", code: Platform.lastErrorCode)
        }
        _ = Platform.close(fd)
        throw RenderError("fontconfig could not read the bundled font \(folder)/\(file)")
      }
    }
    return config
  }

  private static func executableFolder() -> String? {
    guard let path = Platform.executablePath(), let slash = path.lastIndex(of: "/") else {
      return nil
    }
    return String(path[..<slash])
  }
}
