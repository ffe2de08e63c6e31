/// How a sheet is presented: the detents it may rest at, the one it
/// starts at, and up to which detent the screen below stays undimmed.
///
/// ```swift
/// let sheet = SheetConfiguration(detents: [.medium, .large], detent: .medium,
///                                largestUndimmedDetent: .medium)
/// container.present(filters, sheet: sheet)
/// ```
public struct SheetConfiguration: Hashable, Sendable {
  /// The heights the sheet may rest at; the sheet keeps them ordered by
  /// their height at the current bounds.
  public var detents: [SheetDetent]
  /// The detent it is presented at: one of ``detents``.
  public var detent: SheetDetent
  /// The largest detent at which the screen below is not dimmed (UIKit's
  /// `largestUndimmedDetentIdentifier`); `nil` dims at every detent.
  public var largestUndimmedDetent: SheetDetent?
  /// Seconds the sheet takes to slide up, move between detents or slide away.
  public var duration: Double

  /// The alpha of the dimming layer once it is fully dimmed.
  public static let dimmingAlpha = 0.4
  /// The corner radius of the sheet's top corners and of the presenting
  /// screen when fully scaled back.
  public static let cornerRadius = 10.0
  /// The scale of the presenting screen behind a large sheet.
  public static let scaleBack = 0.92

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - detents: the heights the sheet may rest at; at least one.
  ///   - detent: the one it starts at; the first of `detents` when `nil`.
  ///   - largestUndimmedDetent: the largest detent that leaves the screen
  ///     below undimmed; `nil` dims at every detent.
  ///   - duration: seconds each move takes (0.35 by default).
  public init(
    detents: [SheetDetent] = [.large], detent: SheetDetent? = nil,
    largestUndimmedDetent: SheetDetent? = nil, duration: Double = 0.35
  ) {
    self.detents = detents
    self.detent = detent ?? detents.first ?? .large
    self.largestUndimmedDetent = largestUndimmedDetent
    self.duration = duration
  }

  /// Checks the numbers: at least one detent, all finite and not negative,
  /// the starting one among them, a finite duration not negative.
  func validate() throws(TransitError) {
    guard !detents.isEmpty else {
      throw TransitError(.invalidValue, "a sheet needs at least one detent")
    }
    guard detents.allSatisfy(\.isValid), largestUndimmedDetent?.isValid ?? true else {
      throw TransitError.notFiniteOrNegative("a sheet's detents", got: "\(detents)")
    }
    guard detents.contains(detent) else {
      throw TransitError.detentNotOffered(detent, detents: detents)
    }
    guard duration.isFinite, duration >= 0 else {
      throw TransitError.notFiniteOrNegative("a sheet's duration", got: "\(duration)")
    }
  }

  /// The detents' heights at `size`, smallest first.
  func heights(in size: Size) -> [Double] {
    detents.map { $0.height(in: size) }.sorted()
  }

  /// How dimmed the screen below is with the sheet `height` high, 0…1:
  /// 0 at or below the largest undimmed detent (or the bottom edge when
  /// there is none), growing linearly to 1 at the smallest detent above it,
  /// 1 above that.
  func dimming(height: Double, in size: Size) -> Double {
    let floor = largestUndimmedDetent?.height(in: size) ?? 0
    let above = heights(in: size).first { $0 > floor } ?? SheetDetent.largeHeight(in: size)
    guard above > floor else { return height > floor ? 1 : 0 }
    return min(max((height - floor) / (above - floor), 0), 1)
  }

  /// How far the presenting screen is scaled back with the sheet `height`
  /// high, 0…1: 0 at or below the largest detent under the large height
  /// (half the height when there is none), growing linearly to 1 at the
  /// large height.
  func scaleBack(height: Double, in size: Size) -> Double {
    let large = SheetDetent.largeHeight(in: size)
    let below = heights(in: size).last { $0 < large } ?? size.height / 2
    guard large > below else { return height >= large ? 1 : 0 }
    return min(max((height - below) / (large - below), 0), 1)
  }
}
