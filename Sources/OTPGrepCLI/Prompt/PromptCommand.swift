/// `otpgrep prompt`: an interactive code field in the terminal (issue 5).
public enum PromptCommand {
  /// Runs the prompt with the arguments after `prompt`, and returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    2
  }
}
