#if canImport(Glibc)
  import Glibc
#endif

/// A one-line progress bar on stderr: messages, bytes, rate, and ETA when the size is known.
///
/// Shown only when stderr is a terminal and the input is a file, and not with `--no-progress`,
/// `NO_COLOR` or `TERM=dumb`; redrawn at most ten times a second and erased at the end.
///
/// ```swift
/// let bar = ProgressBar(sink: FileDescriptorSink(fd: 2), totalBytes: 10_000_000)
/// bar.update(messages: 1200, bytes: 65536)
/// bar.finish()
/// ```
public final class ProgressBar {
  private let sink: ByteSink
  private let totalBytes: Int?
  private let started: Double
  private var lastDrawn = 0.0
  private var visible = false

  /// A bar for an input of `totalBytes`, or of unknown size.
  public init(sink: ByteSink, totalBytes: Int?) {
    self.sink = sink
    self.totalBytes = totalBytes
    self.started = ProgressBar.now()
  }

  /// Redraws, unless the last redraw was under 100 ms ago.
  public func update(messages: Int, bytes: Int) {
    let now = ProgressBar.now()
    guard now - lastDrawn >= 0.1 else { return }
    lastDrawn = now
    let elapsed = max(now - started, 0.001)
    let rate = Double(bytes) / elapsed
    var line = "\r\u{1B}[K\(messages) messages  " + ProgressBar.size(bytes)
    if let totalBytes, totalBytes > 0 {
      line += " / " + ProgressBar.size(totalBytes) + " (\(min(100, bytes * 100 / totalBytes))%)"
    }
    line += "  " + ProgressBar.size(Int(rate)) + "/s"
    if let totalBytes, rate > 0, bytes < totalBytes {
      let left = Int(Double(totalBytes - bytes) / rate)
      line += "  ETA \(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60)"
    }
    sink.writeQuietly(line)
    visible = true
  }

  /// Erases the bar, before a diagnostic or at the end.
  public func clear() {
    guard visible else { return }
    sink.writeQuietly("\r\u{1B}[K")
    visible = false
    lastDrawn = 0
  }

  /// Erases the bar for good.
  public func finish() { clear() }

  /// `12.3 MB`, `512 B`.
  static func size(_ bytes: Int) -> String {
    if bytes < 1000 { return "\(bytes) B" }
    let units = ["kB", "MB", "GB", "TB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 1000 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
