/// The name of every form a result is written in. Each kind of result renders some of them
/// (``RenderableResult/formats``), and one parser turns a name into a format for that kind, so a
/// format is called the same everywhere and a name a kind does not take is refused the same way.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, markdown, json, junit, csv, github, html
}

/// A result that can be written in some of the output formats.
public protocol RenderableResult {
    /// The formats it renders, in the order an error lists them.
    static var formats: [OutputFormat] { get }
    /// What it is, for an error naming a format it does not render: "a run", "a comparison".
    static var kind: String { get }
    /// The result in `format`; a format not in ``formats`` is ``UnknownFormat``.
    func render(_ format: OutputFormat) throws -> String
}

/// A format name that a kind of result does not render: the name and the formats it does.
public struct UnknownFormat: Error, CustomStringConvertible, Sendable {
    public var name: String
    public var kind: String
    public var expected: [OutputFormat]

    public init(name: String, kind: String, expected: [OutputFormat]) { (self.name, self.kind, self.expected) = (name, kind, expected) }

    public var description: String {
        "unknown format '\(name)' for \(kind); expected one of: \(expected.map(\.rawValue).joined(separator: ", "))"
    }
}

extension RenderableResult {
    /// The format called `name`, if this kind of result renders it.
    public static func format(named name: String) throws(UnknownFormat) -> OutputFormat {
        guard let format = OutputFormat(rawValue: name), formats.contains(format) else {
            throw UnknownFormat(name: name, kind: kind, expected: formats)
        }
        return format
    }

    /// The error for a format this kind does not render, for the `default` of a `render`.
    public static func unrendered(_ format: OutputFormat) -> UnknownFormat {
        UnknownFormat(name: format.rawValue, kind: kind, expected: formats)
    }
}
