import MessageSources
import OneTimeCode
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Why a run stops early; neither is reported as an error.
enum Stop: Error {
  /// stdout was closed (`| head -1`): quiet exit 0.
  case brokenPipe
  /// Ctrl-C: the records written so far are whole; exit 130.
  case interrupted
  /// `-q` found a code: like `grep -q`, stop at once with status 0.
  case foundQuietly
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
  /// An empty buffer, with the capacity an earlier batch's records grew to, for this one's.
  var records: [UInt8] = []
}

/// The ``Batch`` the reading thread is filling, shared by the closures that fill and submit it,
/// and the buffers of delivered batches, kept to fill the next ones. Only that thread touches
/// it.
final class FillingBatch {
  @exclusivity(unchecked) var batch = Batch()
  @exclusivity(unchecked) var spare: [(bytes: [UInt8], slices: [Batch.Slice], records: [UInt8])] =
    []
  /// The frames read but not yet copied into ``batch``'s bytes: one run of the framer's
  /// buffer, from `runStart` for `runCount` bytes (the delimiters between its frames
  /// included), copied at once when a frame does not follow it or before the framer's buffer
  /// changes, so that a line costs no call of its own to copy.
  @exclusivity(unchecked) var runStart: UnsafeRawPointer? = nil
  @exclusivity(unchecked) var runCount = 0

  /// The batch's bytes so far, the run not yet copied included.
  var byteCount: Int { batch.bytes.count + runCount }

  /// Copies the run into the batch's bytes.
  func flush() {
    guard let start = runStart else { return }
    batch.bytes.append(contentsOf: UnsafeRawBufferPointer(start: start, count: runCount))
    runStart = nil
    runCount = 0
  }

  /// Adds `bytes`, a frame `delimiter` bytes past the run's end or not, and returns where
  /// they will start in the batch's bytes.
  @inline(__always) func add(_ bytes: UnsafeRawBufferPointer, delimiter: Int) -> Int {
    if let start = runStart, let base = bytes.baseAddress, base == start + runCount + delimiter {
      let at = batch.bytes.count + runCount + delimiter
      runCount += delimiter + bytes.count
      return at
    }
    flush()
    runStart = bytes.baseAddress
    runCount = bytes.count
    return batch.bytes.count
  }
}

/// The record buffers of a parallel run of windows: a job takes one when it starts writing
/// records and gives it back once they are written to standard output, so that as many exist
/// as jobs are writing or waiting to be written (at most the jobs in flight), and each is
/// filled again without an allocation or a page the kernel has to hand out anew.
final class RecordBuffers: @unchecked Sendable {
  // `@unchecked`: `free` and `made` are read and written only under `mutex`.
  private var free: [[UInt8]] = []
  private var made = 0
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let bytes: Int

  /// A pool of buffers of `bytes` bytes to start with.
  init(bytes: Int) {
    self.bytes = bytes
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The buffers the pool has had to allocate: as many as were ever taken at once, when
  /// every buffer given back is referenced only by the pool (a buffer referenced twice is
  /// copied by the job that empties it, a new allocation each time).
  var allocations: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return made
  }

  /// An empty buffer: one given back, or a new one.
  func take() -> [UInt8] {
    pthread_mutex_lock(mutex)
    var buffer = free.popLast() ?? []
    pthread_mutex_unlock(mutex)
    let start = buffer.withUnsafeBufferPointer { $0.baseAddress }
    buffer.removeAll(keepingCapacity: true)
    if buffer.capacity == 0 { buffer.reserveCapacity(bytes) }
    if buffer.withUnsafeBufferPointer({ $0.baseAddress }) != start {
      pthread_mutex_lock(mutex)
      made += 1
      pthread_mutex_unlock(mutex)
    }
    return buffer
  }

  /// Takes `buffer` back, leaving it empty without its memory, unless a long line grew it
  /// past what ordinary jobs need. The pool's reference is its only one once this returns:
  /// the caller's is moved into it.
  func give(_ buffer: inout [UInt8]) {
    var taken: [UInt8] = []
    swap(&taken, &buffer)
    guard taken.capacity <= 8 * bytes else { return }
    pthread_mutex_lock(mutex)
    free.append(consume taken)
    pthread_mutex_unlock(mutex)
  }
}

/// The reading thread's state in a parallel run of windows
/// (``Runner/runParallelWindows(_:format:file:streaming:)``): which windows are in flight and
/// the one being filled. Only that thread touches it.
final class ParallelWindows {
  @exclusivity(unchecked) var busy: [Bool]
  @exclusivity(unchecked) var filling = 0
  /// The window at `filling`, unretained: the run's array keeps every window alive, and a
  /// window read from it (or from a strong or `unowned(unsafe)` property) for each line
  /// framed was retained and released, two atomic operations a line.
  @exclusivity(unchecked) var current: Unmanaged<LineWindow>
  /// The lines after which the window being filled goes to the jobs before it is full: few
  /// for the run's first, so that the other threads start at once rather than wait for a
  /// whole read to be framed and sorted; then none.
  @exclusivity(unchecked) var early = Runner.firstWindowLines

