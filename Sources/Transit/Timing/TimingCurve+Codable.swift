extension TimingCurve: Codable {
  /// Decodes a curve from its textual form, a single string such as
  /// `"ease-in-out"` or `"steps(4,jump-end)"`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try TimingCurve(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the curve as its textual form, ``description``, a single string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
