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
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      throw RenderError(
        "cannot open '\(path)' for reading: \(systemError())", kind: .unreadable)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw RenderError("cannot read '\(path)': \(systemError())", kind: .unreadable)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw RenderError(
        "cannot read '\(path)': not a regular file (\(kindName(info.st_mode)))", kind: .unreadable)
    }
    let size = Int(info.st_size)
    guard size <= maximumBytes else {
      throw RenderError(
        "'\(path)' is \(size) bytes, more than the \(maximumBytes) allowed", kind: .overLimit)
    }
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while true {
      if count == bytes.count {
        // The file grew while being read: keep going only within the cap.
        guard count <= maximumBytes else {
          throw RenderError(
            "'\(path)' grew past the \(maximumBytes) bytes allowed", kind: .overLimit)
        }
        bytes.append(contentsOf: repeatElement(0, count: min(1 << 16, maximumBytes + 1 - count)))
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw RenderError("cannot read '\(path)': \(systemError())", kind: .unreadable)
      }
      if got == 0 { break }
      count += got
    }
    guard count <= maximumBytes else {
      throw RenderError(
        "'\(path)' grew past the \(maximumBytes) bytes allowed", kind: .overLimit)
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  private static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: return "a folder"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return "not a plain file"
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

/// The C library's `read`, which `BinaryFile.read` hides inside the enum.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
