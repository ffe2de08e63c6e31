import CTransitSpawn
import TransitRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What animrender asks of the operating system beyond TransitRender's
/// `Platform` (files, errors, the environment): processes, signals,
/// locks and standard streams, here alone so that no other file of the CLI
/// imports the C library. (Files are written through `StagedFile`.)
extension Platform {
  /// The cores this process may use, at least 1.
  static var coreCount: Int {
    let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    return count > 0 ? count : 1
  }

  // MARK: Standard error

  /// Whether standard error is a terminal (where a progress bar makes sense).
  static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

  /// Writes `bytes` to standard error, unbuffered; stops at the first failure.
  static func writeStandardError(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  // MARK: Paths

  /// `path` with symbolic links, `.` and `..` resolved, or `nil` when it
  /// does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What is at `path` itself (a link is not followed): whether it is a
  /// regular file or a symbolic link and its permission bits, or `nil` when
  /// nothing is there.
  static func entry(_ path: String) -> (isRegularFile: Bool, isLink: Bool, mode: UInt32)? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    let kind = status.st_mode & S_IFMT
    return (kind == S_IFREG, kind == S_IFLNK, UInt32(status.st_mode & 0o7777))
  }

  /// How ``hardLink(_:_:)`` went.
  enum LinkResult { case linked, nameTaken, impossible }

  /// Makes `link` a second name of the file at `path`.
  static func hardLink(_ path: String, _ link: String) -> LinkResult {
    if systemLink(path, link) == 0 { return .linked }
    return errno == EEXIST ? .nameTaken : .impossible
  }

  /// Gives the file at `path` the permission bits `mode`.
  static func setMode(_ path: String, _ mode: UInt32) { chmod(path, mode_t(mode)) }

  // MARK: Resource limits

  /// Raises the soft open-file limit to the hard one; the limit after, or
  /// `nil` when there is none.
  static func raiseOpenFileLimit() -> Int? {
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return nil }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    return limit.rlim_cur == rlim_t.max ? nil : Int(clamping: limit.rlim_cur)
  }

  /// How many descriptors this process has open.
  static func openDescriptorCount() -> Int { names(inFolder: "/proc/self/fd").count }

  /// The address-space limit (`ulimit -v`) in bytes, or `nil` for none.
  static var addressSpaceLimit: Int? {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0,
      limit.rlim_cur != rlim_t.max
    else { return nil }
    return Int(clamping: limit.rlim_cur)
  }

  /// Makes every thread allocate from malloc's main arena.
  static func useOneMallocArena() { _ = transit_use_one_malloc_arena() }

  /// This process's id.
  static var processID: Int32 { getpid() }

  /// Whether a process with id `pid` runs (one this user may not signal
  /// included).
  static func processExists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno == EPERM }

  /// Whether `path` is a folder (not a link) owned by this process's user.
  static func isOwnFolder(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    return info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid()
  }

  // MARK: Standard output

  /// Whether `path` leads to the very file standard output is open on
  /// (`/dev/stdout`, `/proc/self/fd/1`, or the file the shell redirected
  /// it to): such a path is written as standard output.
  static func isStandardOutput(_ path: String) -> Bool {
    var output = stat()
    var named = stat()
    guard fstat(1, &output) == 0, stat(path, &named) == 0 else { return false }
    return output.st_dev == named.st_dev && output.st_ino == named.st_ino
  }

  /// Writes all of `bytes` to standard output, unbuffered; `false` on failure
  /// (the reason in ``lastError``).
  static func writeStandardOutput(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }

  // MARK: Folders

  /// The names in the folder `path` (without `.` and `..`); empty when it
  /// cannot be read.
  static func names(inFolder path: String) -> [String] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// How ``lockFolder(_:)`` went.
  enum FolderLock {
    /// Locked; the descriptor holds the lock until it is closed.
    case locked(Int32)
    /// Another process holds it; the descriptor waits in ``waitForLock(_:)``.
    case busy(Int32)
    /// The folder cannot be opened or locked (not readable, say).
    case unavailable
  }

  /// Takes the advisory lock (`flock`) of the folder `path`, if no other
  /// process holds it.
  static func lockFolder(_ path: String) -> FolderLock {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return .unavailable }
    if flock(fd, LOCK_EX | LOCK_NB) == 0 { return .locked(fd) }
    if errno == EWOULDBLOCK { return .busy(fd) }
    close(fd)
    return .unavailable
  }

  /// Waits until the folder lock `fd` is this process's.
  static func waitForLock(_ fd: Int32) {
    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
  }

  /// Releases a folder lock (closing its descriptor).
  static func unlock(_ fd: Int32) { close(fd) }

  // MARK: Signals

  /// The signals that ask a run to stop: SIGINT (Ctrl-C), SIGTERM and
  /// SIGHUP (its terminal closed).
  static let interruptions: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// SIGHUP, which `nohup` ignores for the program it starts.
  static let hangUp = SIGHUP

  /// Whether `number` is ignored, as `nohup` leaves SIGHUP for the program
  /// it starts.
  static func isIgnored(signal number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    // SIG_IGN is the handler "address" 1.
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1
  }

  /// Makes writing to a closed pipe fail (`EPIPE`, reported as a failed
  /// write) instead of killing the process before it can clean up.
  static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

  /// Stops `number` from ending the process, so that a dispatch source
  /// can handle it instead.
  static func ignore(signal number: Int32) { signal(number, SIG_IGN) }

  /// Gives `number` its default action again, unblocked in the calling thread.
  static func restoreDefault(signal number: Int32) {
    signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Ends the process by the signal `number` itself, as an interrupted
  /// program should: its default action restored and unblocked in the
  /// calling (dispatch) thread.
  static func die(by number: Int32) -> Never {
    signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(number)
    _exit(128 + number)
  }
}

