import Foundation

/// The package's own folder and the files the tests read from it.
public enum Repository {
    /// The repository this file is in (Tests/TestSupport/ is two levels down).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file or folder of the repository, by its path from the root.
    public static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The bundled fixtures.
    public static let fixtures = url("Fixtures")

    /// A document of the repository as text (docs/protocol.md, …); empty when it cannot be read,
    /// so a test of its contents fails on what is missing rather than crashing.
    public static func text(_ path: String) -> String { (try? String(contentsOf: url(path), encoding: .utf8)) ?? "" }
}

/// The engines the tests run behind the protocol: doubles written to misbehave in a stated way,
/// and the example engines the documents point authors to.
public enum EngineDoubles {
    /// Misbehaves on request (crashes, hangs, garbage, stderr floods) — the mode is its argument.
    public static let misbehaving = Repository.url("Tests/TestSupport/Engines/misbehaving.py").path
    /// Shows the last frame's value at a change's own time: one convention off, everything else right.
    public static let lastFrameAtChange = Repository.url("Tests/TestSupport/Engines/last-frame-at-change.py").path
    /// The Python example engine of Examples/python-engine.
    public static let python = Repository.url("Examples/python-engine/engine.py").path
    /// A partial engine of Examples/partial-engines, by its file name without `.py`.
    public static func partial(_ name: String) -> String { Repository.url("Examples/partial-engines/\(name).py").path }
}
