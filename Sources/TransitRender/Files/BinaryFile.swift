/// Whole-file reads and writes with the C library, so that TransitRender
/// needs no Foundation.
public enum BinaryFile {
  /// The most bytes ``read(_:maximumBytes:)`` reads unless told otherwise: 1 GiB.
  public static let defaultMaximumBytes = 1 << 30

  /// Reads every byte of the regular file at `path`, refusing at once
  /// anything that is not one or is larger than `maximumBytes`.
  ///
  /// The file is opened without blocking and checked with `fstat` before a
  /// byte is read, so a FIFO, a folder or a device such as `/dev/zero` fails
  /// immediately instead of blocking or reading forever; a file that grows
  /// past the cap while it is read fails too.
  ///
  /// - Throws: ``RenderError`` naming the path and the reason: of kind
  ///   ``RenderError/Kind/unreadable`` when the file is missing, cannot be
  ///   opened or is not a regular file, ``RenderError/Kind/overLimit`` when
  ///   it is larger than `maximumBytes`.
  public static func read(
    _ path: String, maximumBytes: Int = defaultMaximumBytes
  ) throws(RenderError) -> [UInt8] {
    let fd = Platform.openForReading(path)
    guard fd >= 0 else {
      throw .system(
        "cannot open '\(path)' for reading", code: Platform.lastErrorCode, kind: .unreadable)
    }
    defer { Platform.close(fd) }
    guard let info = Platform.info(fd) else {
      throw RenderError.system(
        "cannot read '\(path)'", code: Platform.lastErrorCode, kind: .unreadable)
    }
    if let kind = info.nonRegularKind {
      throw RenderError.notARegularFile(path: path, what: kind)
    }
    let size = info.size
    guard size <= maximumBytes else {
      throw RenderError.fileTooLarge(path: path, bytes: size, maximumBytes: maximumBytes)
    }
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while true {
      if count == bytes.count {
        // The file grew while being read: keep going only within the cap.
        guard count <= maximumBytes else {
          throw RenderError.grewPastLimit(path: path, maximumBytes: maximumBytes)
        }
        bytes.append(contentsOf: repeatElement(0, count: min(1 << 16, maximumBytes + 1 - count)))
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        Platform.read(fd, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        throw RenderError.system(
          "cannot read '\(path)'", code: Platform.lastErrorCode, kind: .unreadable)
      }
      if got == 0 { break }
      count += got
    }
    guard count <= maximumBytes else {
      throw RenderError.grewPastLimit(path: path, maximumBytes: maximumBytes)
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// Writes `bytes` to `path`, replacing the file. The bytes go to a
  /// hidden temporary file next to it first and are renamed into place (a
  /// `StagedFile`), so that a reader (or a crash) never sees half a PNG;
  /// a replaced file keeps its permissions, owner and hard links, a symbolic
  /// link is followed and kept. A character device such as `/dev/null` is
  /// written as a stream; a folder, FIFO, socket or block device is refused.
  ///
  /// - Throws: ``RenderError`` naming the path and the system's reason; no
  ///   temporary file is left behind.
  public static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
    if try OutputTarget(path).kind == .characterDevice {
      try stream(bytes, to: path)
      return
    }
    let file = try StagedFile(for: path)
    try file.write(bytes)
    try file.moveIntoPlace()
  }

  /// Writes `bytes` to the character device at `path` (`/dev/null`, a
  /// terminal) as a stream: opened without being created or emptied.
  ///
  /// - Throws: ``RenderError`` naming the path and the system's reason.
  package static func stream(_ bytes: [UInt8], to path: String) throws(RenderError) {
    let fd = Platform.openForStreaming(path)
    guard fd >= 0 else {
      throw RenderError.system("cannot write '\(path)'", code: Platform.lastErrorCode)
    }
    guard bytes.withUnsafeBytes({ Platform.writeAll(fd, $0) }) else {
      let error = RenderError.system("cannot write '\(path)'", code: Platform.lastErrorCode)
      Platform.close(fd)
      throw error
    }
    guard Platform.close(fd) else {
      throw RenderError.system("cannot write '\(path)'", code: Platform.lastErrorCode)
    }
  }

  /// Whether a file or directory exists at `path`.
  package static func exists(_ path: String) -> Bool {
    Platform.exists(path)
  }

  /// Creates the directory at `path` and every missing parent, like `mkdir -p`.
  ///
  /// - Throws: ``RenderError`` naming the directory that could not be made.
  package static func createDirectories(_ path: String) throws(RenderError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      guard Platform.makeFolder(prefix) else {
        throw RenderError.system(
          "cannot create directory '\(prefix)'", code: Platform.lastErrorCode)
      }
      prefix += "/"
    }
  }
}
