/// A palette of at most 256 colours for one frame, chosen by Heckbert's
/// median cut over a histogram of the frame's colours.
///
/// When a frame has no more distinct opaque colours than the palette can
/// hold (flat screens often do), the palette is those colours exactly and
/// the frame is stored without loss. Otherwise the colours covering at
/// least 0.2 % of the frame (up to a quarter of the palette) are kept
/// exactly, the others are counted in a 5-bit-per-channel histogram, the box with the most pixels × longest side
/// is split at its median along that side until there are enough boxes, and
/// each box gives the mean of its pixels.
struct MedianCutPalette {
  /// Straight-alpha colours, 0xRRGGBB.
  var colors: [UInt32]
  /// Whether the frame used its colours exactly (no dithering needed).
  var isExact: Bool

  /// The palette for the opaque pixels of `pixels` (straight 0xRRGGBB, with
  /// `opaque` saying which count), with room for `capacity` colours.
  init(straight pixels: [UInt32], opaque: [Bool], capacity: Int) {
    var counts: [UInt32: Int] = [:]
    var opaqueCount = 0
    for (pixel, isOpaque) in zip(pixels, opaque) where isOpaque {
      counts[pixel, default: 0] += 1
      opaqueCount += 1
    }
    if counts.count <= capacity {
      colors = counts.keys.sorted()
      isExact = true
      return
    }
    // Colours that cover a visible share of the frame (flat backgrounds,
    // title bars, body text) are kept exactly, so flat areas carry no
    // dithering noise; the median cut shares the rest of the palette.
    let threshold = max(2, opaqueCount / 500)
    let popular = counts.filter { $0.value >= threshold }
      .sorted { ($0.value, $1.key) > ($1.value, $0.key) }
      .prefix(capacity / 4).map(\.key)
    let kept = Set(popular)
    var histogram = [Int](repeating: 0, count: 1 << 15)
    for (pixel, count) in counts where !kept.contains(pixel) {
      histogram[MedianCutPalette.bin(pixel)] += count
    }
    var entries: [(bin: Int, count: Int)] = []
    for (bin, count) in histogram.enumerated() where count > 0 { entries.append((bin, count)) }
    var boxes = entries.isEmpty ? [] : [Box(entries[...])]
    while boxes.count < capacity - popular.count {
      guard
        let (index, _) = boxes.enumerated().filter({ $0.element.canSplit })
          .max(by: { $0.element.priority < $1.element.priority })
      else { break }
      let (low, high) = boxes[index].split()
      boxes[index] = low
      boxes.append(high)
    }
    colors = popular + boxes.map(\.meanColor)
    isExact = false
  }

  static func bin(_ rgb: UInt32) -> Int {
    let red = Int((rgb >> 19) & 0x1F)
    let green = Int((rgb >> 11) & 0x1F)
    let blue = Int((rgb >> 3) & 0x1F)
    return red << 10 | green << 5 | blue
  }

  /// A box of histogram bins.
  private struct Box {
    var entries: ArraySlice<(bin: Int, count: Int)>
    var low = [31, 31, 31]
    var high = [0, 0, 0]
    var pixels = 0

    init(_ entries: ArraySlice<(bin: Int, count: Int)>) {
      self.entries = entries
      for entry in entries {
        for channel in 0..<3 {
          let value = Box.channel(entry.bin, channel)
          low[channel] = min(low[channel], value)
          high[channel] = max(high[channel], value)
        }
        pixels += entry.count
      }
    }

    static func channel(_ bin: Int, _ channel: Int) -> Int { bin >> (10 - 5 * channel) & 0x1F }

    var canSplit: Bool { entries.count > 1 }
    var longestChannel: Int { (0..<3).max { high[$0] - low[$0] < high[$1] - low[$1] }! }
    var priority: Int { pixels * (high[longestChannel] - low[longestChannel] + 1) }

    /// Halves the pixels along the longest side.
    func split() -> (Box, Box) {
      let channel = longestChannel
      let sorted = entries.sorted { Box.channel($0.bin, channel) < Box.channel($1.bin, channel) }
      var running = 0
      var cut = 1
      for (offset, entry) in sorted.enumerated() {
        running += entry.count
        if running * 2 >= pixels {
          cut = max(1, min(offset + 1, sorted.count - 1))
          break
        }
      }
      let all = Array(sorted)
      return (Box(all[0..<cut]), Box(all[cut...]))
    }

    /// The pixel-weighted mean, each 5-bit bin standing for its centre.
    var meanColor: UInt32 {
      var sums = [0, 0, 0]
      for entry in entries {
        for channel in 0..<3 {
          sums[channel] += (Box.channel(entry.bin, channel) << 3 | 4) * entry.count
        }
      }
      let mean = sums.map { UInt32(min(255, ($0 + pixels / 2) / max(pixels, 1))) }
      return mean[0] << 16 | mean[1] << 8 | mean[2]
    }
  }
}