// MARK: Child processes

extension Platform {
  /// Whether `path` leads (links followed) to a regular file this process
  /// may execute: what a shell looks for in each folder of `PATH`, so a
  /// folder or a file without the execute bit is passed over.
  static func isExecutableFile(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }

  /// A new private folder (mode 0700) named `prefix` and six random
  /// characters, in `folder`; `nil` with the reason in ``lastError``.
  static func makeFolder(in folder: String, prefix: String) -> String? {
    var template = Array("\(folder)/\(prefix)XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer in
      mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
  }

  /// Removes `path` and, for a folder, everything in it; links are removed,
  /// never followed.
  static func removeTree(_ path: String) {
    if let entry = entry(path), !entry.isRegularFile, !entry.isLink {
      for name in names(inFolder: path) { removeTree("\(path)/\(name)") }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// Opens `path` for writing, created or emptied (mode 0600), closed on
  /// exec; -1 on failure.
  static func openForWriting(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  }

  /// Opens `/dev/null` for reading and writing; -1 on failure.
  static func openNull() -> Int32 { open("/dev/null", O_RDWR | O_CLOEXEC) }

  /// A pipe, both ends closed on exec: (read end, write end).
  static func makePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
  }

  /// How ``spawn(_:_:input:output:error:)`` went.
  enum Spawned {
    /// Running, leading its own process group, with this process id.
    case running(Int32)
    /// Not started: why, as an `errno` code.
    case failed(Int32)
  }

  /// Starts `path` with `arguments` (the program's name first) as a
  /// supervised child (see `transit_spawn`): its own process group, killed
  /// when this process dies, its three streams the descriptors given.
  static func spawn(
    _ path: String, _ arguments: [String], input: Int32, output: Int32, error: Int32
  )
    -> Spawned
  {
    var argv = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for pointer in argv { free(pointer) } }
    var failure: Int32 = 0
    let pid = transit_spawn(path, argv, input, output, error, &failure)
    guard pid > 0 else { return .failed(failure) }
    return .running(pid)
  }

  /// Sends SIGKILL to every process of the group `group`.
  static func killGroup(_ group: Int32) { kill(-group, SIGKILL) }

  /// Waits until the child `pid` has ended, leaving it unreaped, so that its
  /// process id and group stay its own until ``reap(_:)``.
  static func waitUnreaped(_ pid: Int32) { _ = transit_wait_unreaped(pid) }

  /// Reaps the ended child `pid`: its exit status, 128 + the signal that
  /// ended it, or -1.
  static func reap(_ pid: Int32) -> Int32 { transit_reap(pid) }
}

// MARK: Other programs

extension Platform {
  /// The running program's own file, links resolved; `nil` where the
  /// system does not say.
  static var executablePath: String? {
    #if os(Linux)
      return realPath("/proc/self/exe")
    #else
      return realPath(CommandLine.arguments[0])
    #endif
  }

  /// Replaces this process with the program at `path`, given `arguments`
  /// (its name first): the same process id and standard streams; caught
  /// signals get their default action, ignored ones stay ignored. Returns only when it could not, with the reason
  /// in ``lastError``.
  static func replaceProcess(with path: String, _ arguments: [String]) {
    var argv = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for pointer in argv { free(pointer) } }
    execv(path, argv)
  }

  /// Whether `text` is an IPv4 address in dotted-decimal form (`127.0.0.1`).
  static func isIPv4Address(_ text: String) -> Bool {
    var address = in_addr()
    return inet_pton(AF_INET, text, &address) == 1
  }
}

// The C functions under the names `Platform` gives its own.
private func systemLink(_ path: String, _ name: String) -> Int32 { link(path, name) }
