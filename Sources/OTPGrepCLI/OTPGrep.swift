import OneTimeCode

/// The entry point of `otpgrep`.
public enum OTPGrep {
  /// Runs otpgrep with the command-line arguments (without the program name).
  public static func main(_ arguments: [String]) -> Int32 {
    if arguments.first == "prompt" { return PromptCommand.main(Array(arguments.dropFirst())) }
    return 2
  }
}
