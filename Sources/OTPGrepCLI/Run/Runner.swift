/// Why a run stops early; neither is reported as an error.
enum Stop: Error {
  /// stdout was closed (`| head -1`): quiet exit 0.
  case brokenPipe
  /// Ctrl-C: the records written so far are whole; exit 130.
  case interrupted
  /// stdout failed otherwise (a full disk): exit 2.
  case writeFailed(IOError)
}

/// Messages given with `-m`, as a ``MessageSource``; numbered from 1.
struct ArrayMessageSource: MessageSource {
  var texts: [String]
  var line = 0

  mutating func next() throws -> InputMessage? {
    guard line < texts.count else { return nil }
    line += 1
    return InputMessage(text: texts[line - 1], line: line)
  }
}

/// The records of several messages, framed on the main thread and processed on a worker.
struct Batch: Sendable {
  struct Slice: Sendable {
    var start: Int
    var count: Int
    var line: Int
    var truncated: Bool
  }
  var bytes: [UInt8] = []
  var slices: [Slice] = []
}

/// What a worker made of a ``Batch``.
struct BatchOutput: Sendable {
  var records: [UInt8] = []
  var diagnostics: [UInt8] = []
  var tally = Tally()
}

/// One run of otpgrep over its inputs: sequential for streams and small files, on `-j` threads
/// with ordered output for large files.
final class Runner {
  private let config: Configuration
  private let stdin: ByteSource
  private let stderr: ByteSink
  private let output: OutputBuffer
  private let processor: MessageProcessor
  private var tally = Tally()
  private var progress: ProgressBar?
  private var wroteFirstJSONRecord = false
  private var diagnostics: [UInt8] = []

  init(config: Configuration, stdin: ByteSource, stdout: ByteSink, stderr: ByteSink) {
    self.config = config
    self.stdin = stdin
    self.stderr = stderr
    self.output = OutputBuffer(stdout)
    self.processor = MessageProcessor(configuration: config)
  }

  /// Processes every input; returns the exit status.
  func run() -> Int32 {
    do throws(Stop) {
      if config.outputFormat == .json && !config.quiet { output.bytes.append(UInt8(ascii: "[")) }
      if !config.messages.isEmpty {
        var source = ArrayMessageSource(texts: config.messages)
        try run(&source, file: nil, streaming: false)
      }
      let files = config.files.isEmpty && config.messages.isEmpty ? ["-"] : config.files
      for file in files { try run(file: file) }
      if config.outputFormat == .json && !config.quiet {
        output.bytes.append(contentsOf: "\n]\n".utf8)
      }
      try flush(force: true)
    } catch {
      switch error {
      case .brokenPipe: return 0
      case .interrupted:
        try? flush(force: true)
        return 130
      case .writeFailed(let error):
        report("otpgrep: standard output: \(error)\n")
        return 2
      }
    }
    if tally.errors > 0 { return 2 }
    return tally.found > 0 ? 0 : 1
  }

  /// Runs a pull-style reader: the path every `MessageSources` dump reader takes.
  func run(_ source: inout some MessageSource, file: String?, streaming: Bool) throws(Stop) {
    while true {
      let message: InputMessage?
      do {
        message = try source.next()
      } catch let error as IOError where error == .interrupted {
        throw .interrupted
      } catch {
        tally.errors += 1
        report("otpgrep: \(file.map { "\($0): " } ?? "")\(error)\n")
        return
      }
      guard let message else { return }
      process(message, file: file)
      try flush(force: streaming || config.lineBuffered)
      if Interruption.isRequested { throw .interrupted }
    }
  }

  private func run(file: String) throws(Stop) {
    let display = file == "-" ? "<stdin>" : file
    let source: ByteSource
    if file == "-" {
      source = stdin
    } else {
      do {
        source = try FileDescriptorSource(path: file)
      } catch {
        tally.errors += 1
        report("otpgrep: \(file): \(error)\n")
        return
      }
    }
    let format = config.inputFormat(for: file)
    var size: Int?
    if case .file(let bytes) = source.kind { size = bytes }
    if config.progressAllowed && stderr.isTerminal, let size {
      progress = ProgressBar(sink: stderr, totalBytes: size)
    }
    defer {
      progress?.finish()
      progress = nil
    }
    do {
      if let size, config.jobs > 1, size >= config.parallelThreshold, !config.lineBuffered {
        try runParallel(source, format: format, file: display)
      } else {
        try runSequential(source, format: format, file: display, streaming: size == nil)
      }
    } catch let stop as Stop {
      throw stop
    } catch let error as IOError {
      if error == .interrupted { throw .interrupted }
      tally.errors += 1
      report("otpgrep: \(display): \(error)\n")
    } catch {
      tally.errors += 1
      report("otpgrep: \(display): \(error)\n")
    }
    if tally.repairedUTF8 > 0 {
      let count = tally.repairedUTF8
      tally.repairedUTF8 = 0
      report(
        "otpgrep: \(display): warning: \(count) message\(count == 1 ? "" : "s") had invalid UTF-8, "
          + "replaced with U+FFFD\n")
    }
  }

