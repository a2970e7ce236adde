/// `text` safe in XML and HTML, as element content and inside double-quoted attributes: the
/// markup characters escaped, line breaks and tabs as character references (so attributes keep
/// them), and the control characters XML 1.0 does not allow replaced by U+FFFD. One function for
/// JUnit, the report site's pages and SVG charts, and the conformance HTML.
public func markupEscape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\n": out += "&#10;"
        case "\t": out += "&#9;"
        case "\r": out += "&#13;"
        default: out.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
        }
    }
    return out
}
