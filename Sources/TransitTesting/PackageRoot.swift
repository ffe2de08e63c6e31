import TransitRender

/// Finds the folder that holds `Package.swift`, starting from a source file
/// and walking up, so goldens live at the package root whatever directory
/// the tests run from.
public enum PackageRoot {
  /// The nearest ancestor directory of `filePath` containing `Package.swift`.
  ///
  /// - Throws: ``GoldenFailure`` of kind `configuration` when there is none.
  public static func containing(_ filePath: String) throws(GoldenFailure) -> String {
    var components = filePath.split(separator: "/", omittingEmptySubsequences: false).map(
      String.init)
    while components.count > 1 {
      components.removeLast()
      let directory = components.joined(separator: "/")
      if BinaryFile.exists(directory + "/Package.swift") { return directory }
    }
    throw GoldenFailure(.configuration, "no Package.swift above '\(filePath)'")
  }
}
