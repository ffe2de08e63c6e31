import CTransitPango

/// The lines Pango breaks a long text into, found a window of the text at a
/// time so that the work grows with the text's length, not its square.
///
/// Why windows: Pango shapes a paragraph's remaining text again for every
/// line it breaks off, so one layout of a paragraph of n bytes in lines of
/// l bytes costs about n²/2l shaped characters: 40 KB of `x` in a 36-point
/// view took over a minute. Here Pango lays out a window of a few lines'
/// worth of text starting where the last trusted line ended, and its
/// paragraphs are cut off after ``linesPerParagraph`` lines (with an
/// ellipsis that is never kept), so each window costs its length times a
/// bounded number of lines.
///
/// Why the lines are the same as one layout's: Pango breaks lines greedily,
/// each from where the previous one ended, looking only at that line's text
/// and a few characters past its end. A window's line is trusted only when
/// the next line starts at least ``margin`` characters before the window's
/// end, or in a new paragraph, or the window reaches the end of the text;
/// the window's end never splits a character from its marks nor `\r\n`,
/// and a window inside a paragraph starts one line early (that line is laid
/// out again and dropped) so that the line-break rules see what precedes.
///
/// Text with right-to-left characters is laid out with each window's
/// paragraph direction set to the one Pango gives the whole paragraph (from
/// its first strong character, or the paragraph before), since a window
/// cut from a paragraph's middle would find its own; short paragraphs of
/// one direction share a window. A window cut from a paragraph's middle is
/// trusted only when the bidirectional levels of its trusted lines are
/// those of the whole paragraph (the Unicode algorithm resolves digits and
/// punctuation from strong characters any distance away); when they are
/// not, the rest of the paragraph is laid out whole, in time that grows
/// with the square of its length (a paragraph that starts left to right,
/// holds a Hebrew word and then a megabyte of digits and spaces) — unless
/// the lines are wanted only up to a height (a view shows no more): then a
/// prefix of the paragraph, doubled until its lines pass that height, is
/// laid out whole instead, and the text is taken to end with it.
///
/// Windows whose text is the same give the same lines: a text that repeats
/// itself (a MiB of one letter, one word over and over) reuses them instead
/// of asking Pango again for every line.
///
/// Tests compare the lines with a single layout's on random texts of
/// several scripts and both directions.
struct TextLines {
  /// One line: where it starts (a byte offset in the text), its top and
  /// height in Pango units from the top of the whole text, and the window
  /// it was laid out in.
  struct Line: Equatable {
    var start: Int
    var top: Int
    var height: Int
    var window: Int
  }

  /// A stretch of the text laid out as one Pango layout.
  struct Window: Equatable {
    /// Its first and past-the-end byte offsets in the text.
    var start: Int
    var end: Int
    /// Whether its paragraphs are cut off after ``linesPerParagraph``
    /// lines; whole paragraphs are laid out in full.
    var cutsParagraphs: Bool
    /// The paragraph direction it is laid out with, or `nil` for Pango's
    /// own choice (text without right-to-left characters).
    var direction: Int32?
    /// The layout's lines before the first kept: the line laid out again
    /// for context.
    var skip: Int
    /// Its lines in ``TextLines/lines``.
    var lines: Range<Int>
  }

  /// Lines trusted from one window's paragraph before the next window.
  static let linesPerParagraph: Int32 = 16
  /// How many characters past a break a window must go on for the break
  /// to be trusted: Unicode's line-break rules and kerning look one or two
  /// characters ahead; 12 leaves room to spare.
  static let margin = 12
  /// The first window's length in bytes; later ones follow the lines' length.
  static let firstWindow = 1_024
  /// The longest window whose lines are kept for reuse, in bytes, and how
  /// many windows are kept at most.
  static let reusedWindowLength = 4_096
  static let reusedWindows = 1_024

  var lines: [Line] = []
  var windows: [Window] = []
  /// The height of all the lines, in Pango units.
  var height = 0
  /// The alignment the text asks for (a PangoAlignment), mirrored in a
  /// right-to-left paragraph as Pango mirrors it.
  let alignment: Int32

