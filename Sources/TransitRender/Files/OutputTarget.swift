/// What writing a file under a path would really replace: the path's
/// symbolic links followed to the file they lead to, and what that file is.
///
/// Writing is only ever done to a regular file (replaced whole, see
/// `StagedFile`) or to a character device such as `/dev/null` (written as
/// a stream: a device cannot be replaced, and renaming a file over it would
/// destroy it). Anything else — a folder, a FIFO, a socket, a block device —
/// is refused here, before any work, rather than replaced by a file.
///
/// A symbolic link is kept: the file it leads to is written, so that
/// `out.png → renders/today.png` still leads there afterwards.
package struct OutputTarget: Hashable, Sendable {
  /// What is at ``target``.
  package enum Kind: Hashable, Sendable {
    /// Nothing yet: the file will be made.
    case newFile
    /// A regular file, to be replaced whole.
    case regularFile
    /// A character device (`/dev/null`, a terminal), written as a stream.
    case characterDevice
  }

  /// A file's identity, whatever names lead to it: its device and inode.
  package struct Identity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
  }

  /// The path as given.
  package let path: String
  /// The path with its symbolic links followed (a link's text is read
  /// relative to the link's folder): where the file is written.
  package let target: String
  /// What is at ``target``.
  package let kind: Kind
  /// The identity of what is at ``target``; `nil` for a new file.
  package let identity: Identity?

  /// The most links followed before a path is declared a loop, as the system's own limit.
  static let maximumLinks = 40

  /// Follows `path`'s links and looks at what they lead to.
  ///
  /// - Throws: ``RenderError`` naming the path when it is a folder, a FIFO,
  ///   a socket or a block device (or a link to one), or its links loop.
  package init(_ path: String) throws(RenderError) {
    var current = path
    var links = 0
    while let status = Platform.status(current, followingLinks: false), status.kind == .link {
      links += 1
      guard links <= Self.maximumLinks, let text = Platform.linkText(current) else {
        throw RenderError.cannotWrite("write", path: path, problem: "too many symbolic links")
      }
      let folder = StagedFile.folder(of: current)
      current = text.hasPrefix("/") ? text : (folder == "/" ? "/" : folder + "/") + text
    }
    self.path = path
    if let status = Platform.status(current, followingLinks: false) {
      target = current
      kind = try Self.kind(of: status, path: path)
      identity = Identity(device: status.device, inode: status.inode)
    } else if links > 0, let status = Platform.status(path) {
      // A link whose text is no path, such as `/proc/self/fd/1` → `pipe:[…]`:
      // what the system reaches through it is what counts.
      target = path
      kind = try Self.kind(of: status, path: path)
      identity = Identity(device: status.device, inode: status.inode)
    } else {
      target = current
      kind = .newFile
      identity = nil
    }
  }

  /// The identity of the file `path` leads to (links followed), or `nil`
  /// when there is none.
  package static func identity(of path: String) -> Identity? {
    Platform.status(path).map { Identity(device: $0.device, inode: $0.inode) }
  }

  private static func kind(of status: Platform.Status, path: String) throws(RenderError) -> Kind {
    let what: String
    switch status.kind {
    case .regularFile: return .regularFile
    case .characterDevice: return .characterDevice
    case .folder: what = "a folder"
    case .fifo: what = "a FIFO"
    case .socket: what = "a socket"
    case .blockDevice: what = "a block device"
    case .link, .other: what = "an unknown kind of file"
    }
    throw RenderError.cannotWrite(
      "write", path: path,
      problem: "it is \(what); only a regular file or a character device can be written")
  }
}
