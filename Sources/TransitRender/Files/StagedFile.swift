/// A file written in full under a hidden name beside its destination, then
/// renamed over it in one step: how TransitRender and `animrender` write
/// every file, so that a reader, a crash or a full disk never sees half a
/// file under the destination's name.
///
/// The temporary file is `.ar-tmp-<random>` in the destination's own
/// folder, so the final rename never crosses file systems and is atomic.
/// Its name is short and never built from the destination's, so any legal
/// name (up to 255 bytes) can be written. It
/// has the mode the destination will have: a replaced regular file keeps
/// its own; a new file gets `0666` less the process's umask, applied by the
/// system (the umask is never read, which would mean setting it).
///
/// Three steps, so that a caller can note the temporary file before any
/// byte is written (`animrender` registers it for its signal handler) and
/// write many files in parallel before moving them all into place:
///
/// ```swift
/// let file = try StagedFile(for: "strip.png")
/// try file.write(PNGEncoder.encode(strip))
/// try file.moveIntoPlace()
/// ```
///
/// ``BinaryFile/write(_:to:)`` does the three at once. A step that fails
/// removes the temporary file before it throws; ``discard()`` removes it
/// when the caller gives up.
public struct StagedFile: Hashable, Sendable {
  /// Where the file goes.
  public let destination: String
  /// The hidden temporary file beside ``destination``.
  public let temporaryPath: String

  /// Creates the empty temporary file for `destination`.
  ///
  /// - Throws: ``RenderError`` naming the destination when its folder is
  ///   missing or not writable.
  public init(for destination: String) throws(RenderError) {
    let folder = Self.folder(of: destination)
    let existingMode = Platform.regularFileMode(destination)
    for _ in 0..<100 {
      let candidate = "\(folder)/\(Self.hiddenName("tmp"))"
      guard let fd = Platform.createNew(candidate) else { continue }
      guard fd >= 0 else {
        throw RenderError("cannot create '\(destination)': \(Platform.lastError)")
      }
      if let existingMode { Platform.setMode(fd, existingMode) }
      Platform.close(fd)
      self.destination = destination
      self.temporaryPath = candidate
      return
    }
    throw RenderError("cannot create '\(destination)': no free temporary name")
  }

  /// Writes all of `bytes` to the temporary file, replacing what it held.
  ///
  /// - Throws: ``RenderError`` naming the destination and the system's
  ///   reason, after removing the temporary file.
  public func write(_ bytes: [UInt8]) throws(RenderError) {
    try write(pieces: CollectionOfOne(bytes))
  }

  /// Writes `pieces` one after another to the temporary file, replacing
  /// what it held. Each piece can be made only when it is asked for (see
  /// `APNGEncoder.pieces`), so a large file need not be whole in memory.
  ///
  /// - Throws: ``RenderError`` naming the destination and the system's
  ///   reason, after removing the temporary file.
  public func write(pieces: some Sequence<[UInt8]>) throws(RenderError) {
    let fd = Platform.openForReplacing(temporaryPath)
    guard fd >= 0 else { throw failure("cannot write") }
    for piece in pieces {
      guard piece.withUnsafeBytes({ Platform.writeAll(fd, $0) }) else {
        let error = failure("cannot write")
        Platform.close(fd)
        throw error
      }
    }
    guard Platform.close(fd) else { throw failure("cannot write") }
  }

  /// Renames the temporary file over the destination, in one step.
  ///
  /// - Throws: ``RenderError`` naming the destination and the system's
  ///   reason, after removing the temporary file.
  public func moveIntoPlace() throws(RenderError) {
    guard Platform.rename(temporaryPath, destination) else {
      throw failure("cannot move the new file into place at")
    }
  }

  /// Removes the temporary file; nothing happens when it is already gone.
  public func discard() {
    Platform.remove(temporaryPath)
  }

  /// A fresh hidden name for a file beside a destination, `.ar-<kind>-`
  /// and a random number: at most 22 bytes whatever the destination is
  /// called, so it stays within the system's 255-byte limit on a name
  /// (`NAME_MAX`) even when the destination's own name uses all of it.
  public static func hiddenName(_ kind: String) -> String {
    ".ar-\(kind)-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
  }

  /// The folder `path` is in: `.` for a bare name, `/` for a file at the root.
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The error for `what` failing now, the temporary file removed (which
  /// keeps the reason: `errno` is read first).
  private func failure(_ what: String) -> RenderError {
    let reason = Platform.lastError
    discard()
    return RenderError("\(what) '\(destination)': \(reason)")
  }
}
