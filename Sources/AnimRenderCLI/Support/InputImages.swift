import TransitRender

/// A run's input PNGs, read in two steps so that their memory is charged
/// before any is spent: ``add(_:path:what:name:kind:to:)`` reads each file's
/// header and charges the decoded image to the run's ``MemoryBudget`` (and
/// checks the file); ``decode()`` decodes them all, once every other part
/// of the run (a script's frames, the output) has been charged too.
///
/// Decoding is one image at a time, so besides the decoded images the run
/// holds the largest file's bytes and its working memory (see
/// ``PNGDecoder/Cost``), charged once, for the largest.
struct InputImages {
  struct Entry {
    /// The name the renderer's ``ImageProvider`` looks it up by.
    var key: String
    var path: String
    /// What the image is, for messages: `--from a.png`, `s.json:
    /// views[0].image: a.png`.
    var what: String
    var cost: PNGDecoder.Cost
  }

  private(set) var entries: [Entry] = []
  /// The most any one decoding needs besides the decoded images.
  private var working = 0

  /// Reads the header of the PNG at `path` and charges its decoded pixels
  /// to `memory`, with the working memory of the costliest decoding so
  /// far; a refusal names the image (an error of `kind`).
  ///
  /// - Returns: its width and height.
  @discardableResult
  ///
  /// - Parameters:
  ///   - key: the name the renderer looks the image up by.
  ///   - what: the image in errors about the file (`s.json: views[0].image: a.png`).
  ///   - name: the image in a refusal of its memory (`views[0].image a.png`).
  mutating func add(
    _ key: String, path: String, what: String, name: String, kind: CLIError.Kind = .dataError,
    to memory: inout MemoryBudget
  ) throws(CLIError) -> (width: Int, height: Int) {
    let bytes = try InputFile.bytes(
      path, what: what, maximumBytes: RenderLimits.maximumImageFileBytes)
    let cost: PNGDecoder.Cost
    do throws(RenderError) {
      cost = try PNGDecoder.cost(of: bytes, source: "'\(path)'")
      let pixels = cost.width * cost.height
      guard pixels <= RenderLimits.maximumInputPixels else {
        throw RenderError.tooManyPixels(
          source: "'\(path)'", width: cost.width, height: cost.height,
          maximumPixels: RenderLimits.maximumInputPixels)
      }
    } catch {
      throw CLIError.data("\(what): not a readable PNG within the limits (\(error.message))")
    }
    let advice = "use fewer or smaller images"
    try memory.charge(
      cost.imageBytes, for: "the image \(name) (\(cost.width)×\(cost.height))",
      group: "images", kind: kind, advice: advice)
    let needed = bytes.count + cost.workingBytes
    if needed > working {
      try memory.charge(
        needed - working, for: "decoding \(name)", group: "decoding the images", kind: kind,
        advice: advice)
      working = needed
    }
    entries.append(Entry(key: key, path: path, what: what, cost: cost))
    return (cost.width, cost.height)
  }

  /// Every image decoded, by key; an image whose file changed since its
  /// header was read must still fit what was charged for it.
  func decode() throws(CLIError) -> [String: Image] {
    var images: [String: Image] = [:]
    for entry in entries where images[entry.key] == nil {
      images[entry.key] = try InputFile.image(
        entry.path, what: entry.what, maximumPixels: entry.cost.width * entry.cost.height)
    }
    return images
  }
}
