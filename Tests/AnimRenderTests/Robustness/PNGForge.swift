import TransitTestSupport

/// Small PNG files written byte by byte, valid or broken on purpose, for
/// the structured fuzzer's scene images and `--from`, `--to` and `diff`
/// inputs.
///
/// The pixels are stored, not compressed (deflate's stored blocks), so the
/// writer needs nothing but CRC-32 and Adler-32 and every field can be set
/// to anything: every colour type and legal bit depth, palettes with and
/// without `tRNS`, Adam7 interlacing, and headers that lie.
enum PNGForge {
  /// The ways a forged file departs from a valid one.
  enum Damage: CaseIterable, Sendable {
    case none
    /// Cut short at a random byte.
    case truncated
    /// One chunk's CRC wrong.
    case badCRC
    /// A header claiming far more pixels than the data holds (up to
    /// 2^31 − 1 a side, PNG's largest).
    case hugeHeader
    /// Too little pixel data for the header.
    case shortData
    /// A row filter byte beyond 4.
    case badFilter
    /// No `IEND`.
    case noEnd
    /// A side of 0.
    case zeroSide
    /// A bit depth the colour type does not allow.
    case badDepth
    /// An ancillary chunk whose length field claims 2 GiB.
    case hugeChunk
    /// A palette image whose indices point past its palette.
    case shortPalette
    /// Not a PNG at all: random bytes, or nothing.
    case notPNG
  }

  /// The colour types with the bit depths PNG allows for each.
  static let depths: [(colorType: UInt8, depths: [UInt8])] = [
    (0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16]),
  ]

  /// A random forged PNG: usually valid (`damage` none), of up to
  /// `maxSide` pixels a side.
  static func random(_ random: inout SplitMix64, maxSide: Int = 24, damage: Damage? = nil)
    -> [UInt8]
  {
    let damage =
      damage
      ?? (random.below(3) == 0
        ? Damage.allCases[Int(random.below(UInt64(Damage.allCases.count)))] : .none)
    let (colorType, allowed) = depths[Int(random.below(UInt64(depths.count)))]
    let depth = allowed[Int(random.below(UInt64(allowed.count)))]
    let width = 1 + Int(random.below(UInt64(maxSide)))
    let height = 1 + Int(random.below(UInt64(maxSide)))
    return make(
      width: width, height: height, colorType: colorType, depth: depth,
      interlaced: random.below(3) == 0, damage: damage, random: &random)
  }

  /// A PNG of `width` × `height` random pixels, damaged as `damage` says.
  static func make(
    width: Int, height: Int, colorType: UInt8, depth: UInt8, interlaced: Bool,
    damage: Damage = .none, random: inout SplitMix64
  ) -> [UInt8] {
    if damage == .notPNG {
      return (0..<Int(random.below(64))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }
    let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)]!
    let bitsPerPixel = channels * Int(depth)
    var headerWidth = UInt32(width)
    var headerHeight = UInt32(height)
    var headerDepth = depth
    switch damage {
    case .hugeHeader:
      headerWidth = random.below(2) == 0 ? 0x7FFF_FFFF : UInt32(100_000 + random.below(100_000))
      headerHeight = random.below(2) == 0 ? 0x7FFF_FFFF : UInt32(1 + random.below(100_000))
    case .zeroSide: if random.below(2) == 0 { headerWidth = 0 } else { headerHeight = 0 }
    case .badDepth: headerDepth = [3, 5, 7, 12, 32, 0][Int(random.below(6))]
    default: break
    }
    // Row data: one filter byte and the packed pixels, per row of each pass.
    var raw: [UInt8] = []
    let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
      interlaced
      ? [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
        (0, 1, 1, 2),
      ]
      : [(0, 0, 1, 1)]
    let paletteSize = damage == .shortPalette ? 1 : min(256, 1 << Int(depth))
    for pass in passes {
      let passWidth = width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0
      let passHeight = height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
      guard passWidth > 0, passHeight > 0 else { continue }
      let rowBytes = (passWidth * bitsPerPixel + 7) / 8
      for _ in 0..<passHeight {
        raw.append(UInt8(random.below(5)))
        for _ in 0..<rowBytes {
          var byte = UInt8(truncatingIfNeeded: random.next())
          // Palette indices within the palette, unless it is short on purpose.
          if colorType == 3, depth == 8, damage != .shortPalette {
            byte = UInt8(Int(byte) % paletteSize)
          }
          raw.append(byte)
        }
      }
    }
    if damage == .badFilter, !raw.isEmpty { raw[0] = 5 + UInt8(random.below(250)) }
    if damage == .shortData, !raw.isEmpty {
      raw.removeLast(1 + Int(random.below(UInt64(raw.count))))
    }
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header = bigEndian(headerWidth) + bigEndian(headerHeight)
    header += [headerDepth, colorType, 0, 0, interlaced ? 1 : 0]
    file += chunk("IHDR", header)
    if damage == .hugeChunk {
      // A length of 2 GiB − 1 followed by a few bytes: the reader must not
      // believe it.
      file += bigEndian(0x7FFF_FFFF) + Array("zTXt".utf8) + [1, 2, 3, 4]
      return file
    }
    if colorType == 3 {
      var palette: [UInt8] = []
      for _ in 0..<paletteSize {
        palette += (0..<3).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      }
      file += chunk("PLTE", palette)
      if random.below(2) == 0 {
        file += chunk(
          "tRNS", (0..<paletteSize).map { _ in UInt8(truncatingIfNeeded: random.next()) })
      }
    } else if colorType == 0 || colorType == 2, random.below(4) == 0 {
      let samples = colorType == 0 ? 1 : 3
      file += chunk("tRNS", (0..<samples).flatMap { _ in [0, UInt8(random.below(2))] })
    }
    var idat = chunk("IDAT", zlibStored(raw))
    if damage == .badCRC { idat[idat.count - 1] ^= 0x5A }
    file += idat
    if damage != .noEnd { file += chunk("IEND", []) }
    if damage == .truncated, file.count > 9 {
      file = Array(file.prefix(1 + Int(random.below(UInt64(file.count - 1)))))
    }
    return file
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
  }

  /// `data` as a zlib stream of stored (uncompressed) deflate blocks.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(data.count, start + 65_535)
      let length = UInt16(end - start)
      out.append(end == data.count ? 1 : 0)
      out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
      out += data[start..<end]
      start = end
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + bigEndian(b << 16 | a)
  }

  static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}
