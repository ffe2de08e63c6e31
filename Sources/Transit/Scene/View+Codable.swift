extension View {
  private enum CodingKeys: String, CodingKey {
    case id, frame, alpha, transform, backgroundColor, cornerRadius, cornerRadii, border
    case clipsToBounds, isHidden, content, text, children, shadow, contentMode, imagePlacement
    case matchKey
  }

  /// Decodes a view. The keys of views encoded before corners, shadows and
  /// content modes could differ, or match keys existed, are read as before: a uniform
  /// `cornerRadius` (or per-corner `cornerRadii`), and, when absent, no
  /// shadow and aspect-fill (or the `contentMode` or mid-way
  /// `imagePlacement` written); without `matchKey`, the view has none.
  ///
  /// - Throws: `DecodingError` for a missing key or a value of the wrong
  ///   type. Decoding does not validate; bind or call ``Scene/validate()``.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try c.decode(String.self, forKey: .id),
      frame: try c.decode(Rect.self, forKey: .frame),
      alpha: try c.decode(Double.self, forKey: .alpha),
      transform: try c.decode(Transform3D.self, forKey: .transform),
      backgroundColor: try c.decode(Color.self, forKey: .backgroundColor),
      border: try c.decode(Border.self, forKey: .border),
      clipsToBounds: try c.decode(Bool.self, forKey: .clipsToBounds),
      isHidden: try c.decode(Bool.self, forKey: .isHidden),
      content: try c.decodeIfPresent(ImageContent.self, forKey: .content),
      text: try c.decodeIfPresent(TextContent.self, forKey: .text),
      children: try c.decode([View].self, forKey: .children),
      shadow: try c.decodeIfPresent(Shadow.self, forKey: .shadow) ?? .none,
      matchKey: try c.decodeIfPresent(String.self, forKey: .matchKey))
    if let radii = try c.decodeIfPresent(CornerRadii.self, forKey: .cornerRadii) {
      cornerRadii = radii
    } else {
      cornerRadius = try c.decode(Double.self, forKey: .cornerRadius)
    }
    if let placement = try c.decodeIfPresent(ImagePlacement.self, forKey: .imagePlacement) {
      imagePlacement = placement
    } else if let mode = try c.decodeIfPresent(ContentMode.self, forKey: .contentMode) {
      imagePlacement = ImagePlacement(mode)
    }
  }

  /// Encodes a view: corners as one `cornerRadius` when all four are alike,
  /// `cornerRadii` otherwise; the image's place as its `contentMode` when
  /// settled, `imagePlacement` mid-way.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(id, forKey: .id)
    try c.encode(frame, forKey: .frame)
    try c.encode(alpha, forKey: .alpha)
    try c.encode(transform, forKey: .transform)
    try c.encode(backgroundColor, forKey: .backgroundColor)
    if cornerRadii.isUniform {
      try c.encode(cornerRadius, forKey: .cornerRadius)
    } else {
      try c.encode(cornerRadii, forKey: .cornerRadii)
    }
    try c.encode(border, forKey: .border)
    try c.encode(clipsToBounds, forKey: .clipsToBounds)
    try c.encode(isHidden, forKey: .isHidden)
    try c.encodeIfPresent(content, forKey: .content)
    try c.encodeIfPresent(text, forKey: .text)
    try c.encode(children, forKey: .children)
    try c.encode(shadow, forKey: .shadow)
    if let mode = imagePlacement.mode {
      try c.encode(mode, forKey: .contentMode)
    } else {
      try c.encode(imagePlacement, forKey: .imagePlacement)
    }
    try c.encodeIfPresent(matchKey, forKey: .matchKey)
  }
}
