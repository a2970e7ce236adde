import Foundation
import HarnessSupport
import TestSupport
import Testing

@testable import BenchKit

/// The report site: its pages and charts from synthetic results, change points in its history,
/// and a real browser's rendering (headless Chromium, Debian's package; `make test` installs it).
@Suite("Report site", .serialized)
struct ReportSiteTests {
    static func run(_ name: String, elements: [String: Double], revision: String, date: String) -> RunResult {
        var environment = ComparisonTests.environment
        environment.gitRevision = revision
        let benchmarks = elements.sorted { $0.key < $1.key }.map { name, median -> BenchmarkResult in
            // The channel count the name carries (tick.fluid.10k.1: 10,000), as real results have it.
            let count = name.split(separator: ".").compactMap { ["1k": 1000, "10k": 10_000, "100k": 100_000][String($0)] }.first ?? 1000
            var b = BenchmarkResult(name: name, unit: .frame, elements: count, tags: [], status: .ok)
            var generator = SplitMix64(seed: UInt64(median))
            b.timing = TimingSummary(
                samples: (0..<50).map { _ in median * (1 + 0.02 * Double(generator.next() % 100) / 100) },
                iterationsPerSample: 1, elements: count, unit: .frame)
            return b
        }
        return RunResult(
            schemaVersion: 1, tool: "t", startedAt: date, finishedAt: date, profile: "standard", threads: 2, filter: nil,
            environment: environment, benchmarks: benchmarks)
    }

    /// tick.KIND.COUNT.THREADS on one thread and all, c.KIND.COUNT beside them.
    static let scaling = ScalingCharts(series: ["1 thread", "all threads", "C kernel"], element: "channel-frame", elements: "channels") { name in
        let parts = name.split(separator: ".").map(String.init)
        if parts.count == 4, parts[0] == "tick" { return .init(chart: "tick.\(parts[1])", series: parts[3] == "1" ? 0 : 1) }
        if parts.count == 3, parts[0] == "c" { return .init(chart: "tick.\(parts[1])", series: 2) }
        return nil
    }

    static func site() -> SiteGenerator {
        var site = SiteGenerator()
        site.scaling = scaling
        var history: [HistoryRecord] = []
        for day in 0..<12 {
            let step = day >= 7 ? 1.3 : 1.0 // a 30% regression from day 7
            let times = [
                "tick.fluid.1k.1": 9000 * step, "tick.fluid.10k.1": 90_000 * step, "tick.fluid.100k.1": 900_000 * step,
                "tick.fluid.1k.all": 6000, "tick.fluid.10k.all": 50_000, "tick.fluid.100k.all": 480_000,
                "c.fluid.1k": 900, "c.fluid.10k": 9000, "c.fluid.100k": 90_000,
            ]
            history.append(
                HistoryRecord(
                    run: run(
                        "n\(day)", elements: times, revision: String(format: "r%02d", day) + String(repeating: "a", count: 37),
                        date: "2026-11-\(10 + day)T02:00:00Z"), conformance: nil))
        }
        site.machines = [MachineHistory(name: "test machine", seriesKey: ComparisonTests.environment.seriesKey, runs: history.map { HistoryRun($0) })]
        site.latest = history.last?.run
        var slower = BenchmarkComparison(name: "tick.fluid.100k.1", verdict: .regressed, threshold: 0.05)
        (slower.ratio, slower.interval, slower.baselineMedian, slower.candidateMedian) = (1.30, [1.27, 1.33], 900_000, 1_170_000)
        var same = BenchmarkComparison(name: "tick.fluid.100k.all", verdict: .unchanged, threshold: 0.05)
        (same.ratio, same.interval, same.baselineMedian, same.candidateMedian) = (1.004, [0.99, 1.02], 480_000, 482_000)
        site.comparisons = [
            (
                "2026-11-17T030000Z-0000000006-0000000007",
                ComparisonReport(baseline: "day 6", candidate: "day 7", comparisons: [same, slower], geometricMeanRatio: 1.14)
            )
        ]
        site.conformanceHTML = "<p>185 passed, 0 failed</p>"
        site.conformanceSummary = "185 passed, 0 failed"
        return site
    }

