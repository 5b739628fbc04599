/// How many columns text takes on a terminal, and text made safe to draw on one line. Progress lines carry
/// names from folders and files, which may be Chinese or Japanese (two columns a character), hold emoji, or
/// even a newline or an escape byte: a line cut by character count would wrap, and `\r ESC[K` could not erase
/// what wrapped.
///
/// The widths follow what terminals do, simplified: East-Asian wide and fullwidth characters and emoji shown
/// as pictures take two columns, combining marks and invisible format characters none, the rest one.
enum TerminalText {
    /// What a control character is drawn as: visible, one column, harmless.
    static let standIn: Unicode.Scalar = "?"

    /// `text` with every control character (a newline, a tab, an escape byte starting a colour or a cursor
    /// move, C1 controls), line and paragraph separators and bidirectional overrides replaced by ``standIn``.
    static func printable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isUnprintable(scalar) ? standIn : scalar)
        }
        return String(scalars)
    }

    /// The columns `text` takes, with each character counted by ``columns(of:)``.
    static func columns(_ text: String) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The columns one character (a grapheme cluster, e.g. a letter with its accents, or an emoji sequence)
    /// takes: its first scalar decides, unless a variation selector asks for an emoji picture.
    static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
        return columns(of: first)
    }

    /// `text` cut to at most `room` columns: whole characters only, the last one `…` when anything was cut.
    static func prefix(_ text: String, columns room: Int) -> String {
        guard columns(text) > room else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let width = columns(of: character)
            guard used + width <= room - 1 else { break }
            kept.append(character)
            used += width
        }
        return kept + "…"
    }

    /// The columns one scalar takes alone.
    private static func columns(of scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
        return 1
    }

    /// Whether a scalar is East-Asian wide or fullwidth: Hangul, CJK ideographs, kana, fullwidth forms.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Whether a scalar would move the cursor, start an escape sequence or reorder the line if drawn.
    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }
}
