import BenchKit
import BenchStore

/// The Swift package a checkout of a revision builds and measures, as a request names it
/// (`compare-revisions`, `enqueue`, a bisection): nil fields are this repository, its own
/// benchmark worker and a release build.
package struct MeasuredPackage: Sendable, Equatable {
    /// A folder inside each checkout (`Examples/swift-engine`); nil: the checkout itself.
    package var path: String?
    /// The executable product that is the benchmark worker.
    package var workerProduct: String?
    /// `release` or `debug`.
    package var configuration: String?

    package static let defaultWorkerProduct = RevisionComparison.Options().workerProduct
    package static let defaultConfiguration = RevisionComparison.Options().configuration

    package init(path: String? = nil, workerProduct: String? = nil, configuration: String? = nil) {
        (self.path, self.workerProduct, self.configuration) = (path, workerProduct, configuration)
    }

    /// As a queued job records it.
    var job: BenchmarkJob.Build { BenchmarkJob.Build(packagePath: path, workerProduct: workerProduct, configuration: configuration) }
}
