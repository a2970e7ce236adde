import BenchStore
import Foundation

/// A throw-away PostgreSQL server for the tests: a cluster made by `initdb` in a temporary
/// folder (as the `postgres` user when the tests run as root, which `initdb` refuses), started
/// by `pg_ctl` on a free port with password authentication, stopped and deleted by `stop()` and
/// when the test process exits.
final class TestServer: @unchecked Sendable {
    static let shared = Result { try TestServer() }

    let url: String
    let password: String
    private let folder: URL
    private let lock = NSLock()
    private var databases = 0
    private var stopped = false
    private let port: Int

    init() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("motion-bench-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        password = UUID().uuidString.replacingOccurrences(of: "-", with: "")
        try Data((password + "\n").utf8).write(to: folder.appendingPathComponent("password"))
        if getuid() == 0 { try Self.shell("chown -R postgres \(folder.path)") }
        port = try Self.freePort()
        let data = folder.appendingPathComponent("data").path
        try Self.asServerUser(
            "initdb -D \(data) -U bench --auth=scram-sha-256 --pwfile=\(folder.path)/password -E UTF8 --no-sync > \(folder.path)/initdb.log 2>&1")
        url = "postgresql://bench:\(password)@127.0.0.1:\(port)/postgres"
        try start()
        TestServer.running.withLock { $0.append(data) }
        atexit { TestServer.stopAll() }
    }

    /// The data folders of the servers still running, stopped at exit.
    private static let running = Mutex<[String]>([])

    private static func stopAll() {
        for data in running.withLock({ $0 }) {
            try? asServerUser("pg_ctl -D \(data) -m immediate -w stop > /dev/null 2>&1")
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: data).deletingLastPathComponent())
        }
    }

    private func start() throws {
        let data = folder.appendingPathComponent("data").path
        try Self.asServerUser(
            "pg_ctl -D \(data) -l \(folder.path)/server.log -w -t 60 -o '-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off' start > /dev/null"
        )
    }

    /// Stops the server as a restart does (every connection closed), keeps it down for
    /// `seconds`, and starts it again on the same port with the same data.
    func restart(downFor seconds: Double) throws {
        try Self.asServerUser("pg_ctl -D \(folder.appendingPathComponent("data").path) -m fast -w stop > /dev/null 2>&1")
        Thread.sleep(forTimeInterval: seconds)
        try start()
    }

    /// Stops the server, as a server going down does; returns when it is gone.
    func stop() {
        let data = folder.appendingPathComponent("data").path
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        try? Self.asServerUser("pg_ctl -D \(data) -m fast -w stop > /dev/null 2>&1")
        TestServer.running.withLock { $0.removeAll { $0 == data } }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new, empty database on the server.
    func database() throws -> StoreLocation {
        let name = lock.withLock {
            databases += 1
            return "motionbench_test_\(databases)"
        }
        let admin = try PostgreSQLConnection(StoreLocation(url))
        try admin.script("CREATE DATABASE \(name)")
        return StoreLocation(url.replacingOccurrences(of: "/postgres", with: "/\(name)"))
    }

    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw StoreError("no free port for the test server") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func asServerUser(_ command: String) throws {
        try shell(getuid() == 0 ? "runuser -u postgres -- sh -c \"\(command.replacingOccurrences(of: "\"", with: "\\\""))\"" : command)
    }

    /// `command` through /bin/sh, its output to /dev/null, waited for with `waitpid` (the server it
    /// starts outlives it, holding whatever it inherited).
    private static func shell(_ command: String) throws {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let words: [String] = ["/bin/sh", "-c", "PATH=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1):$PATH; " + command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0 else { throw StoreError("the test server: cannot start /bin/sh") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard status == 0 else {
            throw StoreError(
                "the test server: `\(command)` exited with status \(status) (Debian's postgresql must be installed; make deps installs it as root)")
        }
    }
}

/// A value behind a lock.
final class Mutex<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}
