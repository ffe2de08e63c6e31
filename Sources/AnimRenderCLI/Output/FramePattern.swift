import TransitRender

/// A file-name pattern with one `%d` or `%0Nd`, for `--layout frames`.
///
/// The pattern also names the *set* a run replaces whole: every file in the
/// pattern's folder whose name is one the pattern gives some frame number,
/// written as ``path(_:)`` writes it — at least `N` digits, and no leading
/// zero beyond those `N`. So `f-%03d.png` owns `f-000.png`, `f-042.png` and
/// `f-1000.png`, but neither `f-12.png` nor `f-0000.png`; `f-%d.png` owns
/// `f-0.png` and `f-12.png` but not `f-012.png`.
struct FramePattern: Sendable {
  /// The pattern as given.
  var text: String
  var prefix: String
  var suffix: String
  var width: Int

  init?(_ text: String) {
    guard let percent = text.firstIndex(of: "%") else { return nil }
    var rest = text[text.index(after: percent)...]
    var digits = ""
    while let c = rest.first, c.isNumber {
      digits.append(c)
      rest = rest.dropFirst()
    }
    guard rest.first == "d" else { return nil }
    let suffix = String(rest.dropFirst())
    guard !suffix.contains("%"), !text[..<percent].contains("%") else { return nil }
    // A width of 0…9 (`%d`, `%3d`, `%03d`); `%99999999999999999999d` is no pattern.
    guard digits.count <= 3, let width = digits.isEmpty ? 0 : Int(digits), width <= 9 else {
      return nil
    }
    self.text = text
    prefix = String(text[..<percent])
    self.suffix = suffix
    self.width = width
  }

  func path(_ index: Int) -> String {
    let number = String(index)
    let padded = String(repeating: "0", count: max(0, width - number.count)) + number
    return prefix + padded + suffix
  }

  /// The folder every frame is in (the frame number is never in a folder's name).
  var folder: String { StagedFile.folder(of: path(0)) }

  /// Whether `name`, a file name in ``folder``, is one ``path(_:)`` gives a
  /// frame number: see the set's definition above.
  func ownsName(_ name: String) -> Bool {
    let namePrefix = Path(prefix).name
    guard name.hasPrefix(namePrefix), name.hasSuffix(suffix),
      name.utf8.count >= namePrefix.utf8.count + suffix.utf8.count
    else { return false }
    let digits = name.utf8.dropFirst(namePrefix.utf8.count).dropLast(suffix.utf8.count)
    let least = max(width, 1)
    guard digits.count >= least,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return false }
    return digits.count == least || digits.first != UInt8(ascii: "0")
  }
}
