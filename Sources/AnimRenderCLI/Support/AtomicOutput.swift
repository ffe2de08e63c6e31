import Dispatch
import Synchronization
import TransitRender

/// Writes a run's outputs all or nothing: every file goes first to a hidden
/// temporary file beside the file it replaces (a TransitRender
/// `StagedFile`, so the final rename never crosses file systems), and only
/// when the whole run has succeeded are they all put in place, as one set.
///
/// What an output may be (see `OutputTarget`, `StagedFile`, ``OutputPaths``):
///
/// - A regular file, or a new one, is replaced whole. It keeps its mode and
///   owner; one with other hard links, or whose owner this process cannot
///   restore, is written in place so its links and owner stay.
/// - A symbolic link is followed: the file it leads to is replaced and the
///   link kept.
/// - Standard output (`-`, or a path leading to the file it is open on,
///   such as `/dev/stdout`) and a character device such as `/dev/null` are
///   streams: their bytes are kept in memory and written at ``commit()``.
/// - A folder, FIFO, socket or block device is refused (73) before any work.
/// - No output may be an input of the run or another output (64).
///
/// ``commit()`` writes the streams first: if one fails (a full disk behind
/// `> file`, a closed pipe), nothing else is put in place. Then every file
/// is moved into place and, for `--layout frames`, every file of the old
/// frame set that the new set does not replace is removed (see
/// ``FramePattern``). A file kept aside before it is replaced or removed
/// lets a failure part way put back the whole old set.
///
/// - A failed run, a discarded value, or SIGINT / SIGTERM / SIGHUP removes every
///   temporary file; existing outputs stay byte for byte as they were.
/// - A signal that arrives during ``commit()`` waits for it to finish, so
///   the set is either all in place or untouched.
/// - ``prepare(outputs:frameSet:inputs:)`` takes an advisory lock (`flock`)
///   on every folder the run writes into and holds it until the commit, so
///   two runs into the same folder never mix their files: the second waits
///   (saying so on standard error) and then replaces the first's set whole.
///   A folder that cannot be opened for reading is written without the lock.
final class AtomicOutput: Sendable {
  private let staged = Mutex<[StagedFile]>([])
  /// Bytes for standard output (`nil` path) or a character device, in order.
  private let streams = Mutex<[(path: String?, bytes: [UInt8])]>([])
  /// The frame sets the commit replaces whole.
  private let frameSets = Mutex<[FramePattern]>([])
  /// The descriptors holding the folders' locks.
  private let locks = Mutex<[Int32]>([])

  /// Every temporary file and folder and every child process of the
  /// process, for the signal handler, and whether a signal has ended the run.
  private struct Registry {
    var temporaries: Set<String> = []
    var folders: Set<String> = []
    /// The process ids of running children, each leading its own group.
    var children: Set<Int32> = []
    var interrupted = false
  }
  private static let registry = Mutex(Registry())

