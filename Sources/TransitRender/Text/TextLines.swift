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
/// Text with right-to-left characters is cut only between paragraphs, and
/// only before a paragraph with a strong direction of its own: a
/// paragraph's direction, and the order of its neutral characters, depend
/// on all of it and on the paragraphs before it. Such a text is linear in
/// its number of paragraphs, but a single long paragraph of it is one
/// layout. Tests compare the lines with a single layout's on random texts
/// of several scripts and both directions.
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

  var lines: [Line] = []
  var windows: [Window] = []
  /// The height of all the lines, in Pango units.
  var height = 0

  /// Finds the lines of `text` as `layout` (font, width, wrapping and
  /// alignment set) breaks them, counting Pango's work in `work`.
  init(
    _ text: UnsafeBufferPointer<UInt8>, layout: OpaquePointer, work: inout TextWork
  ) {
    let n = text.count
    let bidirectional = Self.hasRightToLeft(text)
    var start = 0
    var atParagraphStart = true
    var target = Self.firstWindow
    // Where the last trusted line began, when its paragraph goes on.
    var leadIn: Int? = nil
    while true {
      let from = atParagraphStart ? start : leadIn ?? start
      var end: Int
      var complete: Bool
      if bidirectional {
        end = Self.paragraphsEnd(text, from: start, atLeast: target)
        complete = true
      } else {
        end = min(start + target, n)
        complete = end == n
        if !complete { end = Self.cut(text, from: start, near: end) }
      }
      let trusted = complete ? end : Self.back(text, from: end, characters: Self.margin, to: start)
      var window = Window(
        start: from, end: end, cutsParagraphs: !bidirectional, skip: 0,
        lines: lines.count..<lines.count)
      Self.configure(layout, text: text, window: window)
      var laid = Self.lines(of: layout)
      work.layouts += 1
      work.bytes += end - from
      work.byteLines += (end - from) * laid.count
      // A window that ends after a paragraph's delimiter has an empty last
      // line that the text, going on, does not.
      if bidirectional, end < n { laid.removeLast() }
      guard let skip = laid.firstIndex(where: { from + $0.start == start }) else {
        // The line before came out differently on its own: start afresh.
        leadIn = nil
        continue
      }
      window.skip = skip
      var accepted = 0
      var lineOfParagraph = 0
      for (i, line) in laid.enumerated() {
        if i > 0 { lineOfParagraph = line.paragraphStart ? 0 : lineOfParagraph + 1 }
        if !bidirectional { guard lineOfParagraph < Self.linesPerParagraph else { break } }
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
      window.lines = lines.count..<lines.count + accepted
      windows.append(window)
      let kept = laid[skip..<skip + accepted]
      for line in kept {
        lines.append(
          Line(
            start: from + line.start, top: height, height: line.height, window: windows.count - 1))
        height += line.height
      }
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

  /// The end of the paragraphs from `start` (a paragraph's start) that
  /// make up at least `bytes` bytes, past the last one's delimiter: moved
  /// on over paragraphs that have no strong direction of their own, since
  /// those take the direction of the one before.
  static func paragraphsEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, atLeast bytes: Int)
    -> Int
  {
    var end = start
    while true {
      var delimiter: Int32 = 0
      var next: Int32 = 0
      pango_find_paragraph_boundary(pointer(text, end), Int32(text.count - end), &delimiter, &next)
      end += Int(next)
      if delimiter == next || end >= text.count { return text.count }
      guard end - start < bytes else {
        pango_find_paragraph_boundary(
          pointer(text, end), Int32(text.count - end), &delimiter, &next)
        let own = pango_find_base_dir(pointer(text, end), delimiter)
        if own != Int32(TRANSIT_PANGO_DIRECTION_NEUTRAL) { return end }
        continue
      }
    }
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
  static func configure(_ layout: OpaquePointer, text: UnsafeBufferPointer<UInt8>, window: Window) {
    pango_layout_set_ellipsize(
      layout, window.cutsParagraphs ? Int32(TRANSIT_PANGO_ELLIPSIZE_END) : 0)
    pango_layout_set_height(layout, window.cutsParagraphs ? -(linesPerParagraph + 1) : -1)
    pango_layout_set_text(layout, pointer(text, window.start), Int32(window.end - window.start))
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
  /// Bytes of text handed to Pango.
  var bytes = 0
  /// Each layout's bytes times its lines: a bound on what Pango shapes,
  /// since it may shape a paragraph's rest again for every line.
  var byteLines = 0
  /// Lines drawn.
  var drawnLines = 0
}
