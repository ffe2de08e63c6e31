import Testing
import Transit
import TransitTestSupport

@Suite("Autoresizing")
struct AutoresizingTests {
  let portrait = Size(width: 390, height: 844)
  let landscape = Size(width: 844, height: 390)

  @Test("A full-width bar of fixed height along the bottom stays 56 points high, full width")
  func bottomBar() {
    let bar: Autoresizing = [.flexibleWidth, .flexibleTopMargin]
    let designed = Rect(x: 0, y: 788, width: 390, height: 56)
    #expect(
      bar.frame(designed, designedIn: portrait, resizedTo: landscape)
        == Rect(x: 0, y: 334, width: 844, height: 56))
  }

  @Test("A badge pinned to the top-right corner keeps its size and its distance to the corner")
  func pinnedCorner() {
    let badge: Autoresizing = [.flexibleLeftMargin, .flexibleBottomMargin]
    let designed = Rect(x: 330, y: 20, width: 40, height: 40)
    #expect(
      badge.frame(designed, designedIn: portrait, resizedTo: landscape)
        == Rect(x: 784, y: 20, width: 40, height: 40))
  }

  @Test("No flexible part: the frame stays as designed")
  func fixed() {
    let designed = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(
      Autoresizing().frame(designed, designedIn: portrait, resizedTo: landscape) == designed)
  }

  @Test("Several flexible parts share the change in proportion to their design lengths")
  func proportional() {
    // Left margin 100, width 200, right margin 90: both margins flexible
    // share +454 as 100 : 90.
    let centred: Autoresizing = [.flexibleLeftMargin, .flexibleRightMargin]
    let frame = centred.frame(
      Rect(x: 100, y: 0, width: 200, height: 10), designedIn: portrait, resizedTo: landscape)
    #expect(abs(frame.minX - (100 + 454 * 100 / 190)) < 1e-9)
    #expect(frame.width == 200)
    // Every part flexible and all three zero long: shared equally.
    let all: Autoresizing = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
    let zero = all.frame(
      Rect(x: 0, y: 0, width: 0, height: 0), designedIn: Size(width: 0, height: 0),
      resizedTo: Size(width: 30, height: 0))
    #expect(zero == Rect(x: 10, y: 0, width: 10, height: 0))
  }

  @Test("A shrink larger than a flexible width leaves it at 0, never negative")
  func neverNegative() {
    let frame = Autoresizing.flexibleWidth.frame(
      Rect(x: 0, y: 0, width: 100, height: 10), designedIn: Size(width: 400, height: 10),
      resizedTo: Size(width: 100, height: 10))
    #expect(frame.width == 0)
  }

  @Test("Designed size in, designed frame out, bit for bit, over random masks and frames")
  func roundTrip() async {
    await seededPropertyCheck(count: 60, base: 0xA0705) { seed in
      var random = RandomCases(seed: seed)
      let mask = Autoresizing(rawValue: random.int(0...63))
      let design = Size(width: random.double(1...1000), height: random.double(1...1000))
      let frame = Rect(
        x: random.double(-50...500), y: random.double(-50...500),
        width: random.double(0...500), height: random.double(0...500))
      let other = Size(width: random.double(1...1000), height: random.double(1...1000))
      #expect(mask.frame(frame, designedIn: design, resizedTo: design) == frame)
      // Through another size and back: computed from the design, so exact.
      _ = mask.frame(frame, designedIn: design, resizedTo: other)
      #expect(mask.frame(frame, designedIn: design, resizedTo: design) == frame)
      // Sizes of flexible parts change; the others keep their lengths.
      let moved = mask.frame(frame, designedIn: design, resizedTo: other)
      if !mask.contains(.flexibleWidth) { #expect(moved.width == frame.width) }
      if !mask.contains(.flexibleHeight) { #expect(moved.height == frame.height) }
      if mask.isDisjoint(with: [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]) {
        #expect(moved.minX == frame.minX)
      }
    }
  }
}