  /// Installs the SIGINT, SIGTERM and SIGHUP handlers that remove
  /// temporary files and then end the process by the same signal. Call
  /// once, early. A SIGHUP ignored when animrender starts (`nohup`) stays
  /// ignored: the run goes on after its terminal closes.
  static func installSignalHandlers() {
    Platform.ignoreBrokenPipes()
    for number in Platform.interruptions {
      if number == Platform.hangUp, Platform.isIgnored(signal: number) { continue }
      Platform.ignore(signal: number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { AtomicOutput.interrupted(by: number) }
      source.resume()
      signalSources.append(source)
    }
  }
  /// Kept alive for the whole run; written once, from the main thread.
  nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

  /// Gives the signals ``installSignalHandlers()`` took their default
  /// action back, before this process becomes another program, which would
  /// otherwise inherit them ignored; one ignored at start stays ignored.
  static func restoreDefaultSignals() {
    for source in signalSources {
      source.cancel()
      Platform.restoreDefault(signal: Int32(source.handle))
    }
    signalSources = []
  }

  /// Kills every child's process group (waiting until each child has
  /// ended, so none writes into a folder being removed), removes every
  /// temporary folder and file, and dies by `number`. The registry's lock
  /// is held to the end, so nothing new appears meanwhile and a commit in
  /// progress finishes first.
  private static func interrupted(by number: Int32) {
    registry.withLock { registry in
      registry.interrupted = true
      for child in registry.children { Platform.killGroup(child) }
      for child in registry.children { Platform.waitUnreaped(child) }
      for folder in registry.folders { Platform.removeTree(folder) }
      for path in registry.temporaries { Platform.remove(path) }
      registry.temporaries = []
      Platform.die(by: number)
    }
  }

  /// A new private folder for temporary files, named `prefix`, this
  /// process's id, `-` and random characters, in the system's temporary
  /// folder (`TMPDIR`, else `/tmp`): removed with everything in it by
  /// ``removeTemporaryFolder(_:)`` or by SIGINT / SIGTERM.
  ///
  /// A process killed by SIGKILL (or a power cut) cannot remove its folder;
  /// the next run removes every folder of the same `prefix` that this user
  /// owns and whose process is gone (``removeStaleFolders(in:prefix:)``).
  ///
  /// - Throws: 73 when it cannot be made, or after a signal.
  static func makeTemporaryFolder(prefix: String) throws(CLIError) -> String {
    let root = temporaryRoot
    removeStaleFolders(in: root, prefix: prefix)
    return try registry.withLock { registry throws(CLIError) -> String in
      guard !registry.interrupted else {
        throw CLIError(.cannotCreate, "cannot make a temporary folder: interrupted")
      }
      guard
        let folder = Platform.makeFolder(
          in: root, prefix: "\(prefix)\(Platform.processID)-")
      else {
        throw CLIError.system(
          .cannotCreate, "cannot make a temporary folder in \(root)", code: Platform.lastErrorCode)
      }
      registry.folders.insert(folder)
      return folder
    }
  }

  /// The system's temporary folder: `TMPDIR`, else `/tmp`.
  static var temporaryRoot: String {
    var root = Platform.environment("TMPDIR") ?? "/tmp"
    if root.isEmpty { root = "/tmp" }
    while root.count > 1, root.hasSuffix("/") { root.removeLast() }
    return root
  }

  /// Removes the folders in `root` named `prefix`, a process id, `-` and
  /// more, that are folders (not links), owned by this user, and whose
  /// process no longer runs: what a killed run left. A folder whose id is
  /// now another live process's is kept, as is anything named otherwise.
  static func removeStaleFolders(in root: String, prefix: String) {
    for name in Platform.names(inFolder: root) where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0,
        pid != Platform.processID, !Platform.processExists(pid)
      else { continue }
      let path = "\(root)/\(name)"
      guard Platform.isOwnFolder(path) else { continue }
      Platform.removeTree(path)
    }
  }

  /// Removes a folder made by ``makeTemporaryFolder(prefix:)`` and
  /// everything in it.
  static func removeTemporaryFolder(_ folder: String) {
    registry.withLock { registry in
      Platform.removeTree(folder)
      registry.folders.remove(folder)
    }
  }

  /// Runs `start`, which starts a child process leading its own group and
  /// returns its id, so that SIGINT / SIGTERM kills that group until
  /// ``childEnded(_:)``.
  ///
  /// - Throws: what `start` throws, or 73 after a signal.
  static func startChild(_ start: () throws(CLIError) -> Int32) throws(CLIError) -> Int32 {
    try registry.withLock { registry throws(CLIError) -> Int32 in
      guard !registry.interrupted else {
        throw CLIError(.cannotCreate, "cannot start a program: interrupted")
      }
      let pid = try start()
      registry.children.insert(pid)
      return pid
    }
  }

  /// Forgets the child `pid`: call it after the child has ended, before
  /// it is reaped.
  static func childEnded(_ pid: Int32) {
    registry.withLock { _ = $0.children.remove(pid) }
  }

  /// Checks, before any work, that `path` can be written: a stream, or a
  /// regular or new file whose folder exists and is writable (links
  /// followed; see `StagedFile.check`); never a folder, FIFO, socket or
  /// block device (73).
  static func checkWritable(_ path: String) throws(CLIError) {
    if isStream(path) { return }
    do { try StagedFile.check(path) } catch { throw CLIError(.cannotCreate, error.message) }
  }

  /// Whether `path` is written as a stream: standard output (`-`, or the
  /// file it is open on) or a character device.
  static func isStream(_ path: String) -> Bool {
    path == "-" || Platform.isStandardOutput(path)
      || (try? OutputTarget(path))?.kind == .characterDevice
  }

