/// Each command's exit codes and what each means, declared once: `COMMAND --help` prints them and
/// docs/commands.md's table is checked against them (CommandHelpTests). 1 is also every command's
/// usage or tool error.
extension CommandSpec {
    struct Exit {
        var code: Int32
        var meaning: String
    }

    static let exits: [String: [Exit]] = [
        "main": [
            Exit(code: 0, meaning: "every fixture passed and every benchmark completed"),
            Exit(code: 1, meaning: "a fixture failed, a benchmark did not complete or the store was not written"), Exit(code: 2, meaning: "a fixture error"),
        ],
        "run": [Exit(code: 0, meaning: "every benchmark completed (and every engine's values agreed)"), Exit(code: 1, meaning: "one did not")],
        "list": [Exit(code: 0, meaning: "benchmarks listed"), Exit(code: 1, meaning: "none matches the filter")],
        "compare": comparisonExits,
        "compare-revisions": comparisonExits.map {
            $0.code == 1 ? Exit(code: 1, meaning: "a failed benchmark, or a fixture present in both revisions changed its verdict") : $0
        },
        "calibrate": [Exit(code: 0, meaning: "the calibration is written"), Exit(code: 1, meaning: "it could not be measured")],
        "nightly": [
            Exit(code: 0, meaning: "nothing new"), Exit(code: 1, meaning: "conformance failures, or the store was not written (the JSON is kept)"),
            Exit(code: 2, meaning: "a new regression between revisions"),
        ],
        "report": [Exit(code: 0, meaning: "the site is written"), Exit(code: 1, meaning: "there is nothing to report")],
        "db": [Exit(code: 0, meaning: "done"), Exit(code: 1, meaning: "import: a file could not be read, or the folder holds nothing to import")],
        "enqueue": [
            Exit(code: 0, meaning: "every job added"),
            Exit(code: 1, meaning: "a revision git does not know (nothing is added) or a store that cannot be written"),
        ],
        "collector": [Exit(code: 0, meaning: "every job it claimed was measured"), Exit(code: 1, meaning: "a job failed")],
        "conform": [
            Exit(code: 0, meaning: "all passed (or only expected failures)"), Exit(code: 1, meaning: "failures, or nothing ran"),
            Exit(code: 2, meaning: "fixture errors or an engine that cannot start"),
        ],
        "fixtures regenerate": [
            Exit(code: 0, meaning: "done (with --check: nothing would change)"), Exit(code: 1, meaning: "with --check: a fixture would change"),
            Exit(code: 2, meaning: "fixtures that do not load"),
        ],
        "fixtures coverage": [
            Exit(code: 0, meaning: "every rule has a check"), Exit(code: 1, meaning: "a rule has none"), Exit(code: 2, meaning: "fixtures that do not load"),
        ],
        "fixtures generate": [Exit(code: 0, meaning: "scenarios kept"), Exit(code: 1, meaning: "none was kept")],
        "fixtures fuzz": [
            Exit(code: 0, meaning: "the campaign held: nothing crashed or ran over its budget, every control passed"),
            Exit(code: 1, meaning: "it did not"),
        ],
        "adapter": [Exit(code: 0, meaning: "its input ended")],
        "show": [Exit(code: 0, meaning: "shown"), Exit(code: 1, meaning: "not a stored result")],
        "env": [Exit(code: 0, meaning: "printed")],
    ]

    static let comparisonExits = [
        Exit(code: 0, meaning: "pass (improvements never fail)"), Exit(code: 1, meaning: "a failed benchmark, or nothing compared"),
        Exit(code: 2, meaning: "a regression"), Exit(code: 3, meaning: "inconclusive"), Exit(code: 4, meaning: "outputs differ"),
    ]
}
