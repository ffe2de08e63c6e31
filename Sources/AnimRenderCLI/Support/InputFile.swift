import TransitRender

/// Reading what the user names as input: scene files and PNGs.
///
/// Every input must be a regular file under a size cap, checked when it is
/// opened (never blocking on a FIFO, never reading `/dev/zero` forever), and
/// a PNG's dimensions are checked from its header before it is decoded. A
/// file that is missing, unreadable or not a regular file is exit 66; one
/// over a limit, or not a valid PNG, is 65.
enum InputFile {
  /// The bytes of the file at `path`; `what` starts every message.
  static func bytes(_ path: String, what: String, maximumBytes: Int) throws(CLIError) -> [UInt8] {
    do { return try BinaryFile.read(path, maximumBytes: maximumBytes) } catch {
      let kind: CLIError.Kind =
        switch error.kind {
        case .unreadable: .noInput
        case .systemResource: .osError
        default: .dataError
        }
      throw CLIError(kind, "\(what): \(error.message)")
    }
  }

  /// A PNG input decoded, within ``RenderLimits/maximumInputPixels`` and
  /// `maximumPixels`, both checked from the header before decoding.
  static func image(
    _ path: String, what: String, maximumPixels: Int = RenderLimits.maximumInputPixels
  ) throws(CLIError) -> Image {
    let data = try bytes(path, what: what, maximumBytes: RenderLimits.maximumImageFileBytes)
    do {
      return try PNGDecoder.decode(
        data, source: "'\(path)'",
        maximumPixels: max(0, min(maximumPixels, RenderLimits.maximumInputPixels)))
    } catch {
      throw CLIError.data("\(what): not a readable PNG within the limits (\(error.message))")
    }
  }
}
