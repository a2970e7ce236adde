import Foundation
import TestSupport
import Testing

/// MotionCore's one-bug variants live in Tests/Variants/motioncore.json, not in its sources. These
/// tests fail in `make test`, before `make mutants` builds anything, when a change to MotionCore
/// moves a line a variant names, or when a test hook creeps back into the library.
@Suite("MotionCore's variants, kept out of its sources")
struct MutantsTests {
    struct Variant: Decodable {
        var name: String
        var rule: String
        var edits: [[String: JSONScalar]]
    }

    /// An edit's fields are strings but for `delete: true`.
    enum JSONScalar: Decodable {
        case text(String)
        case flag(Bool)
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { self = .flag(flag) } else { self = .text(try container.decode(String.self)) }
        }
        var text: String? { if case .text(let t) = self { t } else { nil } }
    }

    static let variants: [Variant] = {
        struct File: Decodable { var variants: [Variant] }
        let url = Repository.root.appendingPathComponent("Tests/Variants/motioncore.json")
        return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).variants) ?? []
    }()

    /// `scripts/variants --set motioncore --show NAME`: its exit status and standard output.
    static func show(_ name: String) throws -> (status: Int32, diff: String) {
        let script = Repository.root.appendingPathComponent("scripts/variants").path
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, "--set", "motioncore", "--show", name])
        return (result.status, result.output)
    }

    @Test("the list loads: names unique, each with a rule of docs/semantics.md and at least one edit of MotionCore")
    func listLoads() {
        #expect(Self.variants.count >= 37)
        #expect(Set(Self.variants.map(\.name)).count == Self.variants.count)
        for variant in Self.variants {
            #expect(variant.rule.hasPrefix("§"), "\(variant.name)")
            #expect(!variant.edits.isEmpty, "\(variant.name)")
            for edit in variant.edits {
                #expect(edit["file"]?.text?.hasPrefix("Sources/MotionCore/") == true, "\(variant.name)")
            }
        }
    }

    @Test("every variant still applies to today's MotionCore: each names lines found exactly once and changes the files it names")
    func everyVariantApplies() throws {
        for variant in Self.variants {
            let shown = try Self.show(variant.name)
            #expect(shown.status == 0, "\(variant.name)")
            let changed = Set(shown.diff.split(separator: "\n").filter { $0.hasPrefix("+++ b/") }.map { String($0.dropFirst(6)) })
            let named = Set(variant.edits.compactMap { $0["file"]?.text })
            #expect(changed == named, "\(variant.name)")
        }
    }

    @Test("every recorded witness names a variant of its set and a bundled fixture, and every variant has one")
    func witnessesAreCurrent() throws {
        struct Named: Decodable { var name: String }
        struct File: Decodable { var variants: [Named] }
        let root = Repository.root.appendingPathComponent("Tests/Variants")
        let witnesses = try JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: root.appendingPathComponent("witnesses.json")))
        for (set, file) in [("motioncore", "motioncore.json"), ("python", "python-engine.json")] {
            let names = try JSONDecoder().decode(File.self, from: Data(contentsOf: root.appendingPathComponent(file))).variants.map(\.name)
            let recorded = witnesses[set] ?? [:]
            // A variant without a witness, or one naming a fixture that is gone, costs `make
            // mutants` or `make variants` a play of the whole suite: `make witnesses` records them.
            #expect(Set(recorded.keys) == Set(names), "\(set): run make witnesses")
            for (name, fixture) in recorded {
                let path = Repository.root.appendingPathComponent("Fixtures/\(fixture).json").path
                #expect(FileManager.default.fileExists(atPath: path), "\(set) \(name): no fixture \(fixture)")
            }
        }
    }

    @Test("a name that is not a variant is refused with exit 2")
    func unknownName() throws {
        #expect(try Self.show("no.such-variant").status == 2)
    }

    @Test("no source file carries a mutant's switch or a build flag for one")
    func sourcesAreClean() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let swift = files.filter { $0.pathExtension == "swift" }
        #expect(swift.count > 100)
        for file in swift {
            let text = try String(contentsOf: file, encoding: .utf8)
            for marker in ["MOTIONCORE_MUTANT", "_WovenMutants", "_Mutants", "ForMutants"] {
                #expect(!text.contains(marker), "\(file.lastPathComponent) mentions \(marker)")
            }
        }
    }
}
