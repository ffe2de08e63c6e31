#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and writes with the C library, so that TransitRender
/// needs no Foundation.
public enum BinaryFile {
  /// Reads every byte of the file at `path`.
  ///
  /// - Throws: ``RenderError`` naming the path and the system's reason.
  public static func read(_ path: String) throws(RenderError) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
      throw RenderError("cannot open '\(path)' for reading: \(systemError())")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
      if count < chunk.count {
        if ferror(file) != 0 { throw RenderError("cannot read '\(path)': \(systemError())") }
        return bytes
      }
    }
  }

  /// Writes `bytes` to `path`, replacing the file. The bytes go to a
  /// temporary file next to it first and are renamed into place, so that a
  /// reader (or a crash) never sees half a PNG.
  ///
  /// - Throws: ``RenderError`` naming the path and the system's reason.
  public static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
    let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    guard let file = fopen(temporary, "wb") else {
      throw RenderError("cannot open '\(path)' for writing: \(systemError())")
    }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file)
    guard written == bytes.count, closed == 0 else {
      let reason = systemError()
      unlink(temporary)
      throw RenderError("cannot write '\(path)': \(reason)")
    }
    guard rename(temporary, path) == 0 else {
      let reason = systemError()
      unlink(temporary)
      throw RenderError("cannot move the new '\(path)' into place: \(reason)")
    }
  }

  /// Whether a file or directory exists at `path`.
  public static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// Creates the directory at `path` and every missing parent, like `mkdir -p`.
  ///
  /// - Throws: ``RenderError`` naming the directory that could not be made.
  public static func createDirectories(_ path: String) throws(RenderError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        throw RenderError("cannot create directory '\(prefix)': \(systemError())")
      }
      prefix += "/"
    }
  }

  private static func systemError() -> String {
    String(cString: strerror(errno))
  }
}
