import Transit

// libFuzzer supplies the loop; SwiftPM links an executable by renaming its
// entry point to <module>_main, so that symbol hands control to libFuzzer.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Any text through the curve parser: a curve whose description reads back
/// to an equal curve, or a thrown error; never a trap or deep recursion.
@_cdecl("FuzzCurve_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  var argc = argc
  var argv = argv
  return runFuzzerDriver(&argc, &argv) { data, size in
    let text = String(
      decoding: data.map { UnsafeBufferPointer(start: $0, count: size) }
        ?? UnsafeBufferPointer(start: nil, count: 0),
      as: UTF8.self)
    if let curve = try? TimingCurve(parsing: text) {
      for t in [0, 0.25, 0.5, 1] { _ = curve.value(at: t) }
      let again = try? TimingCurve(parsing: curve.description)
      precondition(again != nil, "\(curve.description) does not read back")
    }
    return 0
  }
}
