import Foundation
import Testing
import TransitRender
import TransitTestSupport

/// Limits the decoder and file reader check before spending memory or
/// blocking: header dimensions, pixel caps, impossible compression ratios,
/// and inputs that are not regular files.
@Suite struct DecoderLimitsTests {
  @Test func dimensionsComeFromTheHeaderAlone() throws {
    let bytes = PNGChunks.claiming(width: 32_767, height: 32_767)
    let size = try PNGDecoder.dimensions(of: bytes)
    #expect(size.width == 32_767 && size.height == 32_767)
  }

  @Test func aHeaderOverThePixelCapIsRefusedAsOverLimit() {
    let bytes = PNGChunks.claiming(width: 4_000, height: 4_000)
    do {
      _ = try PNGDecoder.decode(bytes, maximumPixels: 1_000_000)
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .overLimit)
      #expect(
        error
          == .tooManyPixels(
            source: "PNG data", width: 4_000, height: 4_000, maximumPixels: 1_000_000))
    }
  }

  /// 68 bytes cannot hold 32,767² pixels at deflate's best ratio: refused
  /// before the 4 GiB image would be allocated, even under the default cap.
  @Test func aFileTooShortForItsHeaderIsRefusedBeforeAllocating() {
    for side: UInt32 in [16_384, 8_000] {
      do {
        _ = try PNGDecoder.decode(PNGChunks.claiming(width: side, height: side))
        Issue.record("expected an error for \(side)")
      } catch {
        #expect(error.kind == .failure)
        #expect(error.message.contains("cannot hold"), "\(error.message)")
      }
    }
    // Sides beyond Cairo's are refused from the header too.
    #expect(throws: RenderError.self) {
      try PNGDecoder.decode(PNGChunks.claiming(width: 40_000, height: 1))
    }
  }

  @Test func nonRegularFilesAreRefusedAtOnce() throws {
    let folder = TemporaryDirectory.make().path
    let fifo = folder + "/fifo.png"
    #expect(mkfifo(fifo, 0o644) == 0)
    for path in ["/dev/zero", fifo, folder, folder + "/missing.png"] {
      do {
        _ = try BinaryFile.read(path)
        Issue.record("expected an error for \(path)")
      } catch {
        #expect(error.kind == .unreadable, "\(path): \(error.message)")
        #expect(error.message.contains(path))
        if path != folder + "/missing.png" {
          guard case .notARegularFile(path, _) = error else {
            Issue.record("\(path): \(error) is not notARegularFile")
            continue
          }
        }
      }
    }
  }

  @Test func filesOverTheCapAreRefusedAndUnderItRead() throws {
    let path = TemporaryDirectory.make().path + "/bytes.bin"
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
