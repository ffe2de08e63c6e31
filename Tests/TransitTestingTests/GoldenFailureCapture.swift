import Testing
import TransitTesting

/// The golden failure `body` throws, or `nil` when it passes; any other
/// error is recorded as an issue of the running test.
func goldenFailure(_ body: () throws -> Void) -> GoldenFailure? {
  do {
    try body()
    return nil
  } catch let error as GoldenFailure {
    return error
  } catch {
    Issue.record("unexpected error \(error)")
    return nil
  }
}
