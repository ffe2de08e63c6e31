/// Reads a raw deflate stream (RFC 1951) symbol by symbol, independently of
/// zlib and ISA-L, so that tests can see not only what a stream decodes to
/// but which matches the compressor chose: two streams that decode alike
/// can differ in their matches, and that is what makes their bytes differ.
///
/// Small and slow on purpose: canonical Huffman codes looked up bit by bit,
/// as the RFC describes them.
public enum DeflateTokens {
  /// A back-reference: at output position `position`, copy `length` bytes
  /// from `distance` bytes back.
  public struct Match: Equatable, Sendable, CustomStringConvertible {
    public var position: Int, length: Int, distance: Int
    public var description: String { "\(length)@\(position)-\(distance)" }
  }

  /// Why the bytes are not a valid stream.
  public struct Malformed: Error, CustomStringConvertible {
    public var description: String
  }

  /// The decoded bytes and every match, in order.
  public static func read(_ stream: [UInt8]) throws -> (output: [UInt8], matches: [Match]) {
    var reader = BitReader(bytes: stream)
    var output: [UInt8] = []
    var matches: [Match] = []
    var final = false
    while !final {
      final = try reader.bits(1) == 1
      switch try reader.bits(2) {
      case 0:
        reader.alignToByte()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length ^ complement == 0xFFFF else { throw Malformed(description: "stored length") }
        for _ in 0..<length { output.append(UInt8(try reader.bits(8))) }
      case 1:
        let literals = try Code(
          lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
            + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8))
        try inflate(
          &reader, literals, try Code(lengths: [Int](repeating: 5, count: 30)), &output, &matches)
      case 2:
        let (literals, distances) = try dynamicCodes(&reader)
        try inflate(&reader, literals, distances, &output, &matches)
      default:
        throw Malformed(description: "block type 3")
      }
    }
    return (output, matches)
  }

  private static let lengthBase = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  private static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  private static let distanceBase = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]

  private static func inflate(
    _ reader: inout BitReader, _ literals: Code, _ distances: Code, _ output: inout [UInt8],
    _ matches: inout [Match]
  ) throws {
    while true {
      let symbol = try literals.decode(&reader)
      if symbol < 256 {
        output.append(UInt8(symbol))
      } else if symbol == 256 {
        return
      } else {
        guard symbol - 257 < lengthBase.count else { throw Malformed(description: "length code") }
        let length = lengthBase[symbol - 257] + (try reader.bits(lengthExtra[symbol - 257]))
        let code = try distances.decode(&reader)
        guard code < distanceBase.count else { throw Malformed(description: "distance code") }
        let distance = distanceBase[code] + (try reader.bits(max(0, code / 2 - 1)))
        guard distance <= output.count else {
          throw Malformed(description: "distance \(distance) before the start")
        }
        matches.append(Match(position: output.count, length: length, distance: distance))
        for _ in 0..<length { output.append(output[output.count - distance]) }
      }
    }
  }

  private static func dynamicCodes(_ reader: inout BitReader) throws -> (Code, Code) {
    let literalCount = try reader.bits(5) + 257
    let distanceCount = try reader.bits(5) + 1
    let codeCount = try reader.bits(4) + 4
    let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    var codeLengths = [Int](repeating: 0, count: 19)
    for k in 0..<codeCount { codeLengths[order[k]] = try reader.bits(3) }
    let lengthCode = try Code(lengths: codeLengths)
    var lengths: [Int] = []
    while lengths.count < literalCount + distanceCount {
      let symbol = try lengthCode.decode(&reader)
      switch symbol {
      case 0..<16: lengths.append(symbol)
      case 16:
        guard let last = lengths.last else { throw Malformed(description: "repeat at start") }
        lengths += [Int](repeating: last, count: 3 + (try reader.bits(2)))
      case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
      default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
      }
    }
    return (
      try Code(lengths: Array(lengths[..<literalCount])),
      try Code(lengths: Array(lengths[literalCount..<(literalCount + distanceCount)]))
    )
  }

  /// A canonical Huffman code: (length, code) → symbol.
  private struct Code {
    var symbols: [Int: Int] = [:]

    init(lengths: [Int]) throws {
      var count = [Int](repeating: 0, count: 16)
      for length in lengths where length > 0 { count[length] += 1 }
      var next = [Int](repeating: 0, count: 16)
      var code = 0
      for bits in 1..<16 {
        code = (code + count[bits - 1]) << 1
        next[bits] = code
      }
      for (symbol, length) in lengths.enumerated() where length > 0 {
        symbols[length << 16 | next[length]] = symbol
        next[length] += 1
      }
    }

    func decode(_ reader: inout BitReader) throws -> Int {
      var code = 0
      for length in 1..<16 {
        code = code << 1 | (try reader.bits(1))
        if let symbol = symbols[length << 16 | code] { return symbol }
      }
      throw Malformed(description: "no such Huffman code")
    }
  }

  private struct BitReader {
    let bytes: [UInt8]
    var position = 0

    mutating func bits(_ count: Int) throws -> Int {
      var value = 0
      for k in 0..<count {
        guard position >> 3 < bytes.count else { throw Malformed(description: "cut short") }
        value |= Int(bytes[position >> 3] >> (position & 7) & 1) << k
        position += 1
      }
      return value
    }

    mutating func alignToByte() { position = (position + 7) & ~7 }
  }
}
