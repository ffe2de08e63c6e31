import TransitRender

// libFuzzer supplies the loop; SwiftPM links an executable by renaming its
// entry point to <module>_main, so that symbol hands control to libFuzzer.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Any bytes through the PNG decoder: it returns an image within the limits
/// or throws; it never traps, hangs or allocates past the header's check.
@_cdecl("FuzzPNG_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return runFuzzerDriver(&argc, &argv) { data, size in
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let image = try? PNGDecoder.decode(bytes, maximumPixels: 1 << 22) {
      precondition(image.pixels.count == image.width * image.height)
      precondition(image.width * image.height <= 1 << 22)
      _ = try? PNGDecoder.dimensions(of: bytes)
    }
    return 0
  }
}
