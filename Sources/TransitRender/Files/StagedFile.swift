/// A file written in full under a hidden name beside its destination, then
/// put in place in one step: how TransitRender and `animrender` write
/// every file, so that a reader, a crash or a full disk never sees half a
/// file under the destination's name.
///
/// The destination's symbolic links are followed (see `OutputTarget`):
/// the file a link leads to is written and the link is kept. A folder, a
/// FIFO, a socket or a device is never replaced: creating the staged file
/// refuses it (a device is written as a stream by its callers instead).
///
/// The temporary file is `.ar-tmp-<random>` in the target's own folder, so
/// the final rename never crosses file systems and is atomic; its name is
/// short and never built from the target's, so any legal name (up to 255
/// bytes) can be written. It is made
/// to look like the file it replaces: the same mode, and the same owner and
/// group (`fchown`, which only root or the owner may do). Two cases cannot
/// be replaced by a rename without losing something, and are written in
/// place instead (``replacesInPlace``): a file with more than one hard link
/// (a rename would cut it off from its other names), and a file whose owner
/// or group this process cannot give the new one. The new bytes are still
/// written whole to the temporary file first, then copied over the old ones
/// and the file cut to length: a full disk or a failed draw still leaves the
/// old file untouched, but a reader may see the copy half done.
///
/// A new file gets `0666` less the process's umask, applied by the system
/// (the umask is never read, which would mean setting it).
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
package struct StagedFile: Hashable, Sendable {
  /// Where the file goes, as given.
  package let destination: String
  /// The file that is replaced: ``destination`` with its symbolic links followed.
  package let target: String
  /// The hidden temporary file beside ``target``.
  package let temporaryPath: String
  /// Whether ``moveIntoPlace()`` copies the bytes over the existing file
  /// (which has other hard links, or an owner this process cannot give a
  /// new file) instead of renaming a new file over it.
  package let replacesInPlace: Bool

  /// Creates the empty temporary file for `destination`.
  ///
  /// - Throws: ``RenderError`` naming the destination when its folder is
  ///   missing or not writable, when it is neither a regular file nor a new
  ///   one (a folder, a FIFO, a device …), or when it must be written in
  ///   place and this process may not write it.
  package init(for destination: String) throws(RenderError) {
    let output = try OutputTarget(destination)
    guard output.kind != .characterDevice else {
      throw RenderError.cannotWrite(
        "replace", path: destination, problem: "it is a device; write it as a stream")
    }
    let target = output.target
    let folder = Self.folder(of: target)
    let existing = Platform.status(target, followingLinks: false).flatMap {
      $0.kind == .regularFile ? $0 : nil
    }
    for _ in 0..<100 {
      let candidate = "\(folder)/\(Self.hiddenName("tmp"))"
      guard let fd = Platform.createNew(candidate) else { continue }
      guard fd >= 0 else {
        throw RenderError.system("cannot create '\(destination)'", code: Platform.lastErrorCode)
      }
      let inPlace = existing.map { Self.mustWriteInPlace(fd, like: $0) } ?? false
      Platform.close(fd)
      if inPlace {
        let check = Platform.openInPlace(target)
        guard check >= 0 else {
          let code = Platform.lastErrorCode
          Platform.remove(candidate)
          throw RenderError.system("cannot write '\(destination)'", code: code)
        }
        Platform.close(check)
      }
      self.destination = destination
      self.target = target
      self.temporaryPath = candidate
      self.replacesInPlace = inPlace
      return
    }
    throw RenderError.cannotWrite("create", path: destination, problem: "no free temporary name")
  }

  /// Checks, without making any file, what creating a staged file for
  /// `destination` checks: that it is a regular or new file (links
  /// followed) in a folder this process may write, and, when it will have
  /// to be written in place (other hard links, or an owner this process
  /// cannot give a new file), that the file itself is writable. Cheap
  /// enough to run on every output before any work.
  ///
  /// - Throws: ``RenderError`` naming the destination and the reason.
  package static func check(_ destination: String) throws(RenderError) {
    let output = try OutputTarget(destination)
    guard output.kind != .characterDevice else { return }
    let folder = folder(of: output.target)
    guard Platform.isWritable(folder) else {
      let via = output.target == destination ? "" : " (a link to '\(output.target)')"
      throw RenderError(
        "cannot create '\(destination)'\(via): folder '\(folder)' is missing or not writable")
    }
    guard let existing = Platform.status(output.target, followingLinks: false),
      existing.kind == .regularFile
    else { return }
    let inPlace =
      existing.linkCount > 1
      || (!Platform.mayGiveAnyOwner && existing.owner != Platform.processOwner.owner)
    if inPlace, !Platform.isWritable(output.target) {
      throw RenderError.system(
        "cannot write '\(destination)' in place (it has other hard links or another owner)",
        code: Platform.lastErrorCode)
    }
  }

  /// Gives the new file `fd` the owner, group and mode of `existing`;
  /// `true` when it cannot be made the same (so the old file must be
  /// written in place) or `existing` has other hard links.
  private static func mustWriteInPlace(_ fd: Int32, like existing: Platform.Status) -> Bool {
    if existing.linkCount > 1 { return true }
    if let made = Platform.status(fd), made.owner != existing.owner || made.group != existing.group
    {
      // Before the mode: changing the owner clears set-user-ID bits.
      guard Platform.setOwner(fd, owner: existing.owner, group: existing.group) else {
        return true
      }
    }
    Platform.setMode(fd, existing.mode)
    return false
  }

  /// Writes all of `bytes` to the temporary file, replacing what it held.
  ///
  /// - Throws: ``RenderError`` naming the destination and the system's
  ///   reason, after removing the temporary file.
  package func write(_ bytes: [UInt8]) throws(RenderError) {
    try write(pieces: CollectionOfOne(bytes))
  }

  /// Writes `pieces` one after another to the temporary file, replacing
  /// what it held. Each piece can be made only when it is asked for (see
  /// `StreamedPNG`), so a large file need not be whole in memory.
  ///
  /// - Throws: ``RenderError`` naming the destination and the system's
  ///   reason, after removing the temporary file.
  package func write(pieces: some Sequence<[UInt8]>) throws(RenderError) {
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

  /// Puts the new file in place, in one step: renames it over ``target``,
  /// or, when ``replacesInPlace``, copies its bytes over the old file's,
  /// cuts that to length and removes it.
  ///
  /// - Throws: ``RenderError`` naming the destination and the system's
  ///   reason, after removing the temporary file.
  package func moveIntoPlace() throws(RenderError) {
    guard replacesInPlace else {
      guard Platform.rename(temporaryPath, target) else {
        throw failure("cannot move the new file into place at")
      }
      return
    }
    let source = Platform.openForReading(temporaryPath)
    guard source >= 0 else { throw failure("cannot write") }
    defer { Platform.close(source) }
    let fd = Platform.openInPlace(target)
    guard fd >= 0 else { throw failure("cannot write") }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var size = 0
    while true {
      let got = buffer.withUnsafeMutableBytes { Platform.read(source, $0.baseAddress!, $0.count) }
      guard got >= 0 else {
        let error = failure("cannot write")
        Platform.close(fd)
        throw error
      }
      if got == 0 { break }
      guard
        buffer.withUnsafeBytes({
          Platform.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<got]))
        })
      else {
        let error = failure("cannot write")
        Platform.close(fd)
        throw error
      }
      size += got
    }
    guard Platform.truncate(fd, size) else {
      let error = failure("cannot write")
      Platform.close(fd)
      throw error
    }
    guard Platform.close(fd) else { throw failure("cannot write") }
    discard()
  }

  /// Removes the temporary file; nothing happens when it is already gone.
  package func discard() {
    Platform.remove(temporaryPath)
  }

  /// A fresh hidden name for a file beside a destination, `.ar-<kind>-`
  /// and a random number: at most 22 bytes whatever the destination is
  /// called, so it stays within the system's 255-byte limit on a name
  /// (`NAME_MAX`) even when the destination's own name uses all of it.
  package static func hiddenName(_ kind: String) -> String {
    ".ar-\(kind)-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
  }

  /// The folder `path` is in: `.` for a bare name, `/` for a file at the root.
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The error for `what` failing now, the temporary file removed (which
  /// keeps the reason: `errno` is read first).
  private func failure(_ what: String) -> RenderError {
    let code = Platform.lastErrorCode
    discard()
    return RenderError.system("\(what) '\(destination)'", code: code)
  }
}
