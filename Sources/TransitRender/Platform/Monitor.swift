#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A lock with a condition to wait on: what lets one thread wait, without
/// spinning, until another has finished something the lock guards.
///
/// The standard library's `Mutex` has no condition, so ``OffscreenPictures``
/// — where a renderer that needs a picture another one is drawing waits
/// for it instead of drawing it a second time — uses this pair of POSIX
/// objects, and ``ColumnRuns`` the lock alone (its state holds pointers,
/// which `Mutex`'s checks of what crosses threads refuse). Like
/// ``Platform``, it is a file of the Platform folder, which alone calls the
/// C library.
///
/// The state a monitor guards is read and written only inside
/// ``withLock(_:)``; ``wait()`` and ``broadcast()`` are called only there.
final class Monitor: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    // Default attributes: neither can fail but for lack of memory, which
    // the allocation above has already survived.
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Inside ``withLock(_:)``: lets the lock go until another thread calls
  /// ``broadcast()`` (or the system wakes this one early, which POSIX
  /// allows), then takes it again. So a caller waits in a loop that checks
  /// what it is waiting for.
  func wait() { pthread_cond_wait(condition, mutex) }

  /// Inside ``withLock(_:)``: wakes every thread in ``wait()``.
  func broadcast() { pthread_cond_broadcast(condition) }
}
