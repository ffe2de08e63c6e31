import TransitRender

/// When golden assertions write goldens, set for a whole test run with the
/// environment variable `TRANSIT_RECORD`.
///
/// Every mode that writes a golden also fails the assertion, saying so: a
/// recorded golden is a claim that someone must look at, and no mode passes
/// silently. CI runs with `never`.
///
/// ```sh
/// TRANSIT_RECORD=failed swift test   # rewrite the goldens that differ, then look at them
/// ```
public enum GoldenRecordMode: String, Sendable, CaseIterable {
  /// Write goldens that do not exist yet (and fail); compare the others. The
  /// default.
  case missing
  /// Rewrite every golden (and fail).
  case all
  /// Write missing goldens and rewrite those that differ (and fail).
  case failed
  /// Never write; a missing golden fails.
  case never

  /// The environment variable that selects the mode.
  public static let environmentVariable = "TRANSIT_RECORD"

  /// The mode `TRANSIT_RECORD` selects; ``missing`` when it is unset or
  /// empty.
  ///
  /// - Throws: ``GoldenFailure`` when the variable holds anything else.
  public static func fromEnvironment() throws(GoldenFailure) -> GoldenRecordMode {
    guard let raw = Platform.environment(environmentVariable), !raw.isEmpty else {
      return .missing
    }
    guard let mode = GoldenRecordMode(rawValue: raw) else {
      throw GoldenFailure(
        .configuration,
        "\(environmentVariable)='\(raw)' is not one of "
          + allCases.map(\.rawValue).joined(separator: ", "))
    }
    return mode
  }
}
