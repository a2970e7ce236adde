/// Rows as aligned text columns, two spaces apart: the first column (a name) left-aligned, the
/// others (numbers) right-aligned unless listed in `leftAligned`. Widths count characters, so
/// `µs` and `×` take one column each, as a terminal shows them.
func textTable(_ rows: [[String]], leftAligned: Set<Int> = [0]) -> [String] {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
    return rows.map { row in
        row.enumerated().map { column, cell in
            let fill = String(repeating: " ", count: widths[column] - cell.count)
            return leftAligned.contains(column) ? cell + (column == row.count - 1 ? "" : fill) : fill + cell
        }.joined(separator: "  ").trimmingTrailingSpaces()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
