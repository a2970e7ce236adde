import Dispatch
import Foundation
import MotionCore

// The directory: which pool and slot each channel index lives in, its generation, and the lock.
extension MotionEngine {
    func allocate(value: Double) -> ChannelID {
        if let index = freeIndices.popLast() {
            directory[Int(index)] = DirectoryEntry(kind: .idle, slot: -1, generation: directory[Int(index)].generation, isLive: true)
            values[Int(index)] = value
            return ChannelID(index: index, generation: directory[Int(index)].generation)
        }
        let index = UInt32(directory.count)
        directory.append(DirectoryEntry(kind: .idle, slot: -1, generation: 0, isLive: true))
        values.append(value)
        return ChannelID(index: index, generation: 0)
    }

    func live(_ id: ChannelID) throws -> DirectoryEntry {
        guard Int(id.index) < directory.count else { throw MotionEngineError.unknownChannel(id) }
        let entry = directory[Int(id.index)]
        guard entry.isLive, entry.generation == id.generation else { throw MotionEngineError.unknownChannel(id) }
        return entry
    }

    func place(_ index: UInt32, kind: Kind, slot: Int) {
        directory[Int(index)].kind = kind
        directory[Int(index)].slot = Int32(slot)
    }

    func pool(_ kind: Kind) -> (any PoolProtocol)? {
        switch kind {
        case .idle: return nil
        case .fluid: return fluid
        case .curve: return curves
        case .spring: return springs
        case .keyframe: return keyframes
        case .generic: return generic
        }
    }

    /// Takes the channel out of its pool, fixing up the channel moved into its slot.
    func detach(_ index: UInt32, _ entry: DirectoryEntry) {
        guard let pool = pool(entry.kind) else { return }
        if let moved = pool.remove(slot: Int(entry.slot)) {
            directory[Int(moved)].slot = entry.slot
        }
        place(index, kind: .idle, slot: -1)
    }

    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
