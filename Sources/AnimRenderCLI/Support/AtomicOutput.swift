import Dispatch
import Synchronization
import TransitRender

/// Writes outputs all or nothing: every file goes first to a hidden
/// temporary file in the destination's own folder (a TransitRender
/// `StagedFile`, so the final rename never crosses file systems), and only
/// when the whole run has succeeded are they all renamed into place, as
/// one set.
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
///   file keeps its mode (both done by `StagedFile`).
final class AtomicOutput: Sendable {
  private let staged = Mutex<[StagedFile]>([])

  /// Every temporary file of the process, for the signal handler, and
  /// whether a signal has ended the run.
  private struct Registry {
    var temporaries: Set<String> = []
    var interrupted = false
  }
  private static let registry = Mutex(Registry())

  /// Installs the SIGINT and SIGTERM handlers that remove temporary files
  /// and then end the process by the same signal. Call once, early.
  static func installSignalHandlers() {
    for number in Platform.interruptions {
      Platform.ignore(signal: number)
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
      for path in registry.temporaries { Platform.remove(path) }
      registry.temporaries = []
      Platform.die(by: number)
    }
  }

  /// Checks that `path`'s folder exists and is writable, before any work.
  static func checkWritable(_ path: String) throws(CLIError) {
    let folder = StagedFile.folder(of: path)
    guard Platform.isWritable(folder) else {
      throw CLIError(
        .cannotCreate, "cannot create \(path): folder \(folder) is missing or not writable")
    }
    if Platform.isFolder(path) {
      throw CLIError(.cannotCreate, "cannot create \(path): it is a folder")
    }
  }

  /// Writes `bytes` to a temporary file that becomes `path` on ``commit()``.
  func stage(_ bytes: [UInt8], as path: String) throws(CLIError) {
    try stage(pieces: CollectionOfOne(bytes), as: path)
  }

  /// Writes `pieces`, one after another as they are made, to a temporary
  /// file that becomes `path` on ``commit()``.
  func stage(pieces: some Sequence<[UInt8]>, as path: String) throws(CLIError) {
    // Created and registered under the registry's lock, so a signal never
    // misses a temporary file, and none is made after a signal; written
    // outside it, so workers write in parallel.
    let file: StagedFile?
    do {
      file = try AtomicOutput.registry.withLock { registry throws(RenderError) -> StagedFile? in
        guard !registry.interrupted else { return nil }
        let file = try StagedFile(for: path)
        registry.temporaries.insert(file.temporaryPath)
        return file
      }
    } catch {
      throw CLIError(.cannotCreate, error.message)
    }
    guard let file else { throw CLIError(.cannotCreate, "cannot create \(path): interrupted") }
    staged.withLock { $0.append(file) }
    do { try file.write(pieces: pieces) } catch { throw CLIError(.cannotCreate, error.message) }
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
            _ = Platform.rename(backup, files[i].destination)
          } else {
            Platform.remove(files[i].destination)
          }
        }
        AtomicOutput.remove(backups.compactMap { $0 })
        for file in files { file.discard() }
        return CLIError(.cannotCreate, reason)
      }
      // Keep the old files first, so a failed rename can put them back.
      for file in files {
        do throws(CLIError) {
          backups.append(try AtomicOutput.keepCopy(of: file.destination))
        } catch {
          throw rollBack(error.message)
        }
      }
      for file in files {
        guard AtomicOutput.renameHook(file.temporaryPath, file.destination) == 0 else {
          throw rollBack("cannot create \(file.destination): \(Platform.lastError)")
        }
        renamed += 1
      }
      AtomicOutput.remove(backups.compactMap { $0 })
      for file in files { registry.temporaries.remove(file.temporaryPath) }
      staged.withLock { $0 = [] }
    }
  }

  /// Removes the old files the new set replaced (or, on a rollback, the
  /// backups no longer needed), on every core: the last step of a commit,
  /// and its slowest, since freeing a file's blocks (and telling a
  /// thin-provisioned disk they are free) waits on the system.
  private static func remove(_ paths: [String]) {
    DispatchQueue.concurrentPerform(iterations: paths.count) { Platform.remove(paths[$0]) }
  }

  /// `rename`, replaceable by tests to make one fail.
  nonisolated(unsafe) static var renameHook: (String, String) -> Int32 = Platform.rename

  /// A hard link (or, where links are impossible, a copy) of the existing
  /// file at `path` under a hidden name beside it; `nil` when there is none.
  private static func keepCopy(of path: String) throws(CLIError) -> String? {
    guard let entry = Platform.entry(path) else { return nil }
    let folder = StagedFile.folder(of: path)
    for _ in 0..<100 {
      let backup = "\(folder)/\(StagedFile.hiddenName("old"))"
      switch Platform.hardLink(path, backup) {
      case .linked: return backup
      case .nameTaken: continue
      case .impossible: break
      }
      // No hard links here (or not a regular file): copy the bytes.
      guard entry.isRegularFile,
        let bytes = try? BinaryFile.read(path, maximumBytes: Int.max - 1)
      else {
        throw CLIError(.cannotCreate, "cannot keep the old \(path): \(Platform.lastError)")
      }
      do { try BinaryFile.write(bytes, to: backup) } catch {
        throw CLIError(.cannotCreate, "cannot keep the old \(path): \(error.message)")
      }
      Platform.setMode(backup, entry.mode)
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
        file.discard()
        registry.temporaries.remove(file.temporaryPath)
      }
    }
  }

  deinit { discard() }
}
