import Foundation

/// Levenshtein distance, for suggesting the names nearest to a mistyped one.
public func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    guard !x.isEmpty, !y.isEmpty else { return max(x.count, y.count) }
    var previous = Array(0...y.count)
    for i in 1...x.count {
        var current = [i] + [Int](repeating: 0, count: y.count)
        for j in 1...y.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[y.count]
}

/// The `count` names nearest to `text` by edit distance, nearest first (ties in the names' order).
public func nearestNames(_ names: [String], to text: String, count: Int = 3) -> [String] {
    names.enumerated().map { (distance: editDistance($0.element, text), index: $0.offset, name: $0.element) }
        .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(count).map(\.name)
}

/// The one name close enough to `text` to be what was meant — within a third of its length in
/// edits, at least two — or nil, for "did you mean".
public func likelyName(_ names: [String], for text: String) -> String? {
    guard let nearest = nearestNames(names, to: text, count: 1).first else { return nil }
    return editDistance(nearest, text) <= max(2, text.count / 3) ? nearest : nil
}
