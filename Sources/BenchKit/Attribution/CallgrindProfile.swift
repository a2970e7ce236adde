import Foundation

/// One callgrind output file read per function: what each function cost itself (its self cost)
/// and with everything it called (its inclusive cost), for every event the file counts.
///
/// The self costs of all functions add up to the file's total; an inclusive cost is the self
/// cost plus the costs of the calls the function made, a recursive call to itself left out (it
/// is inside the call's own cost already).
///
/// The format (valgrind's "Callgrind Format Specification"): `events:` names the columns;
/// `fn=` starts a function's cost lines, each positions then events; `cfn=` and `calls=` announce
/// a call whose inclusive cost is the next cost line. Names may be compressed: `(7) name` defines
/// number 7, a later `(7)` refers to it, per kind (objects, files, functions).
public struct CallgrindProfile: Sendable, Equatable {
    /// The events counted, `Ir` (instructions executed) first; with cache simulation also
    /// `Dr`, `Dw`, `I1mr`, `D1mr`, `D1mw`, `ILmr`, `DLmr`, `DLmw`.
    public var events: [String]
    /// The file's totals per event.
    public var totals: [UInt64]
    /// Each function by its symbol (mangled, as the binary names it).
    public var functions: [String: Cost]

    /// A function's costs per event.
    public struct Cost: Sendable, Equatable {
        public var selfCost: [UInt64]
        public var inclusive: [UInt64]
        /// The shared object it is in.
        public var object: String?

        public init(selfCost: [UInt64], inclusive: [UInt64], object: String?) {
            (self.selfCost, self.inclusive, self.object) = (selfCost, inclusive, object)
        }
    }

    /// The index of `event` in `events`.
    public func index(of event: String) -> Int? { events.firstIndex(of: event) }

    public init(events: [String], totals: [UInt64], functions: [String: Cost]) {
        (self.events, self.totals, self.functions) = (events, totals, functions)
    }

    /// Reads a callgrind output file's text; a line that does not parse is an error naming it.
    public init(parsing text: String) throws(CallgrindFormatError) {
        var events: [String] = ["Ir"], positions = 1
        var totals: [UInt64]?, summary: [UInt64]?
        var names: [String: [String: String]] = [:]
        var functions: [String: Cost] = [:]
        var object: String?, current: String?
        var pendingCall: (callee: String, object: String?)?, awaitingCallCost = false
        var callee: String?, calleeObject: String?

        func name(_ kind: String, _ value: Substring) -> String {
            let text = value.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("("), let close = text.firstIndex(of: ")") else { return text }
            let id = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { names[kind, default: [:]][id] = rest }
            return names[kind]?[id] ?? rest
        }
        func costs(_ fields: ArraySlice<Substring>, line: Int) throws(CallgrindFormatError) -> [UInt64] {
            var values = [UInt64](repeating: 0, count: events.count)
            for (index, field) in fields.prefix(events.count).enumerated() {
                guard let value = UInt64(field) else { throw CallgrindFormatError(line: line, text: String(field), expected: "a count") }
                values[index] = value
            }
            return values
        }

        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            guard let first = raw.first else { continue }
            if first == "#" { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                let fields = raw.split(separator: " ")
                guard fields.count >= positions, let function = current else {
                    throw CallgrindFormatError(line: line, text: String(raw), expected: "a cost line inside a function (fn=)")
                }
                let values = try costs(fields.dropFirst(positions), line: line)
                if awaitingCallCost {
                    awaitingCallCost = false
                    if let call = pendingCall, call.callee != function {
                        add(&functions[function, default: Cost(object: object)].inclusive, values)
                    }
                    pendingCall = nil
                } else {
                    add(&functions[function, default: Cost(object: object)].selfCost, values)
                    add(&functions[function, default: Cost(object: object)].inclusive, values)
                }
                continue
            }
            guard let equals = raw.firstIndex(of: "=") ?? raw.firstIndex(of: ":") else { continue }
            let key = raw[..<equals], value = raw[raw.index(after: equals)...]
            switch key {
            case "events":
                events = value.split(separator: " ").map(String.init)
            case "positions":
                positions = max(1, value.split(separator: " ").count)
            case "totals":
                totals = try costs(value.split(separator: " ")[...], line: line)
            case "summary":
                summary = try costs(value.split(separator: " ")[...], line: line)
            case "ob":
                object = name("ob", value)
            case "cob":
                calleeObject = name("ob", value)
            case "fn":
                current = name("fn", value)
                if let current, functions[current] == nil { functions[current] = Cost(object: object) }
                callee = nil
            case "cfn":
                callee = name("fn", value)
            case "calls":
                guard let target = callee ?? current else {
                    throw CallgrindFormatError(line: line, text: String(raw), expected: "calls= after a cfn= or inside a function")
                }
                pendingCall = (target, calleeObject ?? object)
                awaitingCallCost = true
                calleeObject = nil
            case "fl", "fi", "fe", "cfi", "cfl":
                _ = name("fl", value)
            default:
                continue
            }
        }
        guard let found = totals ?? summary else { throw CallgrindFormatError(line: 0, text: "", expected: "a totals: or summary: line") }
        self.init(events: events, totals: found, functions: functions)
    }
}

private func add(_ into: inout [UInt64], _ values: [UInt64]) {
    if into.count < values.count { into += [UInt64](repeating: 0, count: values.count - into.count) }
    for index in values.indices { into[index] &+= values[index] }
}

extension CallgrindProfile.Cost {
    init(object: String?) { self.init(selfCost: [], inclusive: [], object: object) }

    /// The cost of event `index`, 0 where none was counted.
    public func selfCost(_ index: Int) -> UInt64 { index < selfCost.count ? selfCost[index] : 0 }
    public func inclusive(_ index: Int) -> UInt64 { index < inclusive.count ? inclusive[index] : 0 }
}

/// A callgrind file that does not read: the line, what it said and what was expected there.
public struct CallgrindFormatError: Error, CustomStringConvertible, Equatable {
    public var line: Int
    public var text: String
    public var expected: String
    public var description: String {
        line == 0 ? "callgrind output: no \(expected)" : "callgrind output line \(line): '\(text.prefix(80))': expected \(expected)"
    }
}
