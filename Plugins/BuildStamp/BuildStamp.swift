import Foundation
import PackagePlugin

/// Compiles the commit a target is built from into it: at every build, before anything is
/// compiled, git is asked for the package folder's commit, whether tracked files differ from it,
/// and the work tree's top folder, and `BuildStamp.swift` (rewritten only when that changes)
/// declares `let buildSource: BuildSource` with them. The target must depend on BenchKit.
///
/// A prebuild command, not a build command: a commit changes no input file SwiftPM could watch.
@main struct BuildStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "stamp")
        return [
            .prebuildCommand(
                displayName: "Stamping \(target.name) with its commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "build-stamp", output.path, context.package.directoryURL.path],
                outputFilesDirectory: output)
        ]
    }

    /// `$1` the output folder, `$2` the package folder. Outside git every field is nil.
    static let script = #"""
        set -u
        out=$1 package=$2
        mkdir -p "$out"
        g() { git --no-optional-locks -C "$package" "$@" 2>/dev/null; }
        revision=nil dirty=nil top=nil
        if r=$(g rev-parse --verify --quiet HEAD) && [ ${#r} -eq 40 ]; then
            revision="\"$r\""
            if [ -n "$(g status --porcelain --untracked-files=no)" ]; then dirty=true; else dirty=false; fi
            t=$(g rev-parse --show-toplevel) && top="#\"$t\"#"
        fi
        text="// Written by the BuildStamp plugin at every build: the commit this target was built from.
        import BenchKit

        let buildSource = BuildSource(revision: $revision, dirty: $dirty, repository: $top)"
        [ "$(cat "$out/BuildStamp.swift" 2>/dev/null)" = "$text" ] || printf '%s\n' "$text" > "$out/BuildStamp.swift"
        """#
}