  /// The state of a run of `windows` (at least one), filling the first.
  init(_ windows: [LineWindow]) {
    busy = Array(repeating: false, count: windows.count)
    current = Unmanaged.passUnretained(windows[0])
  }
}

/// A batch handed to its worker in a box, so that the worker can move its buffers out (one
/// the closure still held would be copied on the worker's first write) and empty it when done:
/// a ``Batch`` of lines, or a dump's messages (with its errors that are records).
final class Submitted<Work>: @unchecked Sendable {
  var work: Work
  init(_ work: Work) { self.work = work }
}

/// What a worker made of a ``Batch``, with the batch's buffers to be used again.
struct BatchOutput: Sendable {
  var records: [UInt8] = []
  var diagnostics: [UInt8] = []
  var tally = Tally()
  /// The batch's input bytes and their slices, no longer needed.
  var bytes: [UInt8] = []
  var slices: [Batch.Slice] = []
  /// Why standard output failed, if it failed writing this batch's records or earlier ones.
  var writeError: IOError?
  /// The window of lines (its place among the run's) that is free once this is delivered:
  /// this wrote its last records. -1 for none.
  var window = -1
}

/// Writes a parallel run's records to standard output, batch after batch in order, from the
/// worker that publishes them (see ``OrderedPipeline``): the records go to the kernel from the
/// core that wrote them, and the reading thread no longer copies them into its buffer.
final class ParallelWriter: @unchecked Sendable {
  private struct State {
    /// Whether the next record opens a JSON array (its leading comma goes).
    var dropsComma: Bool
    var failure: IOError?
    var closed = false
  }
  private let sink: ByteSink
  private let state: Mutex<State>

  init(_ sink: ByteSink, dropsComma: Bool) {
    self.sink = sink
    self.state = Mutex(State(dropsComma: dropsComma))
  }

  /// Whether no record has been written yet where one would open a JSON array.
  var dropsComma: Bool { state.withLock { $0.dropsComma } }

  /// Writes `output`'s records unless an earlier write failed or the run has stopped; notes in
  /// `output` the failure, if any, for the reading thread.
  func write(_ output: inout BatchOutput) {
    output.writeError = state.withLock { state in
      if state.failure == nil && !state.closed && !output.records.isEmpty {
        let skip = state.dropsComma ? 1 : 0
        state.dropsComma = false
        output.records.withUnsafeBytes { raw in
          do throws(IOError) {
            try sink.write(UnsafeRawBufferPointer(rebasing: raw[skip...]))
          } catch {
            state.failure = error
          }
        }
      }
      return state.failure
    }
  }

  /// Stops the writes: once it returns, no worker writes to the sink again.
  func close() {
    state.withLock { $0.closed = true }
  }
}

/// One run of otpgrep over its inputs: on `-j` threads with ordered output for large files and
/// pipes; sequential for small files, followed files, `--line-buffered` runs and dumps.
final class Runner {
  private let config: Configuration
  private let stdin: ByteSource
  private let stdout: ByteSink
  private let stderr: ByteSink
  private let output: OutputBuffer
  private let processor: MessageProcessor
  // Touched for every message, and only ever from the thread that runs the Runner (workers
  // fill their own batch outputs): the dynamic exclusivity check would cost more than the
  // work around it.
  @exclusivity(unchecked) private var tally = Tally()
  private var progress: ProgressBar?
  private var wroteFirstJSONRecord = false
  @exclusivity(unchecked) private var diagnostics: [UInt8] = []
  /// The file of the records being written, its JSON escaped once (see `RecordFile`).
  @exclusivity(unchecked) private var recordFile = RecordFile(nil)
  /// The extractor's memory, kept from one message to the next on this thread.
  @exclusivity(unchecked) private var workspace: ExtractionWorkspace
  /// The workers' extractor memory, kept from one batch to the next.
  private let workspaces: WorkspacePool

  init(config: Configuration, stdin: ByteSource, stdout: ByteSink, stderr: ByteSink) {
    self.config = config
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
    self.output = OutputBuffer(stdout)
    self.processor = MessageProcessor(configuration: config)
    // One template memo for every thread (about 300 bytes a template).
    let memo = TemplateMemo(templates: Runner.memoTemplates)
    self.workspace = ExtractionWorkspace(sharing: memo)
    self.workspaces = WorkspacePool(sharing: memo)
  }

  /// The templates the run's memo holds, whatever the number of threads.
  static let memoTemplates = 24576

