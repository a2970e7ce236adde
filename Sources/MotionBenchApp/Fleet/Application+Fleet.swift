import BenchKit
import BenchStore
import Foundation
import HarnessSupport

/// `enqueue`: jobs for the fleet's collectors.
package struct EnqueueRequest: Sendable {
    package var store = StoreChoice()
    package var reports = URL(fileURLWithPath: "reports")
    package var repository = URL(fileURLWithPath: ".")
    /// Revisions (anything git resolves to a commit), each one job.
    package var revisions: [String] = []
    package var filter = "."
    package var profile = "standard"
    /// What each job builds in its revision's checkout: the package folder, its worker product
    /// and the configuration, as `compare-revisions` takes them.
    package var measured = MeasuredPackage()
    package init() {}
}

extension Application {
    /// Adds one job per revision, each resolved to its commit first (a name git does not know is
    /// refused before anything is added).
    package func enqueue(_ request: EnqueueRequest) throws -> [QueuedJob] {
        guard MeasurementProfile.named(request.profile) != nil else {
            throw RequestError(.profile, "'\(request.profile)'", "is not a profile: quick, standard or rigorous")
        }
        guard !request.revisions.isEmpty else { throw RequestError(.revisions, nil, "names none; a job is made for each revision given") }
        let commits = try request.revisions.map { try Self.commit($0, in: request.repository) }
        let store = try openStore(request.store, reports: request.reports)
        return try Self.storeFailure(store) {
            try commits.map { commit in
                let id = try store.enqueue(revision: commit, filter: request.filter, profile: request.profile, build: request.measured.job)
                return QueuedJob(
                    BenchmarkJob(id: id, revision: commit, filter: request.filter, profile: request.profile, attempt: 0, build: request.measured.job),
                    state: .queued)
            }
        }
    }

    /// The commit `reference` names in `repository`.
    static func commit(_ reference: String, in repository: URL) throws -> String {
        let git = WorkerProcess.onPath("git", ["-C", repository.path, "rev-parse", "--verify", "--quiet", "\(reference)^{commit}"], timeout: 60)
        guard case .finished(let output) = git.run() else { throw ToolError("'\(reference)' is not a revision of \(repository.path)") }
        let commit = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard commit.count == 40 else { throw ToolError("'\(reference)' is not a revision of \(repository.path)") }
        return commit
    }
}
