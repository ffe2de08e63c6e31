#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls TransitRender makes. With ``Monitor`` (a lock and a
/// condition), it is all of the module that imports the C library:
/// everything else asks `Platform`, in Swift types, so that a new platform
/// is the Platform folder's work.
///
/// Calls that the system may interrupt (`read`, `write`) are retried here;
/// a failure leaves its reason in ``lastError``, to be read before the next
/// call.
package enum Platform {
  /// The system's words for the last failed call (`strerror(errno)`).
  package static var lastError: String { String(cString: strerror(errno)) }

  /// The last failed call's error code (`errno`).
  package static var lastErrorCode: Int32 { errno }

  /// The system's words for the error `code`.
  package static func words(for code: Int32) -> String { String(cString: strerror(code)) }

  /// What the system ran out of, in words a user can act on, when `code`
  /// says it ran out of something: open files (the process's or the
  /// system's), memory, or processes and threads. `nil` for any other
  /// failure.
  package static func exhaustedResource(_ code: Int32) -> String? {
    switch code {
    case EMFILE:
      var limit = rlimit()
      let most =
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        ? " (this process may have \(limit.rlim_cur) open; raise ulimit -n)" : ""
      return "too many open files\(most)"
    case ENFILE: return "too many open files on the whole system"
    case ENOMEM: return "out of memory"
    case EAGAIN: return "out of processes, threads or memory (\(words(for: code)))"
    default: return nil
    }
  }

  /// The environment variable `name`, or `nil` when it is not set.
  package static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The error function, `erf(x) = 2/√π ∫₀ˣ e^(−t²) dt`, from the C
  /// library (a Gaussian's cumulative distribution is `(1 + erf(x/(σ√2)))/2`).
  package static func errorFunction(_ x: Double) -> Double { erf(x) }

  /// The full path of the running program, where the system says it.
  package static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether something exists at `path` (links are followed).
  package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Whether the file at `path` exists and this process may read it.
  package static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

  /// Whether the file or folder at `path` exists and this process may
  /// write it (make files in it, for a folder).
  package static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

  // MARK: Reading

  /// What an open file is, from `fstat`.
  package struct FileInfo {
    /// The kind of file, or `nil` for a regular one: "a folder", "a FIFO" …
    var nonRegularKind: String?
    /// Its size in bytes.
    var size: Int
  }

  /// Opens `path` for reading without blocking (so that a FIFO cannot
  /// hang); a negative descriptor on failure.
  package static func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  }

  /// What the open file `fd` is, or `nil` when the system cannot say.
  package static func info(_ fd: Int32) -> FileInfo? {
    var status = stat()
    guard fstat(fd, &status) == 0 else { return nil }
    let kind: String? =
      switch status.st_mode & S_IFMT {
      case S_IFREG: nil
      case S_IFDIR: "a folder"
      case S_IFIFO: "a FIFO"
      case S_IFCHR: "a character device"
      case S_IFBLK: "a block device"
      case S_IFSOCK: "a socket"
      default: "not a plain file"
      }
    return FileInfo(nonRegularKind: kind, size: Int(status.st_size))
  }

  /// Reads up to `count` bytes into `buffer`: how many, 0 at the end, or a
  /// negative number on failure. Interruptions are retried.
  package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    while true {
      let got = systemRead(fd, buffer, count)
      if got < 0, errno == EINTR || errno == EAGAIN { continue }
      return got
    }
  }

  // MARK: Writing

  /// Creates the file `path`, which must not exist yet, with `0666` less
  /// the umask: the descriptor, `nil` when the name is taken, or a
  /// negative descriptor on any other failure.
  package static func createNew(_ path: String) -> Int32? {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
    return fd < 0 && errno == EEXIST ? nil : fd
  }

  /// Opens the existing file `path` for writing, emptied; negative on failure.
  package static func openForReplacing(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW)
  }

  /// Writes all of `bytes` to `fd`; `false` on failure. Interruptions are
  /// retried.
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// Closes `fd`; `false` when the system reports a failure (such as a
  /// write that could not be completed).
  @discardableResult
  package static func close(_ fd: Int32) -> Bool { systemClose(fd) == 0 }

  /// The permission bits of the regular file at `path`, or `nil` when there
  /// is none.
  package static func regularFileMode(_ path: String) -> UInt32? {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return UInt32(status.st_mode & 0o7777)
  }

  /// Gives the open file `fd` the permission bits `mode`.
  package static func setMode(_ fd: Int32, _ mode: UInt32) { fchmod(fd, mode_t(mode)) }

  /// What is at a path, as `stat` or `lstat` says.
  package struct Status {
    package enum Kind {
      case regularFile, folder, fifo, characterDevice, blockDevice, socket, link, other
    }
    var kind: Kind
    var device: UInt64
    var inode: UInt64
    var linkCount: Int
    var owner: UInt32
    var group: UInt32
    var mode: UInt32

    init(_ status: stat) {
      kind =
        switch status.st_mode & S_IFMT {
        case S_IFREG: .regularFile
        case S_IFDIR: .folder
        case S_IFIFO: .fifo
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        case S_IFLNK: .link
        default: .other
        }
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
      linkCount = Int(status.st_nlink)
      owner = UInt32(status.st_uid)
      group = UInt32(status.st_gid)
      mode = UInt32(status.st_mode & 0o7777)
    }
  }

  /// What is at `path`, links followed unless `followingLinks` is false;
  /// `nil` when nothing is there (or the system cannot say, see ``lastError``).
  package static func status(_ path: String, followingLinks: Bool = true) -> Status? {
    var status = stat()
    let result = followingLinks ? stat(path, &status) : lstat(path, &status)
    return result == 0 ? Status(status) : nil
  }

  /// What the open file `fd` is.
  package static func status(_ fd: Int32) -> Status? {
    var status = stat()
    return fstat(fd, &status) == 0 ? Status(status) : nil
  }

  /// The text of the symbolic link at `path`, or `nil` when it is none.
  package static func linkText(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4_097)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length >= 0 else { return nil }
    return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Whether this process may give a file it makes any owner and group:
  /// it runs as root.
  package static var mayGiveAnyOwner: Bool { geteuid() == 0 }

  /// The owner and group a file this process makes would get (the group
  /// may instead be the folder's, in a set-group-ID folder).
  package static var processOwner: (owner: UInt32, group: UInt32) {
    (UInt32(geteuid()), UInt32(getegid()))
  }

  /// Gives the open file `fd` the owner and group; `false` when this
  /// process may not.
  package static func setOwner(_ fd: Int32, owner: UInt32, group: UInt32) -> Bool {
    fchown(fd, uid_t(owner), gid_t(group)) == 0
  }

  /// Opens the existing file `path` for writing, without emptying it and
  /// without blocking; negative on failure.
  package static func openInPlace(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
  }

  /// Opens the device `path` (links followed) for writing, without
  /// creating, emptying or adopting it as a terminal; negative on failure.
  package static func openForStreaming(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
  }

  /// Cuts the open file `fd` to `size` bytes; `false` on failure.
  package static func truncate(_ fd: Int32, _ size: Int) -> Bool { ftruncate(fd, off_t(size)) == 0 }

  /// Renames `from` to `to`, replacing it in one step; `false` on failure.
  package static func rename(_ from: String, _ to: String) -> Bool { systemRename(from, to) == 0 }

  /// Removes the file at `path`, if any.
  package static func remove(_ path: String) { unlink(path) }

  /// Makes the folder `path`; `true` when it was made or already exists.
  package static func makeFolder(_ path: String) -> Bool {
    mkdir(path, 0o755) == 0 || errno == EEXIST
  }
}

// The C functions under the names `Platform` gives its own.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
