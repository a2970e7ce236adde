import Foundation
import TestSupport
import Testing

@testable import EngineConformance
@testable import MotionConformance

/// docs/protocol.md is the contract: it must name exactly what the code speaks.
@Suite("protocol document")
struct ProtocolDocumentTests {
    static let text = (try? String(contentsOf: Repository.root.appendingPathComponent("docs/protocol.md"), encoding: .utf8)) ?? ""

    @Test("the document's version is the code's")
    func version() {
        #expect(Self.text.contains("**Version \(EngineProtocol.version).**"))
        #expect(Self.text.contains("| \(EngineProtocol.version) | "))
        #expect(EngineProtocol.versions.allSatisfy { Self.text.contains("| \($0) | ") || Self.text.contains("| \($0), revision") })
    }

    @Test("the capability table lists exactly the code's capabilities")
    func capabilities() throws {
        let section = try #require(Self.text.components(separatedBy: "### Capabilities").last?.components(separatedBy: "### Engines without").first)
        func names(_ table: String) -> Set<String> {
            Set(
                table.split(separator: "\n").compactMap { line -> String? in
                    guard line.hasPrefix("| `") else { return nil }
                    return line.dropFirst(3).split(separator: "`").first.map(String.init)
                })
        }
        let parts = section.components(separatedBy: "**Bundles.**")
        #expect(names(parts[0]) == Set(EngineProtocol.Capability.allCases.map(\.rawValue)))
        // Each bundle's row names its members, and nothing else.
        for line in (parts.count > 1 ? parts[1] : "").split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let members = cells[1].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            #expect(EngineProtocol.capabilities(named: name)?.map(\.rawValue) == members, "bundle \(name)")
        }
        #expect(Set(names(parts.count > 1 ? parts[1] : "")) == Set(EngineProtocol.bundles.map(\.name)))
    }

    @Test("every operation is described, and the Swift adapter answers each")
    func operations() {
        for op in EngineProtocol.operations {
            #expect(Self.text.contains("\"op\": \"\(op)\""), "docs/protocol.md has no example of \(op)")
            let answer = MotionCoreAdapter().answer("{\"id\": 1, \"op\": \"\(op)\"}")
            if case let .string(message)? = answer["error"] { #expect(!message.contains("unknown op"), "\(op): \(message)") }
        }
        let legacyNames = EngineProtocol.legacyCapabilities.map(\.rawValue).sorted()
        #expect(legacyNames.allSatisfy { Self.text.contains("declare `\($0)`") || Self.text.contains("`\($0)` and") || Self.text.contains("and `\($0)`") })
    }
}
