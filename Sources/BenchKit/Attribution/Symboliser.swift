import Foundation
import HarnessSupport

/// Names and places symbols of a binary with the Swift toolchain's own tools: `swift-demangle
/// --simplified` for the name, `llvm-symbolizer` over the binary's debug information (which the
/// copy callgrind runs has lost) for the file and line. Either tool missing leaves that part out:
/// the symbol itself, no place.
public struct Symboliser: Sendable {
    /// The binary with its debug information.
    public var binary: URL
    public var timeout: Double = 60

    public init(binary: URL) { self.binary = binary }

    public func callAsFunction(_ symbols: [String]) -> [String: SymbolInfo] {
        guard !symbols.isEmpty else { return [:] }
        let names = demangled(symbols)
        let places = placed(symbols)
        return Dictionary(
            uniqueKeysWithValues: symbols.map { symbol in
                let place = places[symbol]
                return (symbol, SymbolInfo(name: readable(names[symbol] ?? symbol), file: place?.file, line: place?.line))
            })
    }

    /// A program next to `swift` on the PATH, or elsewhere on it: the toolchain's own first, since
    /// a system's older LLVM may not read symbol names or write JSON (`valgrind` is found likewise).
    static func tool(_ name: String) -> URL? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        func executable(_ url: URL) -> Bool { FileManager.default.isExecutableFile(atPath: url.path) }
        let toolchain = folders.map { $0.appendingPathComponent("swift") }.filter(executable).map {
            $0.resolvingSymlinksInPath().deletingLastPathComponent()
        }
        return (toolchain + folders).map { $0.appendingPathComponent(name) }.first(where: executable)
    }

    /// The symbols go as arguments: a dozen at most, so no command line is too long.
    private func run(_ tool: URL, _ arguments: [String]) -> String? {
        guard case let .finished(data) = WorkerProcess(executable: tool, arguments: arguments, timeout: timeout).run()
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private func demangled(_ symbols: [String]) -> [String: String] {
        guard let tool = Self.tool("swift-demangle"),
            let text = run(tool, ["--simplified", "--compact"] + symbols)
        else { return [:] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= symbols.count else { return [:] }
        return Dictionary(zip(symbols, lines), uniquingKeysWith: { first, _ in first })
    }

    private func placed(_ symbols: [String]) -> [String: (file: String, line: Int)] {
        guard let tool = Self.tool("llvm-symbolizer"),
            let text = run(
                tool, ["--obj=\(binary.path)", "--output-style=JSON", "--no-inlines", "--no-demangle"] + symbols)
        else { return [:] }
        var places: [String: (file: String, line: Int)] = [:]
        // Symbols given as arguments are answered as one JSON array; from standard input, an
        // object a line.
        let objects = text.split(separator: "\n").flatMap { line -> [[String: Any]] in
            let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            return (parsed as? [[String: Any]]) ?? (parsed as? [String: Any]).map { [$0] } ?? []
        }
        for object in objects {
            guard let symbol = object["SymName"] as? String,
                let location = (object["Loc"] as? [[String: Any]])?.first,
                let file = location["FileName"] as? String, !file.isEmpty,
                let number = location["Line"] as? Int, number > 0
            else { continue }
            places[symbol] = (file, number)
        }
        return places
    }

    /// Top-level code has no name of its own in the demangler's simplified form.
    private func readable(_ name: String) -> String { name.hasSuffix(" in ") ? name + "top-level code" : name }
}