  /// Checks every output before any work and locks their folders until
  /// ``commit()`` (see the type's rules): each writable, none an input or
  /// another output, counting the files of `frameSet`'s old set it would
  /// remove.
  ///
  /// - Throws: 73 for an output that cannot be written, 64 for a clash.
  func prepare(
    outputs: [OutputPaths.Named], frameSet: FramePattern? = nil, inputs: [OutputPaths.Named] = []
  ) throws(CLIError) {
    for output in outputs { try AtomicOutput.checkWritable(output.path) }
    var folders = Set<String>()
    for output in outputs where !AtomicOutput.isStream(output.path) {
      if let target = try? OutputTarget(output.path).target {
        folders.insert(Platform.realPath(StagedFile.folder(of: target)) ?? target)
      }
    }
    if let frameSet { folders.insert(Platform.realPath(frameSet.folder) ?? frameSet.folder) }
    // Always in the same order, so that two runs never wait for each other.
    for folder in folders.sorted() {
      switch Platform.lockFolder(folder) {
      case .locked(let fd): locks.withLock { $0.append(fd) }
      case .busy(let fd):
        Terminal.writeError("animrender: waiting for another run writing into \(folder)\n")
        Platform.waitForLock(fd)
        locks.withLock { $0.append(fd) }
      case .unavailable: break
      }
    }
    var written = outputs
    if let frameSet {
      frameSets.withLock { $0.append(frameSet) }
      let new = Set(outputs.map(\.path))
      for old in AtomicOutput.oldFrames(of: frameSet) where !new.contains(old) {
        written.append(
          .init(what: "-o \(frameSet.text) (removing the old frame \(old))", path: old))
      }
    }
    try OutputPaths.checkDistinct(outputs: written, inputs: inputs)
  }

  /// The files of `pattern`'s set now in its folder (see ``FramePattern``):
  /// regular files and links, as paths `pattern.path(_:)` would write them.
  private static func oldFrames(of pattern: FramePattern) -> [String] {
    let first = Path(pattern.path(0))
    return Platform.names(inFolder: pattern.folder).filter(pattern.ownsName).map {
      first.sibling($0).string
    }.filter {
      guard let entry = Platform.entry($0) else { return false }
      return entry.isRegularFile || entry.isLink
    }.sorted()
  }

  /// Writes `bytes` to a temporary file that becomes `path` on ``commit()``.
  func stage(_ bytes: [UInt8], as path: String) throws(CLIError) {
    try stage(pieces: CollectionOfOne(bytes), as: path)
  }