  /// The paragraph of a text with right-to-left characters that the
  /// windows are in: its bounds and the direction Pango lays it out with.
  private struct Paragraph {
    var start: Int
    var delimiter: Int
    var next: Int
    var direction: Int32
    /// The bidirectional levels of its characters, laid out whole, found
    /// when a window is cut from its middle.
    var levels: [UInt8]? = nil
    /// A byte offset in it and the characters before it, moved on as the
    /// windows are, so that finding a window's first character costs its
    /// own length.
    var counted = 0
    var countedCharacters = 0
  }

  /// What identifies a window's layout: its text and how it is laid out.
  private struct WindowKey: Hashable {
    var text: [UInt8]
    var cutsParagraphs: Bool
    var direction: Int32?
  }

  /// Finds the lines of `text` as `layout` (font, width and wrapping set)
  /// breaks them with `alignment`, counting Pango's work in `work`.
  ///
  /// The lines stop after the first window whose lines pass `heightLimit`
  /// (Pango units) all together: what follows is never found, as if the
  /// text ended there.
  init(
    _ text: UnsafeBufferPointer<UInt8>, layout: OpaquePointer, alignment: Int32,
    heightLimit: Int = .max, work: inout TextWork
  ) {
    self.alignment = alignment
    let n = text.count
    let bidirectional = Self.hasRightToLeft(text)
    var start = 0
    var atParagraphStart = true
    var target = Self.firstWindow
    // Where the last trusted line began, when its paragraph goes on.
    var leadIn: Int? = nil
    // Pango's direction for a paragraph without strong characters: the
    // last paragraph's, at first the text's first strong direction.
    var previousDirection = pango_find_base_dir(Self.pointer(text, 0), Int32(n))
    if previousDirection == Int32(TRANSIT_PANGO_DIRECTION_NEUTRAL) {
      previousDirection = Int32(TRANSIT_PANGO_DIRECTION_WEAK_LTR)
    }
    var paragraph: Paragraph? = nil
    // Set when a window cut from a paragraph's middle had other levels
    // than the whole paragraph: the rest of it is laid out whole.
    var wholeParagraph = false
    var reused: [WindowKey: [LaidLine]] = [:]
    defer { Self.setDirection(of: layout, to: nil) }
    while true {
      var from = atParagraphStart ? start : leadIn ?? start
      var end: Int
      var complete: Bool
      var cutsParagraphs = true
      var prefixOnly = false
      var direction: Int32? = nil
      if bidirectional {
        if atParagraphStart {
          var next = Self.paragraph(text, at: start, after: &previousDirection)
          paragraph = next
          wholeParagraph = false
          if next.next - start <= target {
            // Short paragraphs of one direction share a window.
            while next.next < n, next.next - start < target {
              var after = previousDirection
              let following = Self.paragraph(text, at: next.next, after: &after)
              guard following.direction == next.direction, following.next - start <= target
              else { break }
              previousDirection = after
              next.next = following.next
            }
            paragraph = nil
            end = next.next
          } else {
            end = min(start + target, next.next)
          }
          direction = next.direction
        } else {
          direction = paragraph!.direction
          end = min(start + target, paragraph!.next)
        }
        if let whole = paragraph, wholeParagraph {
          from = whole.start
          end = whole.next
          if heightLimit < .max, start + target < whole.next {
            // Laying the rest out whole costs its length times its lines:
            // a prefix of the paragraph is enough when its lines pass the
            // height limit, where the text is taken to end.
            end = Self.cut(text, from: start, near: start + target)
            prefixOnly = true
          }
        }
        complete =
          paragraph == nil || (wholeParagraph && !prefixOnly) || end == paragraph!.next
        cutsParagraphs = !complete && !prefixOnly || (paragraph != nil && !wholeParagraph)
        if !complete && !prefixOnly { end = Self.cut(text, from: start, near: end) }
      } else {
        end = min(start + target, n)
        complete = end == n
        if !complete { end = Self.cut(text, from: start, near: end) }
      }
      let trusted = complete ? end : Self.back(text, from: end, characters: Self.margin, to: start)
      var window = Window(
        start: from, end: end, cutsParagraphs: cutsParagraphs, direction: direction, skip: 0,
        lines: lines.count..<lines.count)
      var laid: [LaidLine]
      let key =
        end - from <= Self.reusedWindowLength
        ? WindowKey(
          text: Array(text[from..<end]), cutsParagraphs: cutsParagraphs, direction: direction)
        : nil
      if let key, let known = reused[key] {
        laid = known
        work.reusedLayouts += 1
      } else {
        configure(layout, text: text, window: window)
        laid = Self.lines(of: layout)
        work.layouts += 1
        work.bytes += end - from
        work.byteLines += (end - from) * laid.count
        if let key {
          if reused.count >= Self.reusedWindows { reused.removeAll(keepingCapacity: true) }
          reused[key] = laid
        }
      }
      // A window that ends after a paragraph's delimiter has an empty last
      // line that the text, going on, does not.
      if bidirectional, complete, end < n { laid.removeLast() }
      guard let skip = laid.firstIndex(where: { from + $0.start >= start }) else {
        // The line before came out differently on its own: start afresh.
        leadIn = nil
        continue
      }
      guard from + laid[skip].start == start || wholeParagraph else {
        leadIn = nil
        continue
      }
      window.skip = skip
      var accepted = 0
      var lineOfParagraph = 0
      for (i, line) in laid.enumerated() {
        if i > 0 { lineOfParagraph = line.paragraphStart ? 0 : lineOfParagraph + 1 }
        if cutsParagraphs { guard lineOfParagraph < Self.linesPerParagraph else { break } }
        guard i >= skip else { continue }
        let final =
          i + 1 < laid.count
          ? laid[i + 1].paragraphStart || from + laid[i + 1].start <= trusted : complete
        guard final else { break }
        accepted += 1
      }
      guard accepted > 0 else {
        target = max(target, end - start) * 2
        continue
      }
      if prefixOnly {
        let added = laid[skip..<skip + accepted].reduce(0) { $0 + $1.height }
        guard height + added > heightLimit else {
          target = max(target, end - start) * 2
          continue
        }
      }
      if var whole = paragraph, !wholeParagraph, from > whole.start || !complete {
        // A window from a paragraph's middle: its levels must be the whole
        // paragraph's, where its lines are trusted.
        if whole.levels == nil {
          whole.levels = Self.levels(
            text, whole.start..<whole.delimiter, direction: whole.direction)
          whole.counted = whole.start
        }
        let checked = start..<min(trusted, whole.delimiter)
        let own = Self.levels(text, from..<min(end, whole.delimiter), direction: whole.direction)
        let ownFirst = Self.characters(text, from..<checked.lowerBound)
        whole.countedCharacters += Self.characters(text, whole.counted..<checked.lowerBound)
        whole.counted = checked.lowerBound
        paragraph = whole
        let wholeFirst = whole.countedCharacters
        let count = Self.characters(text, checked)
        guard
          own[ownFirst..<ownFirst + count] == whole.levels![wholeFirst..<wholeFirst + count]
        else {
          wholeParagraph = true
          continue
        }
      }
      window.lines = lines.count..<lines.count + accepted
      windows.append(window)
      let kept = laid[skip..<skip + accepted]
      for line in kept {
        lines.append(
          Line(
            start: from + line.start, top: height, height: line.height, window: windows.count - 1))
        height += line.height
      }
      if height > heightLimit { break }
      if skip + accepted == laid.count && complete {
        guard end < n else { break }
        start = end
        atParagraphStart = true
        leadIn = nil
      } else {
        let first = laid[skip + accepted]
        let consumed = from + first.start - start
        leadIn = first.paragraphStart ? nil : from + kept.last!.start
        start = from + first.start
        atParagraphStart = first.paragraphStart
        let average = consumed / accepted
        target = max(64, Int(Self.linesPerParagraph + 1) * average + 2 * Self.margin)
      }
    }
  }

