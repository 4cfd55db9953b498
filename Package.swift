// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "OneTimeCode",
  products: [
    .library(name: "OneTimeCode", targets: ["OneTimeCode"]),
    .library(name: "MessageSources", targets: ["MessageSources"]),
    .executable(name: "otpgrep", targets: ["otpgrep"]),
  ],
  targets: [
    // ICU from Debian's libicu-dev. Only the C shim sees these headers.
    .systemLibrary(
      name: "CICU",
      pkgConfig: "icu-uc",
      providers: [.apt(["libicu-dev"])]
    ),
    // The few ICU calls we need, behind a header with no ICU types.
    .target(
      name: "CICUShim",
      dependencies: ["CICU"],
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]
    ),
    // The built-in lexicon's compiled form, embedded as bytes (`make lexicon` writes it).
    .target(name: "CLexicon", exclude: ["standard.lexicon"]),
    // The template memo's key of a message, sixteen bytes at a time with SSE2.
    .target(name: "CMemoKey"),
    .target(name: "OneTimeCode", dependencies: ["CICUShim", "CLexicon", "CMemoKey"]),

    // SQLite from Debian's libsqlite3-dev, for the phone message databases.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "MessageSources", dependencies: ["CSQLite"]),
    // What the CLI asks of the C library beyond Swift's Glibc module (malloc's arenas).
    .target(name: "CSystem"),
    .target(
      name: "OTPGrepCLI", dependencies: ["OneTimeCode", "MessageSources", "CMemoKey", "CSystem"]),
    .executableTarget(name: "otpgrep", dependencies: ["OTPGrepCLI"]),
    // Measures accuracy on labelled corpora: `make eval`.
    .executableTarget(name: "otc-eval", dependencies: ["OneTimeCode"]),

    .testTarget(
      name: "OneTimeCodeTests",
      dependencies: ["OneTimeCode", "CMemoKey"],
      resources: []
    ),
    .testTarget(name: "MessageSourcesTests", dependencies: ["MessageSources"]),
    .testTarget(
      name: "OTPGrepCLITests", dependencies: ["OTPGrepCLI", "OneTimeCode", "MessageSources"]),
  ],
  swiftLanguageModes: [.v6]
)
