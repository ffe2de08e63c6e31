@_spi(Fuzzing) import AnimRenderCLI

// libFuzzer supplies the loop; SwiftPM links an executable by renaming its
// entry point to <module>_main, so that symbol hands control to libFuzzer.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Any bytes as a scene file: decoded, counted and played, or refused with
/// a one-line 64 or 65; see `FuzzEntry.sceneFile`.
@_cdecl("FuzzScene_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return runFuzzerDriver(&argc, &argv) { data, size in
    FuzzEntry.sceneFile(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
  }
}
