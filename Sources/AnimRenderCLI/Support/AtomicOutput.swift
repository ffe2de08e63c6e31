import Dispatch
import Synchronization
import TransitRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes outputs all or nothing: every file goes first to a hidden
/// temporary file in the destination's own folder (so the final rename
/// never crosses file systems), and only when the whole run has succeeded
/// are they all renamed into place, as one set.
///
/// - A failed run, a discarded value, or SIGINT / SIGTERM removes every
///   temporary file; existing outputs stay byte for byte as they were.
/// - ``commit()`` first keeps a hard link (or a copy) of every file it will
///   replace; if any rename fails, the files already renamed are put back
///   (or removed when they are new) and every leftover is cleaned up, so a
///   frame set is never half old and half new.
/// - A signal that arrives during ``commit()`` waits for it to finish, so
///   the set is either all in place or untouched.
/// - New files get `0666` less the umask, like any program's; a replaced
///   file keeps its mode.
final class AtomicOutput: Sendable {
  private let staged = Mutex<[StagedFile]>([])

  struct StagedFile: Sendable {
    var temporary: String
    var final: String
  }

  /// Every temporary file of the process, for the signal handler, and
  /// whether a signal has ended the run.
  private struct Registry {
    var temporaries: Set<String> = []
    var interrupted = false
  }
  private static let registry = Mutex(Registry())

  /// The process's umask, read once (reading it means setting it).
  private static let umaskBits: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }()

  /// Installs the SIGINT and SIGTERM handlers that remove temporary files
  /// and then end the process by the same signal. Call once, early.
  static func installSignalHandlers() {
    _ = umaskBits
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { AtomicOutput.interrupted(by: number) }
      source.resume()
      signalSources.append(source)
    }
  }
  /// Kept alive for the whole run; written once, from the main thread.
  nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

  /// Removes every temporary file and dies by `number`. The registry's lock
  /// is held to the end, so no new temporary file appears meanwhile and a
  /// commit in progress finishes first.
  private static func interrupted(by number: Int32) {
    registry.withLock { registry in
      registry.interrupted = true
      for path in registry.temporaries { unlink(path) }
      registry.temporaries = []
      // Die by the signal itself, as an interrupted program should: restore
      // the default action and unblock it in this (dispatch) thread.
      signal(number, SIG_DFL)
      var set = sigset_t()
      sigemptyset(&set)
      sigaddset(&set, number)
      pthread_sigmask(SIG_UNBLOCK, &set, nil)
      raise(number)
      _exit(128 + number)
    }
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
    // Created and registered under the registry's lock, so a signal never
    // misses a temporary file, and none is made after a signal.
    let fd = AtomicOutput.registry.withLock { registry -> Int32 in
      guard !registry.interrupted else { return -1 }
      let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      if fd >= 0 {
        registry.temporaries.insert(
          String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
      }
      return fd
    }
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
    // mkstemp makes the file 0600: give it the mode the output should have.
    fchmod(fd, AtomicOutput.mode(for: path))
    let closed = close(fd)
    if let failure { throw CLIError(.cannotCreate, "cannot write \(path): \(failure)") }
    if closed != 0 {
      throw CLIError(.cannotCreate, "cannot write \(path): \(AtomicOutput.lastError())")
    }
  }

  /// The mode for a new `path`: an existing regular file's own, else
  /// `0666` less the umask.
  static func mode(for path: String) -> mode_t {
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return info.st_mode & 0o7777 }
    return 0o666 & ~umaskBits
  }

  /// Renames every staged file into place, all or nothing.
  func commit() throws(CLIError) {
    try AtomicOutput.registry.withLock { registry throws(CLIError) in
      let files = staged.withLock { $0 }
      var backups: [String?] = []
      var renamed = 0
      func rollBack(_ reason: String) -> CLIError {
        for i in 0..<renamed {
          if let backup = backups[i] {
            rename(backup, files[i].final)
          } else {
            unlink(files[i].final)
          }
        }
        for backup in backups.compactMap({ $0 }) { unlink(backup) }
        for file in files { unlink(file.temporary) }
        return CLIError(.cannotCreate, reason)
      }
      // Keep the old files first, so a failed rename can put them back.
      for file in files {
        do throws(CLIError) { backups.append(try AtomicOutput.keepCopy(of: file.final)) } catch {
          throw rollBack(error.message)
        }
      }
      for file in files {
        guard AtomicOutput.renameHook(file.temporary, file.final) == 0 else {
          throw rollBack("cannot create \(file.final): \(AtomicOutput.lastError())")
        }
        renamed += 1
      }
      for backup in backups.compactMap({ $0 }) { unlink(backup) }
      for file in files { registry.temporaries.remove(file.temporary) }
      staged.withLock { $0 = [] }
    }
  }

  /// `rename`, replaceable by tests to make one fail.
  nonisolated(unsafe) static var renameHook: (String, String) -> Int32 = { rename($0, $1) }

  /// A hard link (or, where links are impossible, a copy) of the existing
  /// file at `path` under a hidden name beside it; `nil` when there is none.
  private static func keepCopy(of path: String) throws(CLIError) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    let folder = directory(of: path)
    let name = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "out")
    for _ in 0..<100 {
      let backup = "\(folder)/.\(name).old-\(UInt32.random(in: 0...UInt32.max))"
      if link(path, backup) == 0 { return backup }
      if errno == EEXIST { continue }
      // No hard links here (or not a regular file): copy the bytes.
      guard info.st_mode & S_IFMT == S_IFREG,
        let bytes = try? BinaryFile.read(path, maximumBytes: Int.max - 1)
      else {
        throw CLIError(.cannotCreate, "cannot keep the old \(path): \(lastError())")
      }
      do { try BinaryFile.write(bytes, to: backup) } catch {
        throw CLIError(.cannotCreate, "cannot keep the old \(path): \(error.message)")
      }
      chmod(backup, info.st_mode & 0o7777)
      return backup
    }
    throw CLIError(.cannotCreate, "cannot keep the old \(path): no free name")
  }

  /// Removes every staged temporary file.
  func discard() {
    let files = staged.withLock { files in
      defer { files = [] }
      return files
    }
    AtomicOutput.registry.withLock { registry in
      for file in files {
        unlink(file.temporary)
        registry.temporaries.remove(file.temporary)
      }
    }
  }

  deinit { discard() }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}
