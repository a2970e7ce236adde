import Foundation
import PackagePlugin

/// Compiles the commit a target is built from into it: git is asked for the package folder's
/// commit, whether tracked files differ from it, and the work tree's top folder, and
/// `BuildStamp.swift` declares `let buildSource: BuildSource` with them. The target must depend
/// on BenchKitWorker, or on BenchKit, which brings it.
///
/// A build command whose inputs are what moves when the commit or the work tree does — git's
/// `HEAD`, its log and its index, and the package's source files — so that a commit, a checkout
/// or an edit stamps again at the next build. (A prebuild command runs only when SwiftPM plans the
/// build anew, which a commit that adds no file does not make it do: the stamp went stale.)
@main struct BuildStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "stamp/BuildStamp.swift")
        let package = context.package.directoryURL
        let sources = context.package.targets.compactMap { $0.sourceModule }.flatMap { $0.sourceFiles.map(\.url) }
        return [
            .buildCommand(
                displayName: "Stamping \(target.name) with its commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "build-stamp", output.path, package.path],
                inputFiles: Self.gitFiles(from: package) + sources,
                outputFiles: [output])
        ]
    }

    /// The files git rewrites when HEAD moves or the index changes, for the repository holding
    /// `folder` (a worktree's `.git` file names its own folder); none outside git.
    static func gitFiles(from folder: URL) -> [URL] {
        var directory = folder.standardizedFileURL
        while true {
            let dotGit = directory.appending(path: ".git")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) {
                var gitDir = dotGit
                if !isFolder.boolValue, let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
                    let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
                    gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appending(path: path)
                }
                return ["HEAD", "logs/HEAD", "index"].map { gitDir.appending(path: $0) }
                    .filter { FileManager.default.fileExists(atPath: $0.path) }
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return [] }
            directory = parent
        }
    }

    /// `$1` the output file, `$2` the package folder. Outside git every field is nil.
    static let script = #"""
        set -u
        out=$1 package=$2
        mkdir -p "$(dirname "$out")"
        g() { git --no-optional-locks -C "$package" "$@" 2>/dev/null; }
        revision=nil dirty=nil top=nil
        if r=$(g rev-parse --verify --quiet HEAD) && [ ${#r} -eq 40 ]; then
            revision="\"$r\""
            if [ -n "$(g status --porcelain --untracked-files=no)" ]; then dirty=true; else dirty=false; fi
            t=$(g rev-parse --show-toplevel) && top="#\"$t\"#"
        fi
        text="// Written by the BuildStamp plugin when the commit or a source changes: what this target was built from.
        import BenchKitWorker

        let buildSource = BuildSource(revision: $revision, dirty: $dirty, repository: $top)"
        printf '%s\n' "$text" > "$out.tmp" && mv "$out.tmp" "$out"
        """#
}
