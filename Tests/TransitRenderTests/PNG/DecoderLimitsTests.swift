import Glibc
import Testing
import TransitRender

/// Limits the decoder and file reader check before spending memory or
/// blocking: header dimensions, pixel caps, impossible compression ratios,
/// and inputs that are not regular files.
@Suite struct DecoderLimitsTests {
  /// A PNG whose header claims `width` × `height` RGBA pixels over an empty
  /// image-data stream.
  static func claiming(width: UInt32, height: UInt32) -> [UInt8] {
    func be(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    func crc(_ bytes: [UInt8]) -> UInt32 {
      var c: UInt32 = 0xFFFF_FFFF
      for byte in bytes {
        c ^= UInt32(byte)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      }
      return ~c
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      return be(UInt32(data.count)) + body + be(crc(body))
    }
    let empty: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0, 0, 0, 1]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", empty)
      + chunk("IEND", [])
  }

  @Test func dimensionsComeFromTheHeaderAlone() throws {
    let bytes = Self.claiming(width: 32_767, height: 32_767)
    let size = try PNGDecoder.dimensions(of: bytes)
    #expect(size.width == 32_767 && size.height == 32_767)
  }

  @Test func aHeaderOverThePixelCapIsRefusedAsOverLimit() {
    let bytes = Self.claiming(width: 4_000, height: 4_000)
    do {
      _ = try PNGDecoder.decode(bytes, maximumPixels: 1_000_000)
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .overLimit)
      #expect(error.message.contains("4000×4000"))
    }
  }

  /// 68 bytes cannot hold 32,767² pixels at deflate's best ratio: refused
  /// before the 4 GiB image would be allocated, even under the default cap.
  @Test func aFileTooShortForItsHeaderIsRefusedBeforeAllocating() {
    for side: UInt32 in [16_384, 8_000] {
      do {
        _ = try PNGDecoder.decode(Self.claiming(width: side, height: side))
        Issue.record("expected an error for \(side)")
      } catch {
        #expect(error.kind == .failure)
        #expect(error.message.contains("cannot hold"), "\(error.message)")
      }
    }
    // Sides beyond Cairo's are refused from the header too.
    #expect(throws: RenderError.self) {
      try PNGDecoder.decode(Self.claiming(width: 40_000, height: 1))
    }
  }

  @Test func nonRegularFilesAreRefusedAtOnce() throws {
    let folder = TestFiles.temporaryDirectory()
    let fifo = folder + "/fifo.png"
    #expect(mkfifo(fifo, 0o644) == 0)
    for path in ["/dev/zero", fifo, folder, folder + "/missing.png"] {
      do {
        _ = try BinaryFile.read(path)
        Issue.record("expected an error for \(path)")
      } catch {
        #expect(error.kind == .unreadable, "\(path): \(error.message)")
        #expect(error.message.contains(path))
      }
    }
  }

  @Test func filesOverTheCapAreRefusedAndUnderItRead() throws {
    let path = TestFiles.temporaryDirectory() + "/bytes.bin"
    try BinaryFile.write(Array(repeating: 7, count: 1_000), to: path)
    do {
      _ = try BinaryFile.read(path, maximumBytes: 999)
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .overLimit)
    }
    #expect(try BinaryFile.read(path, maximumBytes: 1_000) == Array(repeating: 7, count: 1_000))
    #expect(try BinaryFile.read(path).count == 1_000)
  }
}
