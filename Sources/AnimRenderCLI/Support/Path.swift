import TransitRender

/// A file path as the command line was given it, taken apart at `/` the
/// one way every command does: its folder, its name, the name's extension,
/// and the path of another name in the same folder.
///
/// Only the text is read: nothing is resolved (``Platform/realPath(_:)``
/// does that) and nothing touches the disk. An empty last component (a path
/// ending in `/`) is an empty name, not the folder's.
///
/// ```swift
/// let path = Path("out/frames/story.png")
/// path.folder         // "out/frames"
/// path.name           // "story.png"
/// path.pathExtension  // "png"
/// path.sibling("story.webp").string  // "out/frames/story.webp"
/// ```
struct Path: Hashable, CustomStringConvertible {
  /// The path as written.
  let string: String

  /// The path `string`, as written.
  init(_ string: String) { self.string = string }

  var description: String { string }

  /// The last component: everything after the last `/` (all of a bare name;
  /// empty when the path ends in `/`).
  var name: String {
    String(string.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
  }

  /// The folder the path is in: `.` for a bare name, `/` for a name at the root.
  var folder: String { StagedFile.folder(of: string) }

  /// The extension of ``name`` without its dot; `nil` when the name has no
  /// dot, ends with one, or only starts with one (`.profile`).
  var pathExtension: String? {
    let name = self.name
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let ext = name[name.index(after: dot)...]
    return ext.isEmpty ? nil : String(ext)
  }

  /// `name` inside the folder this path names: `/name` under the root, the
  /// two joined by one `/` otherwise.
  func appending(_ name: String) -> Path {
    if string.isEmpty { return Path(name) }
    return Path(string.hasSuffix("/") ? string + name : string + "/" + name)
  }

  /// `name` in the same folder as this path: a bare name stays bare.
  func sibling(_ name: String) -> Path {
    string.contains("/") ? Path(folder).appending(name) : Path(name)
  }
}
