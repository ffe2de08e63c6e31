import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes outputs so that a failed run leaves nothing half-written: every
/// file goes first to a hidden temporary file in the destination's own folder
/// (so the final rename never crosses file systems), and only when the whole
/// run has succeeded are they all renamed into place. On failure, or if the
/// value is discarded, the temporary files are removed and any existing
/// outputs stay byte for byte as they were.
final class AtomicOutput: Sendable {
  private let staged = Mutex<[StagedFile]>([])

  struct StagedFile: Sendable {
    var temporary: String
    var final: String
  }

  /// Checks that `path`'s folder exists and is writable, before any work.
  static func checkWritable(_ path: String) throws(CLIError) {
    let folder = directory(of: path)
    guard access(folder, W_OK) == 0 else {
      throw CLIError(
        .cannotCreate, "cannot create \(path): folder \(folder) is missing or not writable")
    }
    var info = stat()
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw CLIError(.cannotCreate, "cannot create \(path): it is a folder")
    }
  }

  /// Writes `bytes` to a temporary file that becomes `path` on ``commit()``.
  func stage(_ bytes: [UInt8], as path: String) throws(CLIError) {
    let folder = AtomicOutput.directory(of: path)
    let name = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "out")
    var template = Array("\(folder)/.\(name).tmp-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else {
      throw CLIError(.cannotCreate, "cannot create \(path): \(AtomicOutput.lastError())")
    }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    staged.withLock { $0.append(StagedFile(temporary: temporary, final: path)) }
    var offset = 0
    let failure: String? = bytes.withUnsafeBytes { buffer in
      while offset < buffer.count {
        let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return AtomicOutput.lastError()
        }
        offset += written
      }
      return nil
    }
    let closed = close(fd)
    if let failure { throw CLIError(.cannotCreate, "cannot write \(path): \(failure)") }
    if closed != 0 {
      throw CLIError(.cannotCreate, "cannot write \(path): \(AtomicOutput.lastError())")
    }
    // mkstemp makes the file 0600; outputs are ordinary files.
    chmod(temporary, 0o644)
  }

  /// Renames every staged file into place.
  func commit() throws(CLIError) {
    let files = staged.withLock { $0 }
    for file in files {
      guard rename(file.temporary, file.final) == 0 else {
        let reason = AtomicOutput.lastError()
        discard()
        throw CLIError(.cannotCreate, "cannot create \(file.final): \(reason)")
      }
    }
    staged.withLock { $0 = [] }
  }

  /// Removes every staged temporary file.
  func discard() {
    let files = staged.withLock { files in
      defer { files = [] }
      return files
    }
    for file in files { unlink(file.temporary) }
  }

  deinit { discard() }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}