  /// Processes every input; returns the exit status.
  func run() -> Int32 {
    do throws(Stop) {
      if config.outputFormat == .json && !config.quiet { output.bytes.append(UInt8(ascii: "[")) }
      if !config.messages.isEmpty {
        if !config.filter.isEmpty {
          report(
            "otpgrep: warning: -m messages have no date or sender: "
              + "--since, --until and --sender let none of them pass\n")
        }
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
      case .brokenPipe, .foundQuietly: return 0
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
    if let dump = config.inputFormat?.dumpFormat {
      try runDump(dump, path: file == "-" ? "/dev/stdin" : file, display: display)
      return
    }
    let source: ByteSource
    var format = config.inputFormat(for: file)
    if file == "-" {
      source = stdin
    } else {
      do {
        if config.follow {
          source = try FollowedFileSource(path: file, pollMilliseconds: config.pollMilliseconds)
        } else {
          source = try FileDescriptorSource(path: file)
        }
      } catch {
        tally.errors += 1
        report("otpgrep: \(file): \(error)\n")
        return
      }
      // Regular files are recognized by their content; pipes are never read ahead.
      if let fd = Runner.regularFileDescriptor(source) {
        do throws(SourceError) {
          format = try config.inputFormat(for: file, prefix: Runner.prefix(of: fd))
        } catch {
          tally.errors += 1
          report("otpgrep: \(error)\n")
          return
        }
        if let dump = format.dumpFormat {
          try runDump(dump, path: file, display: display)
          return
        }
      }
    }
    if !config.filter.isEmpty && !format.hasDatesAndSenders {
      report(
        "otpgrep: \(display): warning: --since, --until and --sender need dates and senders, "
          + "which \(format.rawValue) input lacks: no message passes\n")
    }
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
      // A pipe is split across threads too: its reads are batched while they come in full
      // and more is waiting; what a read brings is answered before a read that would wait
      // (a slow writer, a terminal).
      // A followed file starts again when it is replaced, which the sequential run handles.
      if config.jobs > 1, !config.lineBuffered, !(source is FollowedFileSource),
        size.map({ $0 >= config.parallelThreshold }) ?? true
      {
        if findsAhead(format) {
          try runParallelWindows(source, format: format, file: display, streaming: size == nil)
        } else {
          try runParallel(source, format: format, file: display, streaming: size == nil)
        }
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
    let decoder = RecordDecoder(format: format, textField: config.textField)
    // Lines whose codes are found a read at a time, in an order of their own (`LineWindow`),
    // are read in larger pieces: the more lines a read brings, the more of a template's
    // come together.
    let window =
      findsAhead(format)
      ? LineWindow(
        capacity: config.windowLines, sorter: LineWindow.Sorter(capacity: config.windowLines))
      : nil
    let framer = RecordFramer(
      delimiter: format.delimiter, maximumBytes: config.maximumMessageBytes,
      readSize: window == nil ? RecordFramer.readSize : config.windowBytes)
    var bytesRead = 0
    let followed = source as? FollowedFileSource
    while true {
      if let window {
        try runWindows(
          framer, decoder, window, source, file: file, streaming: streaming,
          bytesRead: &bytesRead)
      } else {
        try runFramer(
          framer, decoder, source, file: file, streaming: streaming, bytesRead: &bytesRead)
      }
      guard let followed, let reason = followed.restartReason else { return }
      _ = followed.takeRestart()
      report("otpgrep: \(file): \(reason); reading it from the start\n")
    }
  }

  private func runFramer(
    _ framer: RecordFramer, _ decoder: RecordDecoder, _ source: ByteSource, file: String,
    streaming: Bool, bytesRead: inout Int
  ) throws {
    // One message reused from record to record (``RecordDecoder/decode(_:line:truncated:into:)``).
    var message = InputMessage(text: "")
    // The file's JSON held here, where every record borrows it: read from the stored
    // property, it was copied for each record (three references retained and released).
    let recordFile = RecordFile(file)
    try framer.run(
      source,
      afterRead: { (n) throws(Stop) in
        // The framer's buffer changes with the next read.
        workspace.forgetNext()
        bytesRead += n
        try flush(force: streaming)
        progress?.update(messages: tally.messages, bytes: bytesRead)
        if Interruption.isRequested { throw .interrupted }
      },
      each: { (frame) throws(Stop) in
        if let text = decoder.text(
          frame.bytes, line: frame.line, truncated: frame.truncated, into: &message)
        {
          // The next line, when it is whole in the framer's buffer: its memo key is made while
          // this one is analysed.
          workspace.next = frame.next.map { $0.assumingMemoryBound(to: UInt8.self) }
          process(message, utf8: text, file: recordFile)
        } else {
          guard
            decoder.decode(
              frame.bytes, line: frame.line, truncated: frame.truncated, into: &message)
          else {
            return
          }
          process(message, file: recordFile)
        }
        try flush(force: config.lineBuffered)
        if Interruption.isRequested { throw .interrupted }
      })
  }

  /// ``runFramer(_:_:_:file:streaming:bytesRead:)`` for lines whose codes are found ahead of
  /// their records: each read's lines go into `window`, their codes are found in the
  /// window's order (``LineWindow/sort()``), and their records are then written in input
  /// order, before the next read and before a streaming source's records are flushed.
  private func runWindows(
    _ framer: RecordFramer, _ decoder: RecordDecoder, _ window: LineWindow,
    _ source: ByteSource, file: String, streaming: Bool, bytesRead: inout Int
  ) throws {
    let recordFile = RecordFile(file)
    defer { window.clear() }
    try framer.run(
      source,
      afterRead: { (n) throws(Stop) in
        // The framer's buffer changes with the next read.
        try finishWindow(window, recordFile)
        bytesRead += n
        try flush(force: streaming)
        progress?.update(messages: tally.messages, bytes: bytesRead)
        if Interruption.isRequested { throw .interrupted }
      },
      each: { (frame) throws(Stop) in
        // Lines and NUL-delimited records always have their text in place.
        let text = decoder.text(frame.bytes)!
        window.append(text, line: frame.line, cut: frame.truncated)
        if window.isFull { try finishWindow(window, recordFile) }
      })
    // The last line, without a delimiter, came after the last read.
    try finishWindow(window, recordFile)
  }

  /// Finds the codes of `window`'s lines in its order, then writes their records in input
  /// order, and empties it.
  private func finishWindow(_ window: LineWindow, _ recordFile: RecordFile) throws(Stop) {
    let count = window.count
    guard count > 0 else { return }
    defer { window.clear() }
    window.sort()
    // In pieces, so that Ctrl-C is seen and the output buffer stays small.
    for start in stride(from: 0, to: count, by: 4096) {
      window.findCodes(
        at: start..<min(count, start + 4096), with: processor, reusing: &workspace)
      if Interruption.isRequested { throw .interrupted }
    }
    for start in stride(from: 0, to: count, by: Runner.recordJobLines) {
      appendRecords { out in
        window.writeRecords(
          start..<min(count, start + Runner.recordJobLines), with: processor, file: recordFile,
          into: &out, diagnostics: &diagnostics, tally: &tally, reusing: &workspace)
      }
      reportDiagnostics()
      try flush(force: false)
      if Interruption.isRequested { throw .interrupted }
    }
  }

  /// Whether the lines of `format` have their codes found ahead of their records, a window at
  /// a time (``LineWindow``): lines and NUL-delimited records, unless a record must go out as
  /// soon as its line is read (`--line-buffered`) or the processor says otherwise.
  private func findsAhead(_ format: InputFormat) -> Bool {
    format != .jsonLines && processor.findsAhead && !config.lineBuffered
  }

  /// Reads a dump through its `MessageSources` reader: a record for each message, and for each
  /// error about one record (line or row); other errors only on stderr. With `--follow`, a
  /// database is polled for rows with larger ids until Ctrl-C.
  private func runDump(_ format: DumpFormat, path: String, display: String) throws(Stop) {
    if path == "/dev/stdin" && (format == .android || format == .apple) {
      tally.errors += 1
      report("otpgrep: <stdin>: --input \(format.rawValue) reads a database file, not stdin\n")
      return
    }
    var options = ReaderOptions()
    if config.textFieldGiven { options.textColumn = config.textField }
    let reader: any MessageReader
    do {
      reader = try format.makeReader(path: path, options: options)
    } catch {
      tally.errors += 1
      report("otpgrep: \(Runner.describe(error, display: display))\n")
      return
    }
    let database = config.follow ? reader as? MessageDatabaseReader : nil
    if config.follow && database == nil {
      report(
        "otpgrep: \(display): warning: an \(format.rawValue) dump is read once, not followed\n")
    }
    if database == nil && config.jobs > 1 && !config.lineBuffered {
      do {
        try runDumpParallel(reader, display: display)
      } catch let stop as Stop {
        throw stop
      } catch {
        // Only the delivery of results throws, and only a `Stop`.
        preconditionFailure("a parallel dump stopped on \(error)")
      }
      return
    }
    var lastProblem: String?
    while true {
      while let result = reader.next() {
        switch result {
        case .success(let message):
          process(capped(InputMessage(message)), file: display)
        case .failure(let error):
          if let message = InputMessage(error) {
            process(message, file: display)
          } else {
            // A database error while following may repeat on every poll: say it once.
            let problem = Runner.describe(error, display: display)
            if problem != lastProblem {
              tally.errors += 1
              report("otpgrep: \(problem)\n")
            }
            lastProblem = problem
          }
        }
        try flush(force: config.lineBuffered || database != nil)
        if Interruption.isRequested { throw .interrupted }
      }
      guard let database else { return }
      try flush(force: true)
      var pause = timespec(
        tv_sec: config.pollMilliseconds / 1000,
        tv_nsec: (config.pollMilliseconds % 1000) * 1_000_000)
      var rest = timespec()
      _ = nanosleep(&pause, &rest)
      if Interruption.isRequested { throw .interrupted }
      database.pollForNewRows()
    }
  }

  /// The writer and the pipeline of a run split across threads, once what is buffered has gone
  /// out (the workers write the rest, in order). ``closeParallelOutput(_:)`` ends the run.
  private func parallelOutput(jobsInFlight: Int? = nil, buffers: RecordBuffers? = nil) throws(Stop)
    -> (ParallelWriter, OrderedPipeline<BatchOutput>)
  {
    try flush(force: true)
    let writer = ParallelWriter(
      stdout, dropsComma: config.outputFormat == .json && !wroteFirstJSONRecord)
    let pipeline = OrderedPipeline<BatchOutput>(
      workers: config.jobs, limit: jobsInFlight ?? 2 * config.jobs, submitterWorks: true,
      publish: { output in
        writer.write(&output)
        buffers?.give(&output.records)
      })
    return (writer, pipeline)
  }

  /// Closes a parallel run's writer; a JSON array's next record then takes its comma.
  private func closeParallelOutput(_ writer: ParallelWriter) {
    writer.close()
    if config.outputFormat == .json && !writer.dropsComma { wroteFirstJSONRecord = true }
  }

  /// Takes a finished batch on the reading thread, in order: its write error, its warnings
  /// (to stderr) and its counts, and the `--quiet` stop once a code is found.
  private func take(_ result: BatchOutput) throws(Stop) {
    if let error = result.writeError { throw Runner.stop(error) }
    if !result.diagnostics.isEmpty { report(result.diagnostics) }
    tally.add(result.tally)
    if config.quiet && tally.found > 0 { throw Stop.foundQuietly }
  }

  /// ``runDump(_:path:display:)`` with the extraction split across threads: the reading thread
  /// parses the dump and hands its messages on in batches, which the workers turn into records
  /// and write in order, as ``runParallel(_:format:file:streaming:)`` does with lines. A reader
  /// error that is no message's record is reported once every record before it is written.
  private func runDumpParallel(_ reader: any MessageReader, display: String) throws {
    let processor = self.processor
    let workspaces = self.workspaces
    let recordFile = RecordFile(display)
    let limit = config.maximumMessageBytes
    let (writer, pipeline) = try parallelOutput()
    defer { closeParallelOutput(writer) }
    let batchBytes = Runner.batchBytes(jobs: config.jobs, largest: config.chunkBytes)
    let deliver = { (result: BatchOutput) throws(Stop) in try self.take(result) }
    var pending: [Result<Message, SourceError>] = []
    var pendingBytes = 0
    func submit() throws {
      let batch = Submitted(pending)
      pending = []
      pendingBytes = 0
      try pipeline.submit(
        {
          var result = BatchOutput()
          let box = workspaces.take()
          defer { workspaces.give(box) }
          for item in batch.work {
            let message: InputMessage
            switch item {
            case .success(let read): message = Runner.capped(InputMessage(read), limit: limit)
            case .failure(let error):
              // Only the errors that are a record's (the reading thread keeps the others).
              guard let record = InputMessage(error) else { continue }
              message = record
            }
            processor.process(
              message, file: recordFile, into: &result.records,
              diagnostics: &result.diagnostics, tally: &result.tally, reusing: &box.workspace)
          }
          batch.work = []
          return result
        }, deliver: deliver)
    }
    while let item = reader.next() {
      switch item {
      case .success(let message):
        pendingBytes += message.text.utf8.count + 64
        pending.append(item)
      case .failure(let error):
        if InputMessage(error) != nil {
          pendingBytes += 64
          pending.append(item)
        } else {
          // After every record before it, as a sequential run reports it.
          if !pending.isEmpty { try submit() }
          try pipeline.finish(deliver)
          tally.errors += 1
          report("otpgrep: \(Runner.describe(error, display: display))\n")
        }
      }
      // A batch holds the bytes of a line batch (each message counted with 64 bytes of its
      // own), and at most 4,096 messages, so that short ones still come in bounded batches.
      if pendingBytes >= batchBytes || pending.count >= 4096 { try submit() }
      if Interruption.isRequested { throw Stop.interrupted }
    }
    if !pending.isEmpty { try submit() }
    try pipeline.finish(deliver)
  }

  /// The message cut at `--max-message-bytes` (at a character boundary), flagged as cut.
  private func capped(_ message: InputMessage) -> InputMessage {
    Runner.capped(message, limit: config.maximumMessageBytes)
  }

  /// ``capped(_:)`` with the cap given, for the worker threads.
  static func capped(_ message: InputMessage, limit: Int) -> InputMessage {
    guard message.text.utf8.count > limit else { return message }
    var message = message
    var text = message.text
    message.text = text.withUTF8 { bytes in
      let cut = RecordFramer.characterBoundary(bytes.baseAddress!, limit)
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<cut]), as: UTF8.self)
    }
    message.truncated = true
    return message
  }

