import OTPGrepCLI

#if canImport(Glibc)
  import Glibc
#endif

exit(OTPGrep.main(Array(CommandLine.arguments.dropFirst())))
