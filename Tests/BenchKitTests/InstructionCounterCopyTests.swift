import Foundation
import TestSupport
import Testing

@testable import BenchKit

/// The worker copies the instruction counter keeps in the temporary folder: made once per build,
/// touched at each use, and the ones no run has used for an hour removed when a new one is made.
@Suite("instruction counter's worker copies", .serialized)
struct InstructionCounterCopyTests {
    static let hasObjcopy = FileManager.default.isExecutableFile(atPath: "/usr/bin/objcopy")

    /// A file in the temporary folder named `name`, last modified `age` seconds ago.
    static func file(_ name: String, age: TimeInterval) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try Data("x".utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: url.path)
        return url
    }

    static func modified(_ url: URL) -> Date? { (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date }

    @Test("a new copy removes the copies unused for an hour and keeps the rest; reusing a copy marks it used", .enabled(if: hasObjcopy, "needs objcopy"))
    func pruning() throws {
        let tag = UUID().uuidString.prefix(8)
        let folder = TemporaryFolder.make("instruction-copies")
        let worker = folder.appendingPathComponent("worker-\(tag)")
        try FileManager.default.copyItem(atPath: "/bin/true", toPath: worker.path)
        let stale = try Self.file("motionbench-stale-\(tag)-1-2-nodebug", age: 7200)
        let stalePartial = try Self.file("motionbench-stale-\(tag)-1-2-nodebug.12345", age: 7200)
        let recent = try Self.file("motionbench-recent-\(tag)-1-2-nodebug", age: 60)
        let other = try Self.file("motionbench-other-\(tag)", age: 7200)
        defer { for url in [stale, stalePartial, recent, other] { try? FileManager.default.removeItem(at: url) } }

        let copy = try #require(InstructionCounter.withoutDebugInformation(worker))
        defer { try? FileManager.default.removeItem(at: copy) }
        #expect(FileManager.default.isExecutableFile(atPath: copy.path))
        let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
        #expect(!exists(stale) && !exists(stalePartial), "unused for two hours: removed")
        #expect(exists(recent) && exists(other), "used a minute ago, or not a copy: kept")

        // A copy used again is marked as used now, so that another run's pruning leaves it.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: copy.path)
        #expect(InstructionCounter.withoutDebugInformation(worker) == copy)
        #expect((Self.modified(copy).map { -$0.timeIntervalSinceNow } ?? .infinity) < 600)
    }
}