  /// A reader error as `FILE: what`, with `/dev/stdin` shown as the `<stdin>` the records name.
  static func describe(_ error: SourceError, display: String) -> String {
    let text = error.description
    guard display == "<stdin>", text.hasPrefix("/dev/stdin") else { return text }
    return display + text.dropFirst("/dev/stdin".count)
  }

  /// The descriptor of a regular file source, which may be read ahead without losing input.
  static func regularFileDescriptor(_ source: ByteSource) -> Int32? {
    if let followed = source as? FollowedFileSource { return followed.fd }
    if let file = source as? FileDescriptorSource, case .file = file.kind { return file.fd }
    return nil
  }

  /// The first bytes of an open file, read with `pread` so the file offset stays at 0.
  static func prefix(of fd: Int32) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: DumpFormat.prefixLength)
    let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    return Array(bytes.prefix(max(0, n)))
  }

  /// The input bytes that may be in flight across all threads in a parallel run (their
  /// records, some three times as large, wait with them): 512 KiB, four 128 KiB batches for
  /// two threads, sixteen of 32 KiB for eight.
  static let parallelBudget = 1 << 19
  /// The smallest batch, however many threads there are (a smaller `chunkBytes` still wins).
  static let smallestChunk = 1 << 14

  /// The bytes of one batch for `jobs` threads: the budget shared by the `2 × jobs` batches
  /// in flight, at least `smallestChunk`, at most `largest`.
  static func batchBytes(jobs: Int, largest: Int) -> Int {
    min(largest, max(smallestChunk, parallelBudget / (2 * max(1, jobs))))
  }

  /// Splits `source` into batches that `config.jobs` threads process while this one reads; the
  /// workers write the records in input order. When a `streaming` source (a pipe) returns less
  /// than a full read, or has nothing more to read yet, the batch is submitted at once, and its
  /// records written, its tally, warnings and `--quiet` exit taken, before the read that would
  /// wait, as in a sequential run.
  private func runParallel(
    _ source: ByteSource, format: InputFormat, file: String, streaming: Bool
  ) throws {
    let framer = RecordFramer(delimiter: format.delimiter, maximumBytes: config.maximumMessageBytes)
    // Frames one after the other in the framer's buffer are this far apart.
    let delimiterBytes = 1
    let decoder = RecordDecoder(format: format, textField: config.textField)
    let processor = self.processor
    let workspaces = self.workspaces
    let recordFile = RecordFile(file)
    let (writer, pipeline) = try parallelOutput()
    defer { closeParallelOutput(writer) }
    // Input in flight (batches submitted but not written) stays within `parallelBudget`
    // whatever the number of threads: more threads get smaller batches.
    let chunkBytes = Runner.batchBytes(jobs: config.jobs, largest: config.chunkBytes)
    // The batch being filled, in a class: a variable that the closures below capture was
    // checked for exclusive access at run time, four calls for every line read.
    let filling = FillingBatch()
    let deliver = { (result: BatchOutput) throws(Stop) in
      try self.take(result)
      // Its buffers fill a later batch (by then `result` is gone and they are unshared),
      // unless a long line grew them past what ordinary batches need.
      if result.bytes.capacity <= 2 * chunkBytes && result.records.capacity <= 8 * chunkBytes {
        filling.spare.append((result.bytes, result.slices, result.records))
      }
    }
    // Each batch after the first few fills the buffers of one already written (its input, and
    // the records, which grew to their size once): no allocation, and no page the kernel has
    // to hand out again.
    func nextBatch() {
      filling.batch = Batch()
      if var buffers = filling.spare.popLast() {
        buffers.bytes.removeAll(keepingCapacity: true)
        buffers.slices.removeAll(keepingCapacity: true)
        filling.batch.bytes = buffers.bytes
        filling.batch.slices = buffers.slices
        filling.batch.records = buffers.records
      } else {
        filling.batch.bytes.reserveCapacity(chunkBytes + 4096)
      }
    }
    nextBatch()
    func submit() throws {
      filling.flush()
      let submitted = Submitted(filling.batch)
      nextBatch()
      try pipeline.submit(
        {
          var result = BatchOutput()
          swap(&result.records, &submitted.work.records)
          result.records.removeAll(keepingCapacity: true)
          var message = InputMessage(text: "")
          let box = workspaces.take()
          defer { workspaces.give(box) }
          // `work` ends before the input is moved out, leaving it unshared.
          do {
            let work = submitted.work
            work.bytes.withUnsafeBytes { raw in
              let slices = work.slices
              for (k, slice) in slices.enumerated() {
                let bytes = UnsafeRawBufferPointer(
                  rebasing: raw[slice.start..<slice.start + slice.count])
                if let text = decoder.text(
                  bytes, line: slice.line, truncated: slice.truncated, into: &message)
                {
                  // The batch's next line, whose bytes stay put while this one is analysed.
                  if k + 1 < slices.count {
                    let next = slices[k + 1]
                    box.workspace.next = UnsafeRawBufferPointer(
                      rebasing: raw[next.start..<next.start + next.count]
                    ).assumingMemoryBound(to: UInt8.self)
                  }
                  processor.process(
                    message, utf8: text, file: recordFile, into: &result.records,
                    diagnostics: &result.diagnostics, tally: &result.tally,
                    reusing: &box.workspace)
                  continue
                }
                guard
                  decoder.decode(
                    bytes, line: slice.line, truncated: slice.truncated, into: &message)
                else {
                  continue
                }
                processor.process(
                  message, file: recordFile, into: &result.records,
                  diagnostics: &result.diagnostics, tally: &result.tally, reusing: &box.workspace)
              }
              // The batch's bytes go back to be filled again.
              box.workspace.forgetNext()
            }
          }
          swap(&result.bytes, &submitted.work.bytes)
          swap(&result.slices, &submitted.work.slices)
          return result
        }, deliver: deliver)
    }
    var bytesRead = 0
    try framer.run(
      source,
      afterRead: { n in
        // The framer's buffer changes with the next read.
        filling.flush()
        bytesRead += n
        if streaming && (n < RecordFramer.readSize || !source.hasInput()) {
          if !filling.batch.slices.isEmpty { try submit() }
          try pipeline.finish(deliver)
        }
        try pipeline.deliverReady(deliver)
        progress?.update(messages: tally.messages, bytes: bytesRead)
        if Interruption.isRequested { throw Stop.interrupted }
      },
      each: { frame in
        let start = filling.add(frame.bytes, delimiter: delimiterBytes)
        filling.batch.slices.append(
          Batch.Slice(
            start: start, count: frame.bytes.count, line: frame.line, truncated: frame.truncated))
        if filling.byteCount >= chunkBytes || filling.batch.slices.count >= 16_384 {
          try submit()
        }
      })
    if !filling.batch.slices.isEmpty { try submit() }
    try pipeline.finish(deliver)
  }

  /// The windows of lines in flight in a parallel run (``runParallelWindows(_:format:file:streaming:)``):
  /// one whose records are being written while the next one's codes are found.
  static let parallelWindows = 2
  /// The lines whose records are written at a time (one job of a parallel run, one piece of a
  /// sequential run's window): 1,024, some 210 KB of records.
  static let recordJobLines = 1024
  /// The lines of a parallel run's first window (``ParallelWindows/early``): the other
  /// threads waited 0.7 to 1.5 ms at the start of a run of the bench's dump while a read of
  /// 1 MiB was framed and sorted.
  static let firstWindowLines = 1024
  /// The bytes a job's record buffer starts with: room for the records of `recordJobLines`
  /// of the bench's lines.
  static let recordJobBytes = 1 << 18
  /// The jobs that write records in flight in a parallel run of windows with `jobs` threads
  /// (the jobs that find codes are not counted): eight for each thread, so that the reading
  /// thread hands most of a window's jobs over without waiting and reads on while the others
  /// work (two jobs used 1.7 of their two cores with four, 1.8 with eight, 1.9 with sixteen),
  /// and at most sixteen, whatever the threads: each holds a record buffer
  /// (``RecordBuffers``) until its records are written, at most 4 MB in all. With eight for
  /// each of eight threads, the 1 GB file piped to `cat` peaked at 34.2 to 34.8 MiB of RSS.
  static func windowJobsInFlight(jobs: Int) -> Int { min(16, 8 * max(1, jobs)) }

  /// ``runParallel(_:format:file:streaming:)`` for lines whose codes are found ahead of their
  /// records (``LineWindow``): the reading thread fills a window with a read's lines and sorts
  /// it; jobs then find the codes of blocks of its sorted order, claimed in turn (one job for
  /// each thread, each on a workspace of the pool, and every record job that would wait for
  /// them: ``LineWindow/findClaimed(with:reusing:counting:)``), and, once every code is
  /// found, jobs write the records of ranges of its lines (``recordJobLines`` each), in order,
  /// as the workers of a parallel run do. While one window's records are written, the next one's codes are found; the reading
  /// thread takes a window again once its last records are delivered.
  private func runParallelWindows(
    _ source: ByteSource, format: InputFormat, file: String, streaming: Bool
  ) throws {
    let framer = RecordFramer(
      delimiter: format.delimiter, maximumBytes: config.maximumMessageBytes,
      readSize: max(1, config.windowBytes / 2))
    let decoder = RecordDecoder(format: format, textField: config.textField)
    let processor = self.processor
    let workspaces = self.workspaces
    let recordFile = RecordFile(file)
    let buffers = RecordBuffers(bytes: Runner.recordJobBytes)
    let (writer, pipeline) = try parallelOutput(
      jobsInFlight: Runner.windowJobsInFlight(jobs: config.jobs), buffers: buffers)
    defer { closeParallelOutput(writer) }
    let sorter = LineWindow.Sorter(capacity: config.windowLines)
    let windows = (0..<Runner.parallelWindows).map { _ in
      LineWindow(capacity: config.windowLines, sorter: sorter)
    }
    // Which windows are in flight, and the one being filled: only this thread reads or
    // writes them (in a class, which the closures below share without a check per access).
    let state = ParallelWindows(windows)
    let deliver = { (result: BatchOutput) throws(Stop) in
      try self.take(result)
      if result.window >= 0 {
        windows[result.window].clear()
        state.busy[result.window] = false
      }
    }
    let finders = config.jobs
    let recordJobLines = min(Runner.recordJobLines, max(1, config.windowLines / 4))
    // Submits the filled window's jobs and takes the next window, once it is free.
    func submit() throws {
      let index = state.filling
      let window = windows[index]
      guard !window.isEmpty else { return }
      window.sort()
      state.busy[index] = true
      state.early = .max
      let n = window.count
      let found = window.claimingLatch(finders: finders)
      for _ in 0..<finders {
        pipeline.enqueue {
          let box = workspaces.take()
          defer { workspaces.give(box) }
          window.findClaimed(with: processor, reusing: &box.workspace, counting: found)
        }
      }
      var start = 0
      while start < n {
        let range = start..<min(n, start + recordJobLines)
        start = range.upperBound
        let last = start == n
        try pipeline.submit(
          {
            let box = workspaces.take()
            defer { workspaces.give(box) }
            // Every code of the window is found before its records are written: this job
            // finds those of the blocks no finder has taken yet, then waits for the rest.
            window.findClaimed(with: processor, reusing: &box.workspace, counting: found)
            found.wait()
            var result = BatchOutput()
            result.records = buffers.take()
            window.writeRecords(
              range, with: processor, file: recordFile, into: &result.records,
              diagnostics: &result.diagnostics, tally: &result.tally, reusing: &box.workspace)
            if last { result.window = index }
            return result
          }, deliver: deliver)
      }
      state.filling = (index + 1) % windows.count
      state.current = Unmanaged.passUnretained(windows[state.filling])
      while state.busy[state.filling] { try pipeline.deliverNext(deliver) }
    }
    var bytesRead = 0
    try framer.run(
      source,
      afterRead: { n in
        // The window holds its lines' bytes once sorted: the framer's buffer may change.
        try submit()
        bytesRead += n
        if streaming && (n < framer.readSize || !source.hasInput()) {
          try pipeline.finish(deliver)
        }
        try pipeline.deliverReady(deliver)
        progress?.update(messages: tally.messages, bytes: bytesRead)
        if Interruption.isRequested { throw Stop.interrupted }
      },
      each: { frame in
        // Lines and NUL-delimited records always have their text in place.
        let text = decoder.text(frame.bytes)!
        let early = state.early
        let full = state.current._withUnsafeGuaranteedRef { window in
          window.append(text, line: frame.line, cut: frame.truncated)
          return window.isFull || window.count >= early
        }
        if full { try submit() }
      })
    try submit()
    try pipeline.finish(deliver)
  }

  private func process(_ message: InputMessage, file: String?) {
    if recordFile.name != file { recordFile = RecordFile(file) }
    process(message, file: recordFile)
  }

  private func process(_ message: InputMessage, file: RecordFile) {
    appendRecords { out in
      processor.process(
        message, file: file, into: &out, diagnostics: &diagnostics, tally: &tally,
        reusing: &workspace)
    }
    reportDiagnostics()
  }

  /// ``process(_:file:)`` of a line whose text is `utf8`, read in place.
  private func process(
    _ message: borrowing InputMessage, utf8: UnsafeBufferPointer<UInt8>, file: RecordFile
  ) {
    appendRecords { out in
      processor.process(
        message, utf8: utf8, file: file, into: &out, diagnostics: &diagnostics, tally: &tally,
        reusing: &workspace)
    }
    reportDiagnostics()
  }

  private func reportDiagnostics() {
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
    if config.quiet && tally.found > 0 { throw .foundQuietly }
    do {
      try output.recordDone(flush: force)
    } catch {
      throw Runner.stop(error)
    }
  }

  /// Why the run stops when standard output fails with `error`.
  static func stop(_ error: IOError) -> Stop {
    switch error {
    case .brokenPipe: .brokenPipe
    case .interrupted: .interrupted
    case .system: .writeFailed(error)
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