    @Test("run dates are read as Foundation's ISO 8601 parser reads them, leap days and centuries included")
    func dates() {
        let formatter = ISO8601DateFormatter()
        var generator = SplitMix64(seed: 3)
        let seconds = [951_782_400.0, 4_107_542_399, 0, 1_709_164_800] + (0..<2000).map { _ in Double(generator.next() % 6_000_000_000) }
        for value in seconds {
            let text = formatter.string(from: Date(timeIntervalSince1970: value))
            #expect(SiteGenerator.seconds(text) == value, "\(text)")
        }
        #expect(SiteGenerator.seconds("2026-13-01T00:00:00Z") == nil)
    }

    @Test("the site's pages are written, self-contained, with SVG charts and the change point of the history")
    func pages() throws {
        let index = try Self.written.get()
        let folder = index.deletingLastPathComponent()
        let html = try String(contentsOf: index, encoding: .utf8)
        #expect(html.contains("<svg") && html.contains("Change points"))
        #expect(html.contains("1.30×"), "the injected 30% step is found")
        for page in ["history", "comparisons", "percentiles", "scaling", "conformance"] {
            let text = try String(contentsOf: folder.appendingPathComponent("\(page).html"), encoding: .utf8)
            // Nothing fetched from elsewhere (the SVG namespace URI is a name, not a resource).
            for external in ["<script", "<link", "@import", "src=\"http", "href=\"http", "url(http"] {
                #expect(!text.contains(external), "\(page) is self-contained: found \(external)")
            }
        }
        #expect(
            try String(contentsOf: folder.appendingPathComponent("history.html"), encoding: .utf8).contains("stroke-dasharray=\"5 3\""),
            "change-point markers")
    }

    /// The text of every tick label (`<text class="tick" …>LABEL</text>`) in `html`.
    static func tickLabels(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "<text class=\"tick\"[^>]*>([^<]*)</text>")
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range(at: 1), in: html)!]) }
    }

    @Test("chart axes read as people write numbers: dates, SI times, measured channel counts, p99.9, ratios; never exponent form")
    func axisLabels() throws {
        let folder = try Self.written.get().deletingLastPathComponent()
        func labels(_ page: String) throws -> [String] { Self.tickLabels(try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)) }
        for page in ["index.html", "history.html", "comparisons.html", "percentiles.html", "scaling.html"] {
            let all = try labels(page)
            #expect(!all.isEmpty, "\(page) has labelled axes")
            #expect(all.allSatisfy { $0.range(of: "[0-9][eE][+-]?[0-9]", options: .regularExpression) == nil }, "\(page): \(all)")
        }
        let history = try labels("history.html")
        #expect(history.contains("Nov 11") && history.contains("0") && history.contains { $0.hasSuffix(" µs") }, "\(history.prefix(30))")
        let scaling = try labels("scaling.html")
        #expect(["1k", "10k", "100k"].allSatisfy(scaling.contains), "the measured channel counts are the ticks: \(scaling)")
        #expect(!scaling.contains("5.62k") && scaling.contains { $0.hasSuffix(" ns") }, "\(scaling)")
        let percentiles = try labels("percentiles.html")
        #expect(["p50", "p90", "p99", "p99.9"].allSatisfy(percentiles.contains), "\(percentiles)")
        let comparisons = try String(contentsOf: folder.appendingPathComponent("comparisons.html"), encoding: .utf8)
        #expect(
            Self.tickLabels(comparisons).contains("1×") && comparisons.contains("±5% time threshold")
                && comparisons.contains("<h2>day 7 against day 6</h2>"))
        // Hover details: each history point names its value, interval, revision, date and machine.
        let page = try String(contentsOf: folder.appendingPathComponent("history.html"), encoding: .utf8)
        #expect(
            page.contains("(95%: ") && page.contains("revision r11aaaaaaa") && page.contains("2026-11-21T02:00:00Z, standard profile")
                && page.contains("Test CPU, 2 CPUs"))
        #expect(page.contains(">1.3× r06aaaa..r07aaaa</text>"), "the step's marker names its ratio and revision range")
    }

    /// The site of `site()`, written once for the tests that read it (writing it takes seconds in
    /// a debug build: every history's change points and intervals); its index page.
    static let written = Result { () throws -> URL in try site().write(to: TemporaryFolder.name("site")) }

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "the summary page renders in a real browser and its charts are drawn",
        .enabled(if: chromium != nil, "Debian's chromium package is not installed (make test installs it when run as root)"))
    func screenshot() throws {
        let index = try Self.written.get()
        let folder = index.deletingLastPathComponent()
        let png = folder.appendingPathComponent("summary.png")
        let render = try Shell.run(
            "\"\(Self.chromium!)\" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,700 "
                + "--screenshot=\"\(png.path)\" \"file://\(index.path)\"", in: folder)
        #expect(FileManager.default.fileExists(atPath: png.path), "chromium wrote no screenshot: \(render.output.suffix(500))")
        // Count the pixels of the charts' line colours (blue #1f5fbf, red #c0392b) in the PNG,
        // decoded with Python's standard zlib.
        let count = try Shell.run("python3 - \"\(png.path)\" <<'PY'\n\(Self.pixelCounter)\nPY", in: folder)
        let numbers = count.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(numbers.count == 2, "\(count.output)")
        #expect(numbers.first ?? 0 > 200, "blue chart lines drawn: \(numbers)")
        #expect(numbers.last ?? 0 > 100, "red chart lines drawn: \(numbers)")
        // The browser's own reading of the pages: the axis labels it laid out.
        for (page, expected) in [
            ("history.html", ["Nov 11", " µs"]), ("scaling.html", ["100k", " ns"]), ("percentiles.html", ["p99.9"]),
            ("comparisons.html", ["1.3×", "1×"]),
        ] {
            let dom = try Shell.run(
                "\"\(Self.chromium!)\" --headless --no-sandbox --disable-gpu --dump-dom \"file://\(folder.appendingPathComponent(page).path)\"", in: folder)
            let labels = Self.tickLabels(dom.output) + [dom.output.contains(">1.3×<") ? "1.3×" : ""]
            for text in expected {
                #expect(labels.contains { $0.contains(text) }, "\(page) as Chromium read it has a label with \(text): \(labels.prefix(20))")
            }
        }
    }

    /// A minimal PNG decoder (8-bit RGB/RGBA, all filters) that counts chart-coloured pixels.
    static let pixelCounter = """
        import sys, zlib, struct
        data = open(sys.argv[1], 'rb').read()
        pos, idat, width, height, ctype = 8, b'', 0, 0, 0
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            chunk = data[pos + 8:pos + 8 + length]
            if kind == b'IHDR':
                width, height, depth, ctype = struct.unpack('>IIBB', chunk[:10])
            elif kind == b'IDAT':
                idat += chunk
            pos += 12 + length
        bpp = 4 if ctype == 6 else 3
        raw, stride, prev, blue, red = zlib.decompress(idat), width * bpp, bytearray(width * bpp), 0, 0
        for y in range(height):
            f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                if f == 1: line[i] = (line[i] + a) & 255
                elif f == 2: line[i] = (line[i] + b) & 255
                elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            for x in range(0, stride, bpp):
                r, g, bl = line[x], line[x + 1], line[x + 2]
                if abs(r - 0x1f) < 40 and abs(g - 0x5f) < 40 and abs(bl - 0xbf) < 40: blue += 1
                if abs(r - 0xc0) < 40 and abs(g - 0x39) < 40 and abs(bl - 0x2b) < 40: red += 1
            prev = line
        print(blue, red)
        """
}