  private func runSequential(
    _ source: ByteSource, format: InputFormat, file: String, streaming: Bool
  ) throws {
    let framer = RecordFramer(delimiter: format.delimiter, maximumBytes: config.maximumMessageBytes)
    let decoder = RecordDecoder(format: format, textField: config.textField)
    var bytesRead = 0
    try framer.run(
      source,
      afterRead: { (n) throws(Stop) in
        bytesRead += n
        try flush(force: streaming)
        progress?.update(messages: tally.messages, bytes: bytesRead)
        if Interruption.isRequested { throw .interrupted }
      },
      each: { (frame) throws(Stop) in
        guard
          let message = decoder.decode(frame.bytes, line: frame.line, truncated: frame.truncated)
        else {
          return
        }
        process(message, file: file)
        try flush(force: config.lineBuffered)
        if Interruption.isRequested { throw .interrupted }
      })
  }

  private func runParallel(_ source: ByteSource, format: InputFormat, file: String) throws {
    let framer = RecordFramer(delimiter: format.delimiter, maximumBytes: config.maximumMessageBytes)
    let decoder = RecordDecoder(format: format, textField: config.textField)
    let processor = self.processor
    let pipeline = OrderedPipeline<BatchOutput>(workers: config.jobs, limit: 2 * config.jobs)
    let deliver = { (result: BatchOutput) throws(Stop) in
      self.appendRecords { $0.append(contentsOf: result.records) }
      if !result.diagnostics.isEmpty { self.report(result.diagnostics) }
      self.tally.add(result.tally)
      try self.flush(force: false)
    }
    var batch = Batch()
    let chunkBytes = config.chunkBytes
    func submit() throws {
      let work = batch
      batch = Batch()
      batch.bytes.reserveCapacity(chunkBytes + 4096)
      try pipeline.submit(
        {
          var result = BatchOutput()
          work.bytes.withUnsafeBytes { raw in
            for slice in work.slices {
              let bytes = UnsafeRawBufferPointer(
                rebasing: raw[slice.start..<slice.start + slice.count])
              guard
                let message = decoder.decode(bytes, line: slice.line, truncated: slice.truncated)
              else {
                continue
              }
              processor.process(
                message, file: file, into: &result.records, diagnostics: &result.diagnostics,
                tally: &result.tally)
            }
          }
          return result
        }, deliver: deliver)
    }
    var bytesRead = 0
    try framer.run(
      source,
      afterRead: { n in
        bytesRead += n
        try pipeline.deliverReady(deliver)
        progress?.update(messages: tally.messages, bytes: bytesRead)
        if Interruption.isRequested { throw Stop.interrupted }
      },
      each: { frame in
        batch.slices.append(
          Batch.Slice(
            start: batch.bytes.count, count: frame.bytes.count, line: frame.line,
            truncated: frame.truncated))
        batch.bytes.append(contentsOf: frame.bytes)
        if batch.bytes.count >= chunkBytes || batch.slices.count >= 16_384 { try submit() }
      })
    if !batch.slices.isEmpty { try submit() }
    try pipeline.finish(deliver)
  }

  private func process(_ message: InputMessage, file: String?) {
    appendRecords { out in
      processor.process(message, file: file, into: &out, diagnostics: &diagnostics, tally: &tally)
    }
    if !diagnostics.isEmpty {
      report(diagnostics)
      diagnostics.removeAll(keepingCapacity: true)
    }
  }

  /// Appends records to the output; drops the comma before the first record of a JSON array.
  private func appendRecords(_ body: (inout [UInt8]) -> Void) {
    let start = output.bytes.count
    body(&output.bytes)
    if config.outputFormat == .json && !wroteFirstJSONRecord && output.bytes.count > start {
      output.bytes.remove(at: start)
      wroteFirstJSONRecord = true
    }
  }

  private func flush(force: Bool) throws(Stop) {
    do {
      try output.recordDone(flush: force)
    } catch {
      switch error {
      case .brokenPipe: throw .brokenPipe
      case .interrupted: throw .interrupted
      case .system: throw .writeFailed(error)
      }
    }
  }

  private func report(_ text: String) {
    progress?.clear()
    stderr.writeQuietly(text)
  }

  private func report(_ bytes: [UInt8]) {
    progress?.clear()
    try? stderr.write(bytes)
  }
}