  /// The paragraph that starts at `start`, with the direction Pango gives
  /// it after a paragraph of `previous` direction (updated as Pango does).
  private static func paragraph(
    _ text: UnsafeBufferPointer<UInt8>, at start: Int, after previous: inout Int32
  ) -> Paragraph {
    var delimiter: Int32 = 0
    var next: Int32 = 0
    pango_find_paragraph_boundary(
      pointer(text, start), Int32(text.count - start), &delimiter, &next)
    var direction = pango_find_base_dir(pointer(text, start), delimiter)
    if direction == Int32(TRANSIT_PANGO_DIRECTION_NEUTRAL) {
      direction = previous
    } else {
      previous = direction
    }
    return Paragraph(
      start: start, delimiter: start + Int(delimiter), next: start + Int(next), direction: direction
    )
  }

  /// The bidirectional levels of the characters in `range` of `text` (one
  /// paragraph or part of one) laid out in `direction`.
  static func levels(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, direction: Int32)
    -> [UInt8]
  {
    let count = characters(text, range)
    guard count > 0 else { return [] }
    var base = direction
    guard
      let levels = pango_log2vis_get_embedding_levels(
        pointer(text, range.lowerBound), Int32(range.count), &base)
    else { return [] }
    defer { g_free(levels) }
    return Array(UnsafeBufferPointer(start: levels, count: count))
  }

