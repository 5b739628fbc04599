/// Text that must stay on one line and show exactly what it holds: a diagnostic on a terminal, a comment in
/// SQL kiln writes. Names and paths come from users' files and can hold any character; one that ends a line
/// (line feed, carriage return, NEL, U+2028, U+2029), steers a terminal (escape and the other C0 and C1
/// controls) or reorders how text is shown (Unicode's bidirectional controls) is written as an escape (`\n`,
/// `\r`, `\t`, `\u{1B}`), so such a name can neither forge a second line nor repaint the screen.
package enum OneLineText {
    /// `text` with every character that must not stand as it is (see ``OneLineText``) written as an escape,
    /// everything else as it is.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: mustEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard mustEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Whether `scalar` must be escaped: a control character (general category Cc: C0, DEL and C1), a line or
    /// paragraph separator, or a bidirectional control.
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isBidiControl
        }
    }
}
