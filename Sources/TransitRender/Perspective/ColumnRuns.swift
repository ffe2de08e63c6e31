import CTransitPerspective

/// For every pixel of a picture, how many rows below it the pixel and its
/// right neighbour stay the same: what lets a turn about the vertical axis
/// skip most of its blending.
///
/// A turn about the vertical axis (``ProjectiveMapping``'s per-column rows)
/// reads each destination column from one fixed pair of source columns, at
/// a source row that moves down as the destination rows do. While that
/// pair's two source rows are alike — and in a drawn view they are, for
/// tens of rows at a time: a cell's background, a bar, the gaps between
/// lines of text — the bilinear blend gives the same pixel whatever the
/// weight between the rows, so a column that has blended it once knows its
/// pixel until its source row leaves the run. The runs are found once per
/// picture, in one pass from the bottom row up (`transit_column_runs`), and
/// kept with it for every frame that maps it (``OffscreenPictures``).
///
/// One byte per pixel (a run longer than 255 rows counts as 255: a column
/// learns it again further down), in rows as far apart (in entries) as the
/// picture's rows are in pixels, so one offset serves both.
///
/// Renderers on several threads may map the same kept picture at once:
/// the first to need its runs works them out while the others wait for
/// them (its ``Monitor``), so they are worked out once. (Unchecked
/// `Sendable`: the state is read and written only under the lock, and the
/// memory it names is written only there and read once current, until the
/// picture is drawn again — which happens only when no renderer holds it,
/// ``OffscreenPictures``.)
final class ColumnRuns: @unchecked Sendable {
  private let monitor = Monitor()
  private var runs: UnsafeMutablePointer<UInt8>?
  private var capacity: Int
  private var isCurrent = false

  /// Runs for pictures of up to `capacity` pixels without moving to new
  /// memory (a kept picture's own capacity: fresh memory costs a page fault
  /// per 4 KiB on first use).
  init(capacity: Int = 0) { self.capacity = capacity }

  deinit { runs?.deallocate() }

  /// Forgets the runs worked out so far: the picture's pixels changed.
  func invalidate() { monitor.withLock { isCurrent = false } }

  /// The runs of `picture`'s pixels, worked out now unless they are
  /// already current (the memory is kept for the next picture).
  func table(for picture: ProjectiveMapping.Block<UnsafeRawPointer>) -> UnsafePointer<UInt8> {
    monitor.withLock {
      let stride = picture.rowStride / 4
      let count = stride * picture.height
      if isCurrent, let runs { return UnsafePointer(runs) }
      if runs == nil || count > capacity {
        runs?.deallocate()
        capacity = max(capacity, count)
        runs = .allocate(capacity: capacity)
      }
      let table = runs!
      transit_column_runs(
        picture.start.assumingMemoryBound(to: UInt32.self), stride, picture.width,
        picture.height, table)
      isCurrent = true
      return UnsafePointer(table)
    }
  }
}