  /// How many Unicode scalars start in `range` of `text`.
  static func characters(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    var count = 0
    for offset in range where text[offset] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// Whether `text` holds a right-to-left character: Hebrew, Arabic and the
  /// other right-to-left scripts, or a right-to-left mark, embedding,
  /// override or isolate.
  static func hasRightToLeft(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var offset = 0
    while offset < text.count {
      let lead = text[offset]
      if lead < 0xD6 {
        offset += 1
        continue
      }
      let value = scalar(text, at: offset).value
      switch value {
      case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF,
        0x1E800...0x1EFFF, 0x200F, 0x202B, 0x202E, 0x2067:
        return true
      default: offset += 1
      }
    }
    return false
  }

  /// Gives `layout` the text of `window`, laid out as that window is.
  func configure(_ layout: OpaquePointer, text: UnsafeBufferPointer<UInt8>, window: Window) {
    pango_layout_set_ellipsize(
      layout, window.cutsParagraphs ? Int32(TRANSIT_PANGO_ELLIPSIZE_END) : 0)
    pango_layout_set_height(layout, window.cutsParagraphs ? -(Self.linesPerParagraph + 1) : -1)
    Self.setDirection(of: layout, to: window.direction)
    var alignment = alignment
    if let direction = window.direction,
      direction == Int32(TRANSIT_PANGO_DIRECTION_RTL)
        || direction == Int32(TRANSIT_PANGO_DIRECTION_WEAK_RTL)
    {
      // Pango mirrors left and right in a right-to-left paragraph only
      // when it finds the direction itself.
      switch Int(alignment) {
      case TRANSIT_PANGO_ALIGN_LEFT: alignment = Int32(TRANSIT_PANGO_ALIGN_RIGHT)
      case TRANSIT_PANGO_ALIGN_RIGHT: alignment = Int32(TRANSIT_PANGO_ALIGN_LEFT)
      default: break
      }
    }
    pango_layout_set_alignment(layout, alignment)
    pango_layout_set_text(
      layout, Self.pointer(text, window.start), Int32(window.end - window.start))
  }

  /// Lays `layout` out in paragraphs of `direction`, or lets Pango find
  /// each paragraph's (`nil`, as the context is left for other layouts).
  static func setDirection(of layout: OpaquePointer, to direction: Int32?) {
    pango_context_set_base_dir(
      pango_layout_get_context(layout), direction ?? Int32(TRANSIT_PANGO_DIRECTION_WEAK_LTR))
    pango_layout_set_auto_dir(layout, direction == nil ? 1 : 0)
  }

  /// One line of a window's layout, in the window's own byte offsets.
  struct LaidLine {
    var start: Int
    var paragraphStart: Bool
    var direction: Int32
    var height: Int
  }

  static func lines(of layout: OpaquePointer) -> [LaidLine] {
    var result: [LaidLine] = []
    let iter = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iter) }
    repeat {
      let line = pango_layout_iter_get_line_readonly(iter)!
      var logical = TransitPangoRectangle()
      pango_layout_iter_get_line_extents(iter, nil, &logical)
      result.append(
        LaidLine(
          start: Int(pango_layout_line_get_start_index(line)),
          paragraphStart: pango_layout_line_is_paragraph_start(line) != 0,
          direction: pango_layout_line_get_resolved_direction(line),
          height: Int(logical.height)))
    } while pango_layout_iter_next_line(iter) != 0
    return result
  }

  static func pointer(_ text: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.baseAddress! + offset).assumingMemoryBound(to: CChar.self)
  }

  /// Where to end a window near `end`: at a character's start, before any
  /// marks or joiners that belong to the character before them, and not
  /// between `\r` and `\n`. Never at or before `start`.
  static func cut(_ text: UnsafeBufferPointer<UInt8>, from start: Int, near end: Int) -> Int {
    var cut = end
    while cut > start, text[cut] & 0xC0 == 0x80 { cut -= 1 }
    var steps = 0
    while cut > start, steps < 64, extendsPrevious(scalar(text, at: cut)) {
      cut = back(text, from: cut, characters: 1, to: start)
      steps += 1
    }
    if cut > start, text[cut - 1] == 0x0D, text[cut] == 0x0A { cut -= 1 }
    if cut > start { return cut }
    // No good place: end after the character at `end` instead.
    cut = end
    while cut < text.count, text[cut] & 0xC0 == 0x80 { cut += 1 }
    return cut
  }

  /// `offset` moved back over `characters` Unicode scalars, not before `start`.
  static func back(
    _ text: UnsafeBufferPointer<UInt8>, from offset: Int, characters: Int, to start: Int
  ) -> Int {
    var offset = offset
    for _ in 0..<characters where offset > start {
      offset -= 1
      while offset > start, text[offset] & 0xC0 == 0x80 { offset -= 1 }
    }
    return offset
  }

  /// The scalar whose UTF-8 starts at `offset` (the text is valid UTF-8).
  static func scalar(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Unicode.Scalar {
    let lead = UInt32(text[offset])
    var value: UInt32
    var count: Int
    switch lead {
    case ..<0x80: return Unicode.Scalar(UInt8(lead))
    case ..<0xE0: (value, count) = (lead & 0x1F, 1)
    case ..<0xF0: (value, count) = (lead & 0x0F, 2)
    default: (value, count) = (lead & 0x07, 3)
    }
    for i in 1...count where offset + i < text.count {
      value = value << 6 | UInt32(text[offset + i] & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }

  /// Whether `scalar` belongs with the character before it: a mark, a
  /// joiner, a variation selector or an emoji modifier.
  static func extendsPrevious(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isGraphemeExtend || scalar.value == 0x200D
      || (0x1F3FB...0x1F3FF).contains(scalar.value)
      || scalar.properties.generalCategory == .spacingMark
  }
}

/// What Pango was asked to do for text, counted so that tests can show it
/// grows with the text's length.
struct TextWork: Equatable {
  /// Layouts made (one per window of a long text).
  var layouts = 0
  /// Windows whose lines were those of an earlier window with the same
  /// text, so Pango was not asked again.
  var reusedLayouts = 0
  /// Bytes of text handed to Pango.
  var bytes = 0
  /// Each layout's bytes times its lines: a bound on what Pango shapes,
  /// since it may shape a paragraph's rest again for every line.
  var byteLines = 0
  /// Lines drawn.
  var drawnLines = 0
}
