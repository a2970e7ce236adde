import Foundation

/// Scratch folders for stores, reports and fixtures, removed when the test process ends — with
/// any worktrees a test's collector or comparison made of the repository in them, so a run leaves
/// neither folders in /tmp nor worktrees registered in the repository.
/// `MOTIONBENCH_KEEP_TEST_FOLDERS=1` keeps them, to look at after a failure.
public enum TemporaryFolder {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [URL] = []
    nonisolated(unsafe) private static var cleanupRegistered = false

    /// A new empty folder named `prefix-UUID` in the temporary folder.
    public static func make(_ prefix: String = "motion-bench-test") -> URL {
        let url = name(prefix)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path named `prefix-UUID` in the temporary folder, not created: for a test of a tool
    /// that makes the folder itself. Whatever is there when the process ends is removed.
    public static func name(_ prefix: String = "motion-bench-test") -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        lock.withLock {
            made.append(url)
            if !cleanupRegistered {
                cleanupRegistered = true
                atexit { TemporaryFolder.removeAll() }
            }
        }
        return url
    }

    private static func removeAll() {
        guard ProcessInfo.processInfo.environment["MOTIONBENCH_KEEP_TEST_FOLDERS"] != "1" else { return }
        let folders = lock.withLock { made }
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        // SwiftPM keeps the locks of a package it built in a scratch folder beside it, in the
        // temporary folder, named by the package's path with "/" as "_".
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory())
        let mangled = folders.map { $0.path.replacingOccurrences(of: "/", with: "_") }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where mangled.contains(where: { name.hasPrefix($0 + "_") }) {
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
        // Worktrees whose folders are gone are forgotten by the repository that made them.
        let prune = Process()
        prune.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        prune.arguments = ["git", "-C", Repository.root.path, "worktree", "prune"]
        prune.standardOutput = FileHandle.nullDevice
        prune.standardError = FileHandle.nullDevice
        if (try? prune.run()) != nil { prune.waitUntilExit() }
    }
}
