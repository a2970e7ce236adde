import Foundation
import HarnessSupport

/// Where a run ran: enough to tell whether two runs are comparable (the machine) and to
/// reproduce them (toolchain, build, revision).
public struct EnvironmentFingerprint: Codable, Hashable, Sendable {
    public var cpuModel: String
    public var logicalCores: Int
    public var kernel: String
    public var operatingSystem: String
    public var swiftVersion: String
    public var buildConfiguration: String
    public var buildFlags: String
    public var jemallocVersion: String?
    /// The checkout the run was made in (the folder it was started from).
    public var gitRevision: String?
    public var gitDirty: Bool?
    /// The commit the benchmark worker was built from, as its build recorded it (`BuildSource`);
    /// nil for a worker that does not say.
    public var build: BuildSource?

    /// The commit the run is filed under: its build's where the build says, else the checkout's.
    /// `run`, `nightly` and a collector refuse a build whose checkout has moved on, so the two
    /// agree wherever both are known.
    public var revision: String? { build?.revision ?? gitRevision }
    /// Whether that commit's tracked files were changed.
    public var dirty: Bool? { build?.revision != nil ? build?.dirty : gitDirty }

    /// "revision abcdef1234 (built from it)", with the checkout's where it is another's
    /// (a worker of another repository): what reports print beside a run.
    public var provenance: String {
        guard let built = build, built.revision != nil else {
            return "revision \(BuildSource(revision: gitRevision, dirty: gitDirty, repository: nil).short)"
        }
        let checkout = BuildSource(revision: gitRevision, dirty: gitDirty, repository: nil)
        return "revision \(built.short) (the worker's build)"
            + (gitRevision != nil && gitRevision != built.revision ? ", started in a checkout at \(checkout.short)" : "")
    }

    /// The machine's identity for comparisons: CPU, cores, operating system and kernel — not the
    /// revision or the build, which are what comparisons compare.
    public var machineKey: String {
        var digest = OutputDigest()
        for part in [cpuModel, "\(logicalCores)", operatingSystem, kernel] {
            for byte in part.utf8 { digest.add(Double(byte)) }
        }
        return digest.value
    }

    /// The CPU the benchmarked code was compiled for, as the run's build flags record it
    /// (`-target-cpu X`, `WorkerBuild.flags`); nil for the default target.
    public var targetCPU: String? { WorkerBuild.targetCPU(inFlags: buildFlags) }

    /// The series a run belongs to in the nightly history: its machine, and its target CPU when it
    /// was compiled for one — a build for another instruction set is another series, whose times
    /// would otherwise read as a change in the code. Runs of the default build keep the machine's
    /// key, as before there was a choice.
    public var seriesKey: String {
        guard let cpu = targetCPU else { return machineKey }
        let safe = String(cpu.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0) ? Character($0) : "_" })
        return "\(machineKey)-\(safe)"
    }

    /// The fingerprint of this process's machine; `repository` is the git work tree to describe.
    public static func current(repository: String? = nil, buildConfiguration: String, buildFlags: String) -> EnvironmentFingerprint {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) } ?? "unknown"
        var name = utsname()
        uname(&name)
        let kernel = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let os =
            (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? "unknown"
        let swift = runCommand("swift", ["--version"])?.split(separator: "\n").first.map(String.init) ?? "unknown"
        var revision: String?, dirty: Bool?
        if let repository {
            revision = runCommand("git", ["-C", repository, "rev-parse", "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines)
            if revision != nil {
                dirty = !(runCommand("git", ["-C", repository, "status", "--porcelain", "--untracked-files=no"]) ?? "").isEmpty
            }
        }
        return EnvironmentFingerprint(
            cpuModel: cpu, logicalCores: ProcessInfo.processInfo.activeProcessorCount, kernel: kernel,
            operatingSystem: os, swiftVersion: swift, buildConfiguration: buildConfiguration,
            buildFlags: buildFlags, jemallocVersion: nil, gitRevision: revision, gitDirty: dirty)
    }
}

/// Runs a command found on the PATH and returns its standard output, or nil if it failed or ran
/// past `timeout` seconds.
public func runCommand(_ command: String, _ arguments: [String], timeout: Double = 300) -> String? {
    guard case let .finished(data) = WorkerProcess.onPath(command, arguments, timeout: timeout).run() else { return nil }
    return String(decoding: data, as: UTF8.self)
}
