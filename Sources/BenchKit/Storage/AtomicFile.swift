import Foundation
import HarnessSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file that could not be written: which, and why in plain words. Where a setting gets past it
/// (another folder), `remedy` says so and the front end words how.
public struct FileWriteError: RemediableError, CustomStringConvertible, Sendable {
    /// Why the file could not be written.
    public enum Reason: Equatable, Sendable {
        case readOnly, permissionDenied, diskFull, notAFolder, isAFolder, pathTooLong
        /// Any other `errno`, as the system words it.
        case other(String)
    }

    public let path: String
    public let code: Int32
    public let reason: Reason

    init(path: String, code: Int32) {
        self.path = path
        self.code = code
        switch code {
        case EROFS: reason = .readOnly
        case EACCES, EPERM: reason = .permissionDenied
        case ENOSPC, EDQUOT: reason = .diskFull
        case ENOTDIR: reason = .notAFolder
        case EISDIR: reason = .isAFolder
        case ENAMETOOLONG: reason = .pathTooLong
        default: reason = .other(String(cString: strerror(code)))
        }
    }

    public var remedy: Remedy? { reason == .readOnly || reason == .permissionDenied ? .writableFolder : nil }

    public var description: String {
        let words =
            switch reason {
            case .readOnly: "the file system is read-only"
            case .permissionDenied: "permission denied to this user"
            case .diskFull: "the disk is full (or the quota is used up); free some space and run again"
            case .notAFolder: "a part of the path is a file, not a folder"
            case .isAFolder: "it is a folder"
            case .pathTooLong: "the path is too long"
            case let .other(system): system
            }
        return "cannot write \(path): \(words)"
    }
}

/// Writes files so that a reader sees the old content or the new, never half of one: the data
/// goes to a temporary file in the same folder, which is then renamed over the target. A failed
/// write removes its temporary file and leaves the target as it was.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(FileWriteError) {
        let directory = url.deletingLastPathComponent()
        try createDirectories(directory.path)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileWriteError(path: url.path, code: errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        // The data reaches the disk before the rename, so a crash cannot leave an empty target.
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, url.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw FileWriteError(path: url.path, code: failure)
        }
    }

    public static func write(_ text: String, to url: URL) throws(FileWriteError) {
        try write(Data(text.utf8), to: url)
    }

    /// `mkdir -p`, with the reason when a folder cannot be made.
    static func createDirectories(_ path: String) throws(FileWriteError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw FileWriteError(path: path, code: ENOTDIR)
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try createDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw FileWriteError(path: path, code: errno) }
    }
}