  /// Writes `pieces`, one after another as they are made, to a temporary
  /// file that becomes `path` on ``commit()``.
  /// Standard output (`-`, or a path leading to it) and character devices
  /// keep the bytes in memory, for ``commit()`` to write.
  func stage(pieces: some Sequence<[UInt8]>, as path: String) throws(CLIError) {
    if AtomicOutput.isStream(path) {
      let bytes = Array(pieces.joined())
      let device = path == "-" || Platform.isStandardOutput(path) ? nil : path
      streams.withLock { $0.append((device, bytes)) }
      return
    }
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
      throw CLIError.cannotCreate(error)
    }
    guard let file else { throw CLIError(.cannotCreate, "cannot create \(path): interrupted") }
    staged.withLock { $0.append(file) }
    do { try file.write(pieces: pieces) } catch { throw CLIError.cannotCreate(error) }
  }

  /// How an old file is kept aside while the commit replaces it.
  private enum Kept {
    /// Nothing was there.
    case nothing
    /// A hard link (or copy) of the old file, renamed back on a rollback.
    case copy(String)
    /// The old bytes, staged to be written back in place on a rollback.
    case inPlace(StagedFile)
  }

  /// Writes the streams, then puts every staged file in place and removes
  /// the rest of the old frame sets, all or nothing; releases the folder
  /// locks either way.
  func commit() throws(CLIError) {
    defer { releaseLocks() }
    // Streams first: they cannot be taken back, so a failed one stops
    // everything else. Written outside the registry's lock, so that a
    // signal while standard output blocks still ends the run (and removes
    // the temporary files, still registered).
    for stream in streams.withLock({ $0 }) {
      var failure: CLIError?
      if let path = stream.path {
        do throws(RenderError) {
          try BinaryFile.stream(stream.bytes, to: path)
        } catch {
          failure = .cannotCreate(error)
        }
      } else if !Platform.writeStandardOutput(stream.bytes) {
        failure = .system(
          .cannotCreate, "cannot write to standard output", code: Platform.lastErrorCode)
      }
      if let failure {
        discard()
        throw failure
      }
    }
    streams.withLock { $0 = [] }
    try AtomicOutput.registry.withLock { registry throws(CLIError) in
      let files = staged.withLock { $0 }
      func giveUp(_ reason: String) -> CLIError {
        for file in files {
          file.discard()
          registry.temporaries.remove(file.temporaryPath)
        }
        staged.withLock { $0 = [] }
        return CLIError(.cannotCreate, reason)
      }
      let new = Set(files.map(\.destination))
      let old = frameSets.withLock { $0 }.flatMap {
        AtomicOutput.oldFrames(of: $0).filter { !new.contains($0) }
      }
      var kept: [Kept] = []
      var done = 0
      var removed: [(path: String, aside: String)] = []
      func rollBack(_ reason: String) -> CLIError {
        for (path, aside) in removed.reversed() { _ = Platform.rename(aside, path) }
        for (i, file) in files.enumerated().prefix(done).reversed() {
          switch kept[i] {
          case .nothing: Platform.remove(file.target)
          case .copy(let copy): _ = Platform.rename(copy, file.target)
          case .inPlace(let copy): try? copy.moveIntoPlace()
          }
        }
        for copy in kept.dropFirst(done) {
          switch copy {
          case .nothing: break
          case .copy(let path): Platform.remove(path)
          case .inPlace(let file): file.discard()
          }
        }
        return giveUp(reason)
      }
      // Keep the old files first, so a failure part way can put them back.
      for file in files {
        do throws(CLIError) {
          kept.append(try AtomicOutput.keep(file))
        } catch {
          throw rollBack(error.message)
        }
      }
      for file in files {
        if file.replacesInPlace {
          do throws(RenderError) {
            try file.moveIntoPlace()
          } catch {
            throw rollBack(error.message)
          }
        } else {
          guard AtomicOutput.renameHook(file.temporaryPath, file.target) == 0 else {
            throw rollBack("cannot create \(file.destination): \(Platform.lastError)")
          }
        }
        done += 1
      }
      for path in old {
        let aside = AtomicOutput.asideName(for: path, tag: "old")
        guard AtomicOutput.renameHook(path, aside) == 0 else {
          throw rollBack("cannot remove the old frame \(path): \(Platform.lastError)")
        }
        removed.append((path, aside))
      }
      var leftovers = removed.map(\.aside)
      for copy in kept {
        switch copy {
        case .nothing: break
        case .copy(let path): leftovers.append(path)
        case .inPlace(let file): file.discard()
        }
      }
      AtomicOutput.remove(leftovers)
      for file in files { registry.temporaries.remove(file.temporaryPath) }
      staged.withLock { $0 = [] }
    }
  }

  /// Releases every folder lock this value holds.
  private func releaseLocks() {
    for fd in locks.withLock({ locks in
      defer { locks = [] }
      return locks
    }) {
      Platform.unlock(fd)
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
  nonisolated(unsafe) static var renameHook: (String, String) -> Int32 = {
    Platform.rename($0, $1) ? 0 : -1
  }

  /// A hidden name beside `path`: `.ar-TAG-RANDOM` (short whatever `path`
  /// is called, so a 255-byte name still has room; see
  /// ``StagedFile/hiddenName(_:)``).
  private static func asideName(for path: String, tag: String) -> String {
    "\(StagedFile.folder(of: path))/\(StagedFile.hiddenName(tag))"
  }

  /// Keeps the file `file` replaces, so that a rollback can put it back:
  /// a hard link (or, where links are impossible, a copy) under a hidden
  /// name beside it; for a file written in place, its bytes, staged.
  private static func keep(_ file: StagedFile) throws(CLIError) -> Kept {
    let path = file.target
    guard let entry = Platform.entry(path) else { return .nothing }
    if file.replacesInPlace {
      do {
        let copy = try StagedFile(for: path)
        try copy.write(try BinaryFile.read(path, maximumBytes: Int.max - 1))
        return .inPlace(copy)
      } catch {
        throw CLIError(.cannotCreate, "cannot keep the old \(path): \(error.message)")
      }
    }
    for _ in 0..<100 {
      let backup = asideName(for: path, tag: "old")
      switch Platform.hardLink(path, backup) {
      case .linked: return .copy(backup)
      case .nameTaken: continue
      case .impossible: break
      }
      // No hard links here (or not a regular file): copy the bytes.
      guard entry.isRegularFile,
        let bytes = try? BinaryFile.read(path, maximumBytes: Int.max - 1)
      else {
        throw CLIError.system(
          .cannotCreate, "cannot keep the old \(path)", code: Platform.lastErrorCode)
      }
      do { try BinaryFile.write(bytes, to: backup) } catch {
        throw CLIError(.cannotCreate, "cannot keep the old \(path): \(error.message)")
      }
      Platform.setMode(backup, entry.mode)
      return .copy(backup)
    }
    throw CLIError(.cannotCreate, "cannot keep the old \(path): no free name")
  }

  /// Removes every staged temporary file and releases the folder locks.
  func discard() {
    defer { releaseLocks() }
    streams.withLock { $0 = [] }
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
