@testable import CoveApp
import CoveCore

/// Parses a command line for a Playback API video (account, key and video given), with `file` as cove.conf.
enum LaunchOptionsParsing {
    static func parse(_ arguments: [String], file: String? = nil) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptions.parse(arguments + ["--account-id", "1", "--policy-key", "k", "--video-id", "v"],
                                environment: ["HOME": "/home/viewer"],
                                readFile: { _ throws(ConfigurationError) in file.map { Array($0.utf8) } })
    }

    /// The message the command line (or the file) is refused with, nil when it is taken.
    static func message(_ arguments: [String], file: String? = nil) -> String? {
        do {
            _ = try parse(arguments, file: file)
            return nil
        } catch {
            return error.message
        }
    }
}
