/// The chunks of a PNG file that the decoder reads, and the rest it skips
/// without reading.
///
/// Drawing needs the header, the palette, transparency (`tRNS`) and the
/// image data; every other chunk (text, compressed text, colour profiles,
/// gamma, animation control) is ancillary information the renderer never
/// uses. libspng would read them all, and inflates compressed ones (`zTXt`,
/// `iTXt`, `iCCP`) whatever its chunk limits say: a 1 MB file with a
/// `zTXt` chunk that inflates to 1 GB cost 1 GB. So those chunks are cut
/// out before libspng sees the file: their bytes are skipped, never
/// inflated nor kept.
enum PNGAncillaryChunks {
  /// The chunk types the decoder keeps.
  static let kept: Set<[UInt8]> = Set(
    ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"].map { Array($0.utf8) })

  /// `png` without the chunks the decoder does not read, or `nil` when it
  /// has none (then `png` is decoded as it is). A file whose chunks are not
  /// well formed (one runs past the end) is left to libspng, whose error
  /// says what is wrong: also `nil`.
  ///
  /// - Complexity: O(*n*) in the number of chunks, plus one copy of the
  ///   kept bytes when something is cut.
  static func stripped(_ png: [UInt8]) -> [UInt8]? {
    var kept: [Range<Int>] = []
    var dropsAny = false
    var offset = 8
    guard png.count > offset else { return nil }
    while offset < png.count {
      guard png.count - offset >= 12 else { return nil }
      let length =
        Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8
        | Int(png[offset + 3])
      guard length <= png.count - offset - 12 else { return nil }
      let end = offset + 12 + length
      let type = Array(png[(offset + 4)..<(offset + 8)])
      if PNGAncillaryChunks.kept.contains(type) {
        kept.append(offset..<end)
      } else {
        dropsAny = true
      }
      offset = end
      if type == Array("IEND".utf8) { break }
    }
    guard dropsAny else { return nil }
    var result: [UInt8] = []
    result.reserveCapacity(kept.reduce(8) { $0 + $1.count } + png.count - offset)
    result.append(contentsOf: png[0..<8])
    for range in kept { result.append(contentsOf: png[range]) }
    // Whatever follows IEND stays, for libspng to judge as before.
    result.append(contentsOf: png[offset...])
    return result
  }
}
