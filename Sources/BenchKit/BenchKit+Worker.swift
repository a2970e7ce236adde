// The driver and the worker speak one vocabulary (the requests, reports and profiles); whoever
// drives workers sees it through BenchKit.
@_exported import BenchKitWorker
