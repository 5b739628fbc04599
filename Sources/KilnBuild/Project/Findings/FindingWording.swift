import Kiln

/// What a rule says of the findings it makes: the words of each, and the codes tools list them by.
package protocol FindingWording {
    /// The codes of the rule's findings, each with the sentence SARIF lists as the rule's description.
    static var codes: [FindingCode] { get }

    /// The words of `reason`, when this rule makes it.
    ///
    /// - Returns: nil for a reason of another rule.
    static func words(for reason: CheckFinding.Reason) -> FindingWords?
}

extension FindingWording {
    /// None: the rule's findings carry their own words (``WordedFinding``).
    ///
    /// - Returns: nil.
    package static func words(for reason: CheckFinding.Reason) -> FindingWords? { nil }
}

/// A finding that carries its own words, declared in its rule's file beside the rule: how a new rule makes
/// its findings (as ``CheckFinding/Reason/worded(_:)``), so adding a check is one file and one line in
/// `CheckRules`, with no case to add to ``CheckFinding/Reason`` and no switch to extend.
package protocol WordedFinding: Sendable {
    /// Its severity, message, hint and code; the code must be one of its rule's ``FindingWording/codes``.
    var words: FindingWords { get }
}

/// A finding code as code-scanning tools list it: the id (`kiln check --json`'s `code`) and one sentence.
package struct FindingCode: Sendable, Equatable {
    /// The stable id, e.g. `query-failed`.
    package let id: String
    /// What findings of this code are, in a sentence.
    package let summary: String

    /// A code `id` described by `summary`.
    package init(_ id: String, _ summary: String) {
        self.id = id
        self.summary = summary
    }
}

/// The words of one finding: its severity, message, hint (in the library's words) and code.
package struct FindingWords: Sendable {
    /// Errors fail a check; warnings only a strict one; notes never.
    package let severity: Diagnostic.Severity
    /// What was found.
    package let message: String
    /// How to fix it, if the rule knows.
    package let hint: String?
    /// The finding's code, nil for another area's error.
    package let code: String?

    /// Words of an error.
    package init(_ message: String, hint: String? = nil, code: String?) {
        self.init(.error, message, hint: hint, code: code)
    }

    /// Words of a finding of `severity`.
    package init(_ severity: Diagnostic.Severity, _ message: String, hint: String? = nil, code: String?) {
        self.severity = severity
        self.message = message
        self.hint = hint
        self.code = code
    }
}
