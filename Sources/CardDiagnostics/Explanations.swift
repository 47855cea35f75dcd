// Long explanations for `cardc explain CODE` (docs/language.md §10): for every `DiagnosticCode` a
// short rationale, a minimal deck that triggers exactly that code, and the same deck fixed.
//
// The examples are data that tests run through the real checker: every `wrong` deck must report
// its code, every `corrected` deck must report nothing at all. Keep them complete and
// self-contained (no imports except where the code is about imports), short, and written with
// the catalog's parts, traits and arguments only.

/// The long explanation of one diagnostic code.
public struct CodeExplanation: Sendable {
    /// What the rule is, why it exists, and how to fix it (2–5 sentences).
    public let summary: String
    /// A complete, minimal `.cards` file that triggers this code.
    public let wrong: String
    /// The same file fixed: it produces no diagnostics at all.
    public let corrected: String

    public init(summary: String, wrong: String, corrected: String) {
        self.summary = summary
        self.wrong = wrong
        self.corrected = corrected
    }
}

extension DiagnosticCode {
    /// The long explanation, with a wrong and a corrected example.
    public var explanation: CodeExplanation {
        switch self {
        // MARK: E1xx lexical
        case .e101:
            CodeExplanation(
                summary: #"""
                A string literal `"…"` must be closed with `"` on the same line: single-line strings \#
                may not contain a raw line break. The lexer ends the unterminated string at the end \#
                of its line so the rest of the deck still parses, but the text has lost its closing \#
                quote. Add the missing `"`; for text that really spans lines write `\n` or use a \#
                multi-line string `"""…"""`.
                """#,
                wrong: #"""
                card Balance {
                  text("Checking account)
                  text("$2,450.18", style: .title)
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking account")
                  text("$2,450.18", style: .title)
                }
                """#)
        case .e102:
            CodeExplanation(
                summary: #"""
                A character that cannot begin any token (such as `!`, `@`, `%`, `=`, a backtick or a \#
                typographic quote) appears outside a string or comment. The character is dropped and \#
                reported once; the rest of the line is parsed as if it were not there. Delete it: \#
                Swift habits such as force-unwrapping (`action: save!`) have no meaning in a deck, \#
                where arguments are always `label: value`. (A `=` alone where that `:` belongs, as \#
                in `spacing = 8`, is E201 instead, with a fix-it writing the `:`.)
                """#,
                wrong: #"""
                card Transfer {
                  text("Move money between accounts")
                  button("Transfer", action: startTransfer!)
                }
                """#,
                corrected: #"""
                card Transfer {
                  text("Move money between accounts")
                  button("Transfer", action: startTransfer)
                }
                """#)
        case .e103:
            CodeExplanation(
                summary: #"""
                A number is malformed: it has a second decimal point, letters or units glued to it \#
                (`8px`), no digits after `.` or in the exponent, no digit before the point (`.5`), \#
                or it does not fit in 64 bits. Numbers are written `42`, `-3`, `0.5`, `1e3` or \#
                `1_000`; CardParts measures every length in points, so units are never written. \#
                Correct the literal (write `0.5`, not `.5`).
                """#,
                wrong: #"""
                card Rent {
                  hstack(spacing: 1.2.3) {
                    text("Rent")
                    text("$1,850.00")
                  }
                }
                """#,
                corrected: #"""
                card Rent {
                  hstack(spacing: 12) {
                    text("Rent")
                    text("$1,850.00")
                  }
                }
                """#)
        case .e104:
            CodeExplanation(
                summary: #"""
                A color literal is `#` followed by exactly 3, 6 or 8 hexadecimal digits: `#RGB`, \#
                `#RRGGBB` or `#RRGGBBAA` (case-insensitive). The color token takes every letter and \#
                digit after `#`, so a non-hex letter or a wrong digit count makes the whole token \#
                one error. Fix the digits, or use a named UIKit color such as `.green`.
                """#,
                wrong: #"""
                card Spending {
                  text("Spent $412.80", color: #12G)
                }
                """#,
                corrected: #"""
                card Spending {
                  text("Spent $412.80", color: #2E7D32)
                }
                """#)
        case .e105:
            CodeExplanation(
                summary: #"""
                Inside a string a backslash starts an escape, and only Swift's escapes are valid: \#
                `\n`, `\t`, `\r`, `\"`, `\\`, `\0` and `\u{…}` with 1 to 8 hex digits naming a \#
                Unicode scalar. Anything else (`\q`, `\u1F600`, `\u{D800}`) is rejected so the text \#
                the generated Swift shows is exactly the text written. Use a valid escape, or write \#
                `\\` for a literal backslash. Strings are not interpolated: for Swift's `"\(name)"`, \#
                the help names the binding to write in place of the string (`$name`).
                """#,
                wrong: #"""
                card Categories {
                  text("Groceries\qDining", lines: 2)
                }
                """#,
                corrected: #"""
                card Categories {
                  text("Groceries\nDining", lines: 2)
                }
                """#)
        case .e106:
            CodeExplanation(
                summary: #"""
                A block comment `/*` is never closed by `*/`. Block comments nest, as in Swift, so \#
                every `/*` inside a comment needs its own `*/`; otherwise the comment silently runs \#
                to the end of the file and hides everything after it. Close each opened comment, or \#
                use `//` line comments to disable code.
                """#,
                wrong: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                /* Savings is disabled for now:
                card Savings { /* TODO: goal bar */
                  text("Emergency fund $8,100.00")
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                /* Savings is disabled for now:
                card Savings { /* TODO: goal bar */
                  text("Emergency fund $8,100.00")
                }
                */
                """#)
        case .e107:
            CodeExplanation(
                summary: #"""
                Deck files must be UTF-8, and this file contains bytes that are not valid UTF-8, \#
                typically because it was saved as Latin-1 or Windows-1252 (where `é` is the single \#
                byte 0xE9). Each invalid byte is reported at its byte offset, counting one column, \#
                and is never passed on to generated code or the terminal. Re-save the file as UTF-8. \#
                (The example cannot show raw invalid bytes; its comment marks where they are.)
                """#,
                wrong: #"""
                card Coffee {
                  // Saved as Latin-1: the `é` below is the single byte 0xE9, invalid in UTF-8.
                  text("Café au lait $4.25")
                }
                """#,
                corrected: #"""
                card Coffee {
                  // Saved as UTF-8: `é` is the two bytes 0xC3 0xA9.
                  text("Café au lait $4.25")
                }
                """#)
        case .e108:
            CodeExplanation(
                summary: ##"""
                Multi-line strings follow Swift's rules: the content starts on the line after the \##
                opening `"""`, the closing `"""` stands on a line of its own, and its indentation is \##
                stripped from every content line, so each non-blank line must start with at least \##
                that indentation. These rules make the text shown by CardParts independent of how \##
                the deck is indented. Move the content to the next line, put the closing delimiter \##
                on its own line, or indent the lines at least as far as the closing `"""`.
                """##,
                wrong: ##"""
                card Tip {
                  text("""Pay your card in full
                    to avoid interest.
                    """, lines: 2)
                }
                """##,
                corrected: ##"""
                card Tip {
                  text("""
                    Pay your card in full
                    to avoid interest.
                    """, lines: 2)
                }
                """##)

        // MARK: E2xx syntax
        case .e201:
            CodeExplanation(
                summary: #"""
                The parser found a token that cannot appear at this point, for example two \#
                arguments without the `,` between them, a value where a name is needed, or a part \#
                at file level. Every construct has one uniform form (`name(args) { items }`, \#
                `label: value`), so the message says what was expected. After the error the parser \#
                re-synchronises at the next item, so one mistake gives one diagnostic. A `=` written \#
                where a property's or an argument label's `:` belongs (`title = "Trip"`, \#
                `bar(percent = 0.4)`, a model field `spent = 0.4`) is reported here, at the `=`, with \#
                a fix-it writing `:`; the property or argument is then checked as if the `:` were \#
                there. So are three other habits from Swift: a declaration's traits, kind or parent \#
                theme without the `:` before them (`card Vaccines rounded(radius: 12) {`, \#
                `stack Home list {`), a name in quotes (`state "restDay" {`), and a type before a \#
                value (`name: String = "Biscuit"`: a model field's type is inferred from its \#
                default). Each is one error with a fix-it, and what follows is checked as if written \#
                right. SwiftUI-style modifiers after a part (`text("Hi").font(.title)`) are one error \#
                too: a part's settings are its arguments, and the fix-it moves a modifier with one \#
                value into them (`text("Hi", font: .title)`, where the checker then offers \#
                `style:`).
                """#,
                wrong: #"""
                card Balance rounded(radius: 12) {
                  model {
                    owner: String = "Sam"
                  }
                  text("Checking $2,450.18" style: .title)
                  text($owner)
                  bar(percent = 0.4)
                }

                stack Home list {
                  Balance
                }
                """#,
                corrected: #"""
                card Balance: rounded(radius: 12) {
                  model {
                    owner: "Sam"
                  }
                  text("Checking $2,450.18", style: .title)
                  text($owner)
                  bar(percent: 0.4)
                }

                stack Home: list {
                  Balance
                }
                """#)
        case .e202:
            CodeExplanation(
                summary: #"""
                A `{`, `(` or `[` is never closed. The diagnostic points at the opener and labels \#
                the place where the closer was expected; a `card`, `stack` or `theme` at the start \#
                of a line ends the unclosed blocks around it, so the next declaration still parses. \#
                Add the missing closer where the label shows.
                """#,
                wrong: #"""
                card Checking {
                  text("Checking $2,450.18")

                card Savings {
                  text("Savings $8,100.00")
                }
                """#,
                corrected: #"""
                card Checking {
                  text("Checking $2,450.18")
                }

                card Savings {
                  text("Savings $8,100.00")
                }
                """#)
        case .e203:
            CodeExplanation(
                summary: #"""
                The same argument label is given twice in one argument list. Every argument maps to \#
                one property or initializer parameter of the CardParts view (here \#
                `CardPartTextView.textStyle`), so a second value would silently override the first. \#
                Keep one of them.
                """#,
                wrong: #"""
                card Bill {
                  text("Rent due May 31", style: .detail, style: .small)
                }
                """#,
                corrected: #"""
                card Bill {
                  text("Rent due May 31", style: .small)
                }
                """#)
        case .e204:
            CodeExplanation(
                summary: #"""
                Blocks, argument lists, lists and records may nest at most 256 levels deep. Decks \#
                are untrusted input, and the limit guarantees the compiler, the language server and \#
                the generated view hierarchy never overflow the stack; the too-deep group is skipped. \#
                No real card needs this depth (the example nests 255 `vstack`s): flatten the \#
                layout or split it into separate cards.
                """#,
                wrong: DiagnosticCode.deepNestingExample,
                corrected: #"""
                card Deep {
                  vstack {
                    text("Net worth")
                    separator
                  }
                }
                """#)
        case .e205:
            CodeExplanation(
                summary: #"""
                `card`, `stack` and `theme` declarations exist only at file level, and `import`s \#
                only at the top of a file before any declaration; only `state` may be declared \#
                inside a card. CardParts has no nested card controllers: a card that should appear \#
                with another one belongs next to it in a stack. Move the declaration to file level \#
                (and the import to the top of the file).
                """#,
                wrong: #"""
                card Overview {
                  text("This month")
                  card Budget {
                    text("$1,240 of $2,000 spent")
                  }
                }
                """#,
                corrected: #"""
                card Overview {
                  text("This month")
                }

                card Budget {
                  text("$1,240 of $2,000 spent")
                }
                """#)

        // MARK: E3xx names and imports
        case .e301:
            CodeExplanation(
                summary: #"""
                The name is not a part of the catalog (the language reference, §7.1). Parts map one-to-one to \#
                CardParts views (`text` is `CardPartTextView`, `bar` is `CardPartBarView`), and the \#
                message suggests the closest part name, also when a CardParts class name is written \#
                instead. Use the suggested part.
                """#,
                wrong: #"""
                card Balance {
                  txet("Checking $2,450.18")
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18")
                }
                """#)
        case .e302:
            CodeExplanation(
                summary: #"""
                A card's conformances are its traits, and this one is not in the trait catalog. \#
                Each trait stands for a CardParts protocol (`rounded` is `RoundedCardTrait`, \#
                `shadow` is `ShadowCardTrait`), and the message suggests the closest trait name, \#
                also when the protocol name is written. Use the suggested trait.
                """#,
                wrong: #"""
                card Balance: round(radius: 10) {
                  text("Checking $2,450.18")
                }
                """#,
                corrected: #"""
                card Balance: rounded(radius: 10) {
                  text("Checking $2,450.18")
                }
                """#)
        case .e303:
            CodeExplanation(
                summary: #"""
                A stack lists, or a `push(…)` names, a card that is not declared in this file or its \#
                imports. The generated stack controller instantiates one card controller per \#
                reference, so every name must resolve. Declare the card, import the file that \#
                declares it, or fix the spelling.
                """#,
                wrong: #"""
                card Checking {
                  text("Checking $2,450.18")
                }

                stack Accounts: list {
                  Checking
                  Savings
                }
                """#,
                corrected: #"""
                card Checking {
                  text("Checking $2,450.18")
                }

                card Savings {
                  text("Savings $8,100.00")
                }

                stack Accounts: list {
                  Checking
                  Savings
                }
                """#)
        case .e304:
            CodeExplanation(
                summary: #"""
                A stack's `theme:` or a theme's parent names a theme that does not exist. Themes \#
                become `CardPartsTheme` implementations; `Mint` and `Turbo` are built in and any \#
                other theme must be declared with `theme Name: Parent { … }` in this file or an \#
                imported one. The label lists the themes there are. Declare the theme or use one of \#
                those.
                """#,
                wrong: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                stack Overview: list {
                  theme: Midnight
                  Balance
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                stack Overview: list {
                  theme: Turbo
                  Balance
                }
                """#)
        case .e305:
            CodeExplanation(
                summary: #"""
                Two cards, two stacks or two themes have the same name. Names are global across a \#
                file and its imports (one namespace per kind), because each declaration becomes a \#
                Swift type such as `BalanceCardController`. The later declaration is reported, with a \#
                note at the earlier one: an imported file's declarations come before those of the \#
                file importing it, so a name taken by an import is reported where it is taken again. \#
                Rename one of them.
                """#,
                wrong: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                card Balance {
                  text("Savings $8,100.00")
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                card Savings {
                  text("Savings $8,100.00")
                }
                """#)
        case .e306:
            CodeExplanation(
                summary: #"""
                The file named by an `import` does not exist or cannot be read. Import paths are \#
                relative to the importing file (not to the working directory) and must name the \#
                file exactly, including `.cards`; the help names the file of that directory whose \#
                name is closest. Fix the path or create the file. An import that fails is not \#
                loaded, so the cards and themes it may declare are not reported unknown until it is \#
                found (unless a declared name is close enough to suggest).
                """#,
                wrong: #"""
                import "missing.cards"

                card Balance {
                  text("Checking $2,450.18")
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18")
                }
                """#)
        case .e307:
            CodeExplanation(
                summary: #"""
                Files import each other in a cycle, or themes inherit from each other in a cycle. A \#
                theme's properties are resolved from its parent up to a built-in theme (`Mint` or \#
                `Turbo`), and an import cycle would load files forever, so neither may loop. The \#
                cycle is reported once, naming every member; break it by letting one theme inherit \#
                from a built-in theme (or by moving shared declarations into a third file).
                """#,
                wrong: #"""
                theme Night: Dusk {
                  titleColor: #FFFFFF
                }

                theme Dusk: Night {
                  cardBackgroundColor: #1C1C1E
                }
                """#,
                corrected: #"""
                theme Night: Dusk {
                  titleColor: #FFFFFF
                }

                theme Dusk: Turbo {
                  cardBackgroundColor: #1C1C1E
                }
                """#)
        case .e308:
            CodeExplanation(
                summary: #"""
                An import path leads outside the project root (the directory of the entry file, or \#
                `--root`). Decks are compiled in build plugins and CI, so a deck may only read files \#
                inside its own project. Move the imported file into the project and import it with \#
                a path that stays inside the root.
                """#,
                wrong: #"""
                import "../outside.cards"

                card Balance {
                  text("Checking $2,450.18")
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18")
                }
                """#)
        case .e309:
            CodeExplanation(
                summary: #"""
                A stack's conformance must be one of the stack kinds: `list` (CardParts' \#
                `CardsViewController`), `fullScreen`, `collapsible` (CardsStack), `swipe` \#
                (MGSwipeCards) or `sheet` (TGCardViewController). The message suggests the closest \#
                kind. Use one of these kinds. Until the kind is known, the rules that depend on a \#
                card's stacks (W703, W704, E704, W502) say nothing of the cards the stack lists.
                """#,
                wrong: #"""
                card Visa {
                  text("Visa •••• 4821")
                }

                stack Wallet: collapsable {
                  Visa
                }
                """#,
                corrected: #"""
                card Visa {
                  text("Visa •••• 4821")
                }

                stack Wallet: collapsible {
                  Visa
                }
                """#)
        case .e310:
            CodeExplanation(
                summary: #"""
                The argument label or property is not one the part, trait, stack or theme takes. \#
                Each argument maps to a specific CardParts property (for `text`: `textStyle`, \#
                `textColor`, `font`, `textAlignment`, `numberOfLines`), so an unknown one cannot be \#
                generated. Check the catalog entry for the names it accepts; here the size comes \#
                from `style:` or `font:`. The did-you-mean also knows labels other frameworks use \#
                (`onTap` for a button's `action:`, `foregroundColor` for `color:`), a label written on \#
                the unlabeled first argument (`image(named: "dog")`, fixed by removing it), and a \#
                stack's property written in a card (`theme:`, set in the stack instead).
                """#,
                wrong: #"""
                card Balance {
                  text("Checking $2,450.18", size: 17)
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18", font: font(.system, 17))
                }
                """#)
        case .e311:
            CodeExplanation(
                summary: #"""
                The enum case is not one the parameter accepts. Every enum parameter lists its cases \#
                in the catalog, mirroring the CardParts enum it becomes (for `text`'s `style:`, \#
                `CardPartTextType`: `.normal`, `.title`, `.detail`, `.small`, `.header`). Use one of \#
                the listed cases; font weights belong in `font(.system, size, weight: …)`. The same \#
                code covers a font family written as a case: `.system` is the only one, and any \#
                other font is named in quotes, as in `font("Menlo", 12)`.
                """#,
                wrong: #"""
                card Balance {
                  text("Checking $2,450.18", style: .bold)
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18", style: .title)
                }
                """#)
        case .e312:
            CodeExplanation(
                summary: #"""
                A name would clash in the Swift that `cardc build --emit swift` generates. Actions \#
                become methods of the card's generated `CardPartsViewController` subclass, parts' \#
                `id:`s its properties, and model fields properties of its view model, spelled as \#
                written, so an action or an id named after a member the controller inherits \#
                (`viewDidLoad`, `loadView`, `view`) or declares \#
                (`viewModel`, a trait's `cornerRadius`), a name the generated code uses (`UIColor`, \#
                `BehaviorRelay`), or a declaration whose generated type would be a framework type \#
                (`stack CardParts: fullScreen` → `CardPartsFullScreenViewController`) would not \#
                compile. Both flavors are checked. Rename the action, id, field or declaration.
                """#,
                wrong: #"""
                card Budget {
                  text("Monthly budget")
                  button("Reload", action: viewDidLoad)
                }
                """#,
                corrected: #"""
                card Budget {
                  text("Monthly budget")
                  button("Reload", action: reloadBudget)
                }
                """#)

        case .e313:
            CodeExplanation(
                summary: #"""
                A part's `id:` names the part in the code generated from it (the Swift back end \#
                names the part's property after it), so it must be an identifier — an ASCII letter \#
                or `_`, then letters, digits or `_`, and not a Swift keyword — and unique within \#
                its card. Without an `id:` a part's property is named by its position \#
                (`footerHstackButton2`), which changes when a part is added before it; an `id:` \#
                keeps the name stable. Rename the id.
                """#,
                wrong: #"""
                card Dog {
                  button("Like", action: like, id: "like button")
                  button("Nope", action: nope, id: "choice")
                  button("Save", action: save, id: "choice")
                }
                """#,
                corrected: #"""
                card Dog {
                  button("Like", action: like, id: "likeButton")
                  button("Nope", action: nope, id: "nopeButton")
                  button("Save", action: save, id: "saveButton")
                }
                """#)

        // MARK: E4xx nesting
        case .e401:
            CodeExplanation(
                summary: #"""
                A leaf part was given a `{ … }` block of children. Leaf parts such as `text`, \#
                `button`, `image` or `bar` are single UIKit views in CardParts and cannot host \#
                other parts; the children are not checked further. Move the children next to the \#
                part, or wrap both in an `hstack`/`vstack`.
                """#,
                wrong: #"""
                card Accounts {
                  button("See accounts", action: openAccounts) {
                    text("3 linked")
                  }
                }
                """#,
                corrected: #"""
                card Accounts {
                  hstack(spacing: 8) {
                    button("See accounts", action: openAccounts)
                    text("3 linked")
                  }
                }
                """#)
        case .e403:
            CodeExplanation(
                summary: #"""
                A container only accepts certain kinds of child. `paged` (CardPartPagedView) pages \#
                through stack views, so each of its children must be a `vstack` or `hstack`. The \#
                wrong child is reported; wrap it in a stack.
                """#,
                wrong: #"""
                card Tips {
                  paged(height: 120) {
                    vstack {
                      text("Pay your card in full each month.")
                    }
                    text("Round up purchases into savings.")
                  }
                }
                """#,
                corrected: #"""
                card Tips {
                  paged(height: 120) {
                    vstack {
                      text("Pay your card in full each month.")
                    }
                    vstack {
                      text("Round up purchases into savings.")
                    }
                  }
                }
                """#)
        case .e404:
            CodeExplanation(
                summary: #"""
                A container needs an exact number of children: `centered` \#
                (CardPartCenteredView) takes exactly three parts (left, center, right), and \#
                `collection` exactly one `cell`. Add or remove children to match.
                """#,
                wrong: #"""
                card CreditScore {
                  centered {
                    text("300", style: .small)
                    text("742", style: .header)
                  }
                }
                """#,
                corrected: #"""
                card CreditScore {
                  centered {
                    text("300", style: .small)
                    text("742", style: .header)
                    text("850", style: .small)
                  }
                }
                """#)
        case .e405:
            CodeExplanation(
                summary: #"""
                The node is not allowed where it is written. Parts belong inside a card, a state, a \#
                container part, an `overlay` or a `footer`; a `cell` template only directly inside \#
                a `table` or `collection`, because it becomes that view's \#
                `CardPartTableViewCardPartsCell`. Move the node to a place where it is allowed.
                """#,
                wrong: #"""
                card Recent {
                  title("Recent transactions")
                  cell {
                    text("Whole Foods Market")
                  }
                }
                """#,
                corrected: #"""
                card Recent {
                  model {
                    transactions: [(merchant: "Whole Foods Market", amount: "-$84.12")]
                  }
                  title("Recent transactions")
                  table(rows: $transactions) {
                    cell {
                      text($item.merchant)
                      text($item.amount)
                    }
                  }
                }
                """#)
        case .e406:
            CodeExplanation(
                summary: #"""
                A container has more children of one kind than it supports: `attributedText` \#
                (CardPartAttributedTextView) wraps its text around at most one `image`. The excess \#
                child is reported; remove it or show it as a separate part.
                """#,
                wrong: #"""
                card Offer {
                  attributedText("Earn 5% back on groceries this month.") {
                    image("grocery-icon", decorative: true)
                    image("cashback-icon", decorative: true)
                  }
                }
                """#,
                corrected: #"""
                card Offer {
                  attributedText("Earn 5% back on groceries this month.") {
                    image("grocery-icon", decorative: true)
                  }
                }
                """#)
        case .w103:
            CodeExplanation(
                summary: #"""
                A container part (`vstack`, `hstack`, `paged`, `oriented`, `cell`…) has no \#
                children. An empty CardPartStackView lays out to nothing, so the container is \#
                almost certainly unfinished. Add the parts it should hold, or remove it.
                """#,
                wrong: #"""
                card Balance {
                  text("Checking $2,450.18")
                  hstack(spacing: 8) {
                  }
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18")
                  hstack(spacing: 8) {
                    pill("Available")
                    text("Updated today", style: .small)
                  }
                }
                """#)
        case .w402:
            CodeExplanation(
                summary: #"""
                `verticalSeparator` (CardPartVerticalSeparatorView) draws a vertical line between \#
                side-by-side parts; in a card body or `vstack`, where parts are stacked vertically, \#
                it has no height to span and shows nothing. Put it inside an `hstack` or \#
                `centered`, or use `separator` for a horizontal line.
                """#,
                wrong: #"""
                card Spending {
                  text("Spent $412.80")
                  verticalSeparator
                  text("Daily average $58.97")
                }
                """#,
                corrected: #"""
                card Spending {
                  hstack(spacing: 12) {
                    text("Spent $412.80")
                    verticalSeparator
                    text("Daily average $58.97")
                  }
                }
                """#)

        // MARK: E5xx traits
        case .e501:
            CodeExplanation(
                summary: #"""
                A trait is missing one of its requirements. Each trait is a CardParts protocol whose \#
                methods the generated controller must implement (`ShadowCardTrait` requires \#
                `shadowColor()`, `shadowRadius()`, `shadowOpacity()` and `shadowOffset()`), and a \#
                trait argument without a default supplies one of them. One diagnostic lists every \#
                missing requirement, with a fix-it that inserts placeholders; give them all.
                """#,
                wrong: #"""
                card Budget: shadow(color: .lightGray, radius: 10) {
                  text("$1,240 of $2,000 spent")
                }
                """#,
                corrected: #"""
                card Budget: shadow(color: .lightGray, radius: 10, opacity: 0.5, offset: size(0, 5)) {
                  text("$1,240 of $2,000 spent")
                }
                """#)
        case .e502:
            CodeExplanation(
                summary: #"""
                A card lists the same trait twice. A Swift class conforms to a protocol only once, \#
                so the generated controller could implement only one of the two (for `rounded`, one \#
                `cornerRadius()`). Keep one occurrence with the value you want.
                """#,
                wrong: #"""
                card Balance: rounded(radius: 10), rounded(radius: 12) {
                  text("Checking $2,450.18")
                }
                """#,
                corrected: #"""
                card Balance: rounded(radius: 12) {
                  text("Checking $2,450.18")
                }
                """#)
        case .e503:
            CodeExplanation(
                summary: #"""
                A trait argument is outside its allowed range: radii, border widths and margins \#
                must be ≥ 0, a shadow's `opacity` in 0…1, `longPress`'s `minimumDuration` > 0, and \#
                a `gradient` needs at least two colors. UIKit would silently clamp or misdraw such \#
                values (a negative `cornerRadius` does nothing). Use a value in range.
                """#,
                wrong: #"""
                card Balance: rounded(radius: -4) {
                  text("Checking $2,450.18")
                }
                """#,
                corrected: #"""
                card Balance: rounded(radius: 4) {
                  text("Checking $2,450.18")
                }
                """#)
        case .w501:
            CodeExplanation(
                summary: #"""
                A `transparent` card (TransparentCardTrait) has no background: CardParts clears \#
                the cell's background, edge and shadow, and then applies the card's other traits. \#
                Its `shadow` (ShadowCardTrait) is the layer's shadow, and a layer's shadow follows \#
                what the layer draws: with nothing filling the card, that is the text and images \#
                of its parts, each with a shadow of its own, not a shadow under the card's edge. \#
                The gallery draws it so. Give the card a `gradient` (which fills it) or remove \#
                `transparent` for a shadow under the card; remove the `shadow` otherwise. \#
                `border` and `gradient` draw on a transparent card as on any other.
                """#,
                wrong: #"""
                card Balance: transparent, shadow(color: .black, radius: 6, opacity: 0.2, offset: size(0, 2)) {
                  text("Checking $2,450.18")
                }
                """#,
                corrected: #"""
                card Balance: shadow(color: .black, radius: 6, opacity: 0.2, offset: size(0, 2)) {
                  text("Checking $2,450.18")
                }
                """#)
        case .w502:
            CodeExplanation(
                summary: #"""
                Some traits are read only by CardParts' `CardsViewController` and its cells, so \#
                they act only on a card in a `list` stack: `customMargin` (the card's margin in the \#
                list), `noTopBottomMargins` (the cell's top and bottom margins), `editable` (the \#
                list's edit button) and `hidden` (the list hides the cell). A `fullScreen` card is the screen's width, and CardsStack, \#
                MGSwipeCards and TGCardViewController show a card's view in views of their own: the \#
                generated code gives those the card's background, corners, border, shadow and \#
                gradient, nothing else. So the trait is ignored, in the app and in \#
                the preview and gallery alike, when every stack showing the card is a `fullScreen`, \#
                `collapsible`, `swipe` or `sheet` stack. Remove the trait, or set the stack's own \#
                setting instead (a swipe stack's `insets:`, a collapsible stack's spacing).
                """#,
                wrong: #"""
                card Tartine: customMargin(margin: 16) {
                  text("Tartine Bakery", style: .title)
                }

                stack Picks: swipe {
                  Tartine
                }
                """#,
                corrected: #"""
                card Tartine {
                  text("Tartine Bakery", style: .title)
                }

                stack Picks: swipe(insets: insets(16)) {
                  Tartine
                }
                """#)

        // MARK: E6xx states
        case .w503:
            CodeExplanation(
                summary: #"""
                Some traits take another away, wherever the card is shown: CardParts' `CardCell` \#
                clears a cell's border when it is given a gradient, after the border is set \#
                (`CardsViewController` applies `border` before `gradient`, whatever their order in \#
                the source), and the generated code hosting a card outside a list does the same. \#
                So a card with `gradient` shows no `border`, in the app, the preview and the \#
                gallery. Remove the `border`, or the `gradient` if the card should have the border.
                """#,
                wrong: #"""
                card Promo: gradient(colors: [#E8F5E9, #C8E6C9]), border(width: 1, color: #2E7D32) {
                  text("Save 20% this week", color: #1B5E20)
                }
                """#,
                corrected: #"""
                card Promo: gradient(colors: [#E8F5E9, #C8E6C9]) {
                  text("Save 20% this week", color: #1B5E20)
                }
                """#)
        case .e601:
            CodeExplanation(
                summary: #"""
                A card declares the same state twice. Each state becomes one \#
                `setupCardParts(_:forState:)` call in CardParts, and a second call for the same \#
                state would replace the first one's parts. Merge the two blocks into one.
                """#,
                wrong: #"""
                card Budget {
                  state empty {
                    text("No budgets yet.")
                  }
                  state empty {
                    button("Create a budget", action: createBudget)
                  }
                }
                """#,
                corrected: #"""
                card Budget {
                  state empty {
                    text("No budgets yet.")
                    button("Create a budget", action: createBudget)
                  }
                }
                """#)
        case .e602:
            CodeExplanation(
                summary: #"""
                The model's `state:` default names a state the card does not declare. The default \#
                selects the state CardParts shows first (`viewModel.state`), and a state without a \#
                `state` block has no parts, so the card would appear blank. Declare the state or \#
                pick one the card has.
                """#,
                wrong: #"""
                card Budget {
                  model {
                    state: .loaded
                  }
                  state loading {
                    text("Crunching your numbers…", style: .detail)
                  }
                  state hasData {
                    text("$1,240 of $2,000 spent")
                  }
                }
                """#,
                corrected: #"""
                card Budget {
                  model {
                    state: .hasData
                  }
                  state loading {
                    text("Crunching your numbers…", style: .detail)
                  }
                  state hasData {
                    text("$1,240 of $2,000 spent")
                  }
                }
                """#)
        case .e603:
            CodeExplanation(
                summary: #"""
                A `state` block may appear only directly in a card body, not at file level, inside a \#
                part, or inside another state. CardParts states are per card controller \#
                (`setupCardParts(_:forState:)`), not per view, and they do not nest. Move the block \#
                to the card body.
                """#,
                wrong: #"""
                card Budget {
                  state hasData {
                    text("$1,240 of $2,000 spent")
                    state empty {
                      text("No budgets yet.")
                    }
                  }
                }
                """#,
                corrected: #"""
                card Budget {
                  state hasData {
                    text("$1,240 of $2,000 spent")
                  }
                  state empty {
                    text("No budgets yet.")
                  }
                }
                """#)
        case .w601:
            CodeExplanation(
                summary: #"""
                A card has a `loading` state but no `hasData` state. CardParts switches a card from \#
                `.loading` to `.hasData` when its data arrives, so without a `hasData` block the \#
                card has nothing to show once loaded. Add a `state hasData { … }` block.
                """#,
                wrong: #"""
                card Budget {
                  state loading {
                    text("Crunching your numbers…", style: .detail)
                  }
                  state empty {
                    text("No budgets yet.")
                  }
                }
                """#,
                corrected: #"""
                card Budget {
                  state loading {
                    text("Crunching your numbers…", style: .detail)
                  }
                  state empty {
                    text("No budgets yet.")
                  }
                  state hasData {
                    text("$1,240 of $2,000 spent")
                  }
                }
                """#)

        // MARK: E7xx stacks
        case .e701:
            CodeExplanation(
                summary: #"""
                A stack lists no cards. Every stack kind presents cards (a `CardsViewController`'s \#
                rows, a CardsStack wallet, an MGSwipeCards deck, a TGCardViewController sheet), and \#
                an empty one builds an empty screen. List at least one card reference in the body.
                """#,
                wrong: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                stack Overview: list {
                  theme: Mint
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                stack Overview: list {
                  theme: Mint
                  Balance
                }
                """#)
        case .e702:
            CodeExplanation(
                summary: #"""
                A `fullScreen` stack (CardParts' `CardPartsFullScreenViewController`) shows one card \#
                filling the screen, so it must list exactly one card. Put the other cards in a \#
                `list` stack or in their own `fullScreen` stacks.
                """#,
                wrong: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                card Savings {
                  text("Savings $8,100.00")
                }

                stack Accounts: fullScreen {
                  Balance
                  Savings
                }
                """#,
                corrected: #"""
                card Balance {
                  text("Checking $2,450.18")
                }

                card Savings {
                  text("Savings $8,100.00")
                }

                stack Accounts: list {
                  Balance
                  Savings
                }
                """#)
        case .e703:
            CodeExplanation(
                summary: #"""
                Every card of a `sheet` stack needs a `title:` property. TGCardViewController \#
                always shows the card's header (title, optional subtitle), and the header alone is \#
                what stays visible when the sheet is collapsed. Add `title:` (and optionally \#
                `subtitle:`) to the card; the fix-it adds `title:` with the card's name, to be \#
                worded.
                """#,
                wrong: #"""
                card Trip {
                  map(latitude: 38.7223, longitude: -9.1393)
                  text("3 nights · 5 stops")
                }

                stack Planner: sheet {
                  Trip
                }
                """#,
                corrected: #"""
                card Trip {
                  title: "Lisbon long weekend"
                  map(latitude: 38.7223, longitude: -9.1393)
                  text("3 nights · 5 stops")
                }

                stack Planner: sheet {
                  Trip
                }
                """#)
        case .e704:
            CodeExplanation(
                summary: #"""
                `push(Card)` pushes a card onto the current TGCardViewController sheet, so the \#
                target must be one of the cards of the same `sheet` stack: cards outside it have no \#
                controller in that sheet. Add the target card to the sheet stack, or push a card \#
                that is in it. Likewise `pop`, which returns to the card below on the sheet, needs \#
                its card to be in a sheet stack, and not to be the stack's root (its first card), \#
                below which there is nothing.
                """#,
                wrong: #"""
                card Trip {
                  title: "Lisbon long weekend"
                  button("Flights & stays", action: push(Bookings))
                }

                card Bookings {
                  title: "Flights & stays"
                  text("TP 236 JFK → LIS · Seat 23A")
                }

                stack Planner: sheet {
                  Trip
                }

                stack Later: sheet {
                  Bookings
                }
                """#,
                corrected: #"""
                card Trip {
                  title: "Lisbon long weekend"
                  button("Flights & stays", action: push(Bookings))
                }

                card Bookings {
                  title: "Flights & stays"
                  text("TP 236 JFK → LIS · Seat 23A")
                }

                stack Planner: sheet {
                  Trip
                  Bookings
                }
                """#)
        case .e705:
            CodeExplanation(
                summary: #"""
                A stack's configuration is inconsistent or out of range: a collapsible stack's \#
                `collapsedHeight` must be less than its `expandedHeight`, heights and spacings must \#
                be ≥ 0, a swipe stack needs `visibleCards` ≥ 1 and `minimumSwipeMargin` in 0…1. \#
                CardsStack and MGSwipeCards would otherwise lay cards out off-screen or never \#
                complete a swipe. Fix the values. A card listed twice in a stack other than a \#
                swipe deck (where a card may come round again) is E705 too: a list, wallet, sheet \#
                or full-screen stack shows each card once.
                """#,
                wrong: #"""
                card Visa {
                  text("Visa •••• 4821")
                }

                stack Wallet: collapsible(collapsedHeight: 500, expandedHeight: 300) {
                  Visa
                }
                """#,
                corrected: #"""
                card Visa {
                  text("Visa •••• 4821")
                }

                stack Wallet: collapsible(collapsedHeight: 300, expandedHeight: 500) {
                  Visa
                }
                """#)
        case .w703:
            CodeExplanation(
                summary: #"""
                `overlay(…)` and `footer(…)` are MGSwipeCards features (the stamp shown while a card \#
                is dragged, and the bar under it), so they only appear when the card is shown in a \#
                `swipe` stack. In a card that is in no swipe stack they are never displayed. Add \#
                the card to a swipe stack, or remove the overlay or footer.
                """#,
                wrong: #"""
                card Tartine {
                  text("Tartine Bakery", style: .title)
                  overlay(.left) {
                    text("NOPE", style: .header, color: .red)
                  }
                }

                stack Favorites: list {
                  Tartine
                }
                """#,
                corrected: #"""
                card Tartine {
                  text("Tartine Bakery", style: .title)
                  overlay(.left) {
                    text("NOPE", style: .header, color: .red)
                  }
                }

                stack Picks: swipe {
                  Tartine
                }
                """#)
        case .w704:
            CodeExplanation(
                summary: #"""
                Some card properties mean something only in one kind of stack: `title:` and \#
                `subtitle:` are the header a `sheet` stack (TGCardViewController) shows, \#
                `position:` the position a card takes when it is pushed onto a sheet, and \#
                `swipe:` the directions a card can be swiped in a `swipe` stack (MGSwipeCards). \#
                On a card in no stack of that kind the property has no effect. Add the card to \#
                such a stack, or remove the property.
                """#,
                wrong: #"""
                card Bookings {
                  title: "Flights & stays"
                  position: .extended
                  text("TP 236 JFK → LIS · Seat 23A")
                }

                stack Overview: list {
                  Bookings
                }
                """#,
                corrected: #"""
                card Bookings {
                  title: "Flights & stays"
                  position: .extended
                  text("TP 236 JFK → LIS · Seat 23A")
                }

                stack Planner: sheet {
                  Bookings
                }
                """#)
        case .w705:
            CodeExplanation(
                summary: #"""
                An `overlay(.direction)` shows while the card is dragged that way in a swipe stack \#
                (MGSwipeCards' overlays), but the card's `swipe:` list does not allow that \#
                direction, so it can never be dragged there and the overlay never shows. Add the \#
                direction to `swipe:`, or remove the overlay.
                """#,
                wrong: #"""
                card Match {
                  swipe: [.left, .right]
                  text("Ana, 29")
                  overlay(.up) { text("Super like") }
                }

                stack Deck: swipe {
                  Match
                }
                """#,
                corrected: #"""
                card Match {
                  swipe: [.left, .right, .up]
                  text("Ana, 29")
                  overlay(.up) { text("Super like") }
                }

                stack Deck: swipe {
                  Match
                }
                """#)
        case .w706:
            CodeExplanation(
                summary: #"""
                A `list` is CardParts' `CardsViewController`, whose `cardCellMargins` (the \#
                stack's `margins:`) only make its cards narrower: their left and right. Above and \#
                below its content, each card cell (`CardCell`) has its theme's `cardCellMargins` \#
                top and bottom, and two cards are the theme's `cardsLineSpacing` apart. So a \#
                list's `margins:` top and bottom change nothing, in the app and in the preview and \#
                gallery alike. Give them as 0, and set the theme's `cardCellMargins` or \#
                `cardsLineSpacing` for the space above, below and between the cards.
                """#,
                wrong: #"""
                card Budget {
                  text("May budget")
                }

                stack Home: list {
                  margins: insets(20, 16)
                  Budget
                }
                """#,
                corrected: #"""
                theme Roomy: Mint {
                  cardCellMargins: insets(top: 20, left: 16, bottom: 20, right: 16)
                }

                card Budget {
                  text("May budget")
                }

                stack Home: list {
                  theme: Roomy
                  margins: insets(0, 16)
                  Budget
                }
                """#)
        case .w104:
            CodeExplanation(
                summary: #"""
                In a `collapsible` stack every card is exactly `cardHeight` points tall (CardsStack's \#
                `frameFor(index:cardState:translation:)`), and this card's laid-out content is \#
                taller, so its bottom would be clipped. The height is the layout estimate (the language \#
                reference, §11.1). Raise `cardHeight`, or shorten the card's content. With \#
                `--text-size` (a Dynamic Type size such as `AX3`) the card is laid out with its fonts \#
                scaled to that size, and the message names the size: a card that fits at the default \#
                `large` can overflow there.
                """#,
                wrong: #"""
                card Visa {
                  text("Chase Sapphire Preferred", style: .title)
                  text("Visa •••• 4821")
                  text("Balance $1,284.56")
                  text("Due Jun 3")
                  text("Minimum payment $35.00")
                }

                stack Wallet: collapsible(cardHeight: 60) {
                  Visa
                }
                """#,
                corrected: #"""
                card Visa {
                  text("Chase Sapphire Preferred", style: .title)
                  text("Visa •••• 4821")
                  text("Balance $1,284.56")
                  text("Due Jun 3")
                  text("Minimum payment $35.00")
                }

                stack Wallet: collapsible(cardHeight: 200) {
                  Visa
                }
                """#)

        // MARK: E8xx types and bindings
        case .e801:
            CodeExplanation(
                summary: #"""
                The value's type is not the type the parameter declares, for example a string where \#
                a `Color` is expected, or a binding where only a literal is allowed (actions, enum \#
                cases, sizes, insets, fonts). Every argument becomes a typed CardParts property, so \#
                types are checked before any Swift is generated. Write a value of the expected type. \#
                Habits from elsewhere get their fix: an action in quotes (`action: "bookVet"`), a font \#
                named alone (`titleFont: "Avenir-Heavy"` is `font("Avenir-Heavy", 16)`), a case of \#
                another argument (`font: .title` is `style: .title`), a type where a model default \#
                belongs (`name: String`: write a default, `name: ""`).
                """#,
                wrong: #"""
                card Spending {
                  text("Spent $412.80", color: "blue")
                }
                """#,
                corrected: #"""
                card Spending {
                  text("Spent $412.80", color: .blue)
                }
                """#)
        case .e802:
            CodeExplanation(
                summary: #"""
                One binding is used with different types inside the same card. Each binding becomes \#
                one typed view-model property (a `BehaviorRelay<String>` or `BehaviorRelay<Double>`), \#
                so all of its uses must agree. Use a separate field for each type, for example a \#
                formatted string next to the number.
                """#,
                wrong: #"""
                card Budget {
                  text($spent)
                  bar(percent: $spent)
                }
                """#,
                corrected: #"""
                card Budget {
                  text($spentText)
                  bar(percent: $spent)
                }
                """#)
        case .e803:
            CodeExplanation(
                summary: #"""
                A `model` field's default value has a different type from the field's uses. The \#
                default initialises the generated view-model property and feeds previews, so it \#
                must have the type the uses need. Change the default, or the uses. When a `cell` \#
                reads a label its rows' default does not have (`$item.rout`), the error is at that \#
                use, with a did-you-mean when the label is a near miss of one the rows have.
                """#,
                wrong: #"""
                card Budget {
                  model {
                    spent: "62%"
                    walks: [(walker: "Sam", route: "Park")]
                  }
                  bar(percent: $spent)
                  table(rows: $walks) {
                    cell {
                      text($item.rout)
                    }
                  }
                }
                """#,
                corrected: #"""
                card Budget {
                  model {
                    spent: 0.62
                    walks: [(walker: "Sam", route: "Park")]
                  }
                  bar(percent: $spent)
                  table(rows: $walks) {
                    cell {
                      text($item.route)
                    }
                  }
                }
                """#)
        case .e804:
            CodeExplanation(
                summary: #"""
                A required argument is missing: a part's required parameter (`bar`'s `percent:`, \#
                `map`'s `latitude:` and `longitude:`), or one another argument makes necessary: a \#
                `title` with a `menu:` needs `onMenu:`, the action CardParts' CardPartTitleView calls \#
                when a menu item is chosen. Add the argument.
                """#,
                wrong: #"""
                card Budget {
                  title("May budget", menu: ["Edit budgets", "Hide this card"])
                  text("$1,240 of $2,000 spent")
                }
                """#,
                corrected: #"""
                card Budget {
                  title("May budget", menu: ["Edit budgets", "Hide this card"], onMenu: budgetMenuSelected)
                  text("$1,240 of $2,000 spent")
                }
                """#)
        case .e805:
            CodeExplanation(
                summary: #"""
                A part's argument is outside its range: `bar`'s `percent` is a fraction in 0…1 \#
                (CardPartBarView), a `map`'s latitude is in −90…90 and longitude in −180…180, a \#
                `spacer`'s height is ≥ 0, and a `slider`'s `min` must be below its `max`. Write \#
                the value in range (62% is `0.62`).
                """#,
                wrong: #"""
                card Budget {
                  text("$1,240 of $2,000 spent")
                  bar(percent: 62, color: #2E7D32)
                }
                """#,
                corrected: #"""
                card Budget {
                  text("$1,240 of $2,000 spent")
                  bar(percent: 0.62, color: #2E7D32)
                }
                """#)
        case .e806:
            CodeExplanation(
                summary: #"""
                Two lists that must correspond element by element have different lengths: a \#
                `progressBar` (CardPartProgressBarView) draws one segment per value, coloured by the \#
                color at the same index. Give both lists the same number of entries.
                """#,
                wrong: #"""
                card CreditScore {
                  progressBar(values: [580, 670, 740], colors: [#D0021B, #F5A623])
                }
                """#,
                corrected: #"""
                card CreditScore {
                  progressBar(values: [580, 670, 740], colors: [#D0021B, #B26A00, #00A86B])
                }
                """#)
        case .w101:
            CodeExplanation(
                summary: #"""
                A `model` field is never used by a binding in the card. Each field becomes a \#
                view-model property, and one that no part reads is dead data (often a typo in a \#
                `$name`). Bind it from a part, or delete it. The reserved field `state` is never \#
                reported, nor is a field bound where nothing is checked (an unknown part's or \#
                argument's value): that mistake has its own error.
                """#,
                wrong: #"""
                card Budget {
                  model {
                    summary: "$1,240 of $2,000 spent"
                    spent: 0.62
                  }
                  text($summary)
                }
                """#,
                corrected: #"""
                card Budget {
                  model {
                    summary: "$1,240 of $2,000 spent"
                    spent: 0.62
                  }
                  text($summary)
                  bar(percent: $spent)
                }
                """#)
        case .w801:
            CodeExplanation(
                summary: #"""
                A binding names no model field, but its name is a near miss of one: most likely \#
                a typo. A binding without a model field is legal (the field exists with no \#
                initial value), so this is a warning; the fix-it renames the binding. The field \#
                it was probably meant for is then not also reported unused (W101). Inside a \#
                `cell`, the rows' labels come first: `$walker` there is offered the row's \#
                `$item.walker`. A field or label is offered only when the binding's uses can take \#
                its type, so the fix-it never trades the warning for an error.
                """#,
                wrong: #"""
                card Profile {
                  model {
                    name: "Ada"
                    walks: [(walker: "Sam", route: "Park")]
                  }
                  text($nmae)
                  table(rows: $walks) {
                    cell {
                      text($walker)
                      text($item.route)
                    }
                  }
                }
                """#,
                corrected: #"""
                card Profile {
                  model {
                    name: "Ada"
                    walks: [(walker: "Sam", route: "Park")]
                  }
                  text($name)
                  table(rows: $walks) {
                    cell {
                      text($item.walker)
                      text($item.route)
                    }
                  }
                }
                """#)
        case .w105:
            CodeExplanation(
                summary: #"""
                A `button` has no `action:`, so tapping it does nothing: CardPartButtonView only \#
                does something through the target-action the generated controller wires to the \#
                action method. Give it an `action:` (an action name, `push(Card)` or `pop`).
                """#,
                wrong: #"""
                card Budget {
                  text("No budgets yet.")
                  button("Create a budget")
                }
                """#,
                corrected: #"""
                card Budget {
                  text("No budgets yet.")
                  button("Create a budget", action: createBudget)
                }
                """#)

        // MARK: W9xx suppressions
        case .w901:
            CodeExplanation(
                summary: #"""
                A `// cardc:ignore CODE` comment silences that warning on its own line (written \#
                after code) or on the next line with code (written alone), and \#
                `// cardc:ignore-file CODE` before the first declaration silences it in the whole \#
                file. A suppression that silences nothing — the warning was fixed or moved, the \#
                code is misspelt or is an error's (errors cannot be suppressed), or the comment is \#
                out of place — is reported, so stale ones do not pile up. Unused suppressions are \#
                reported only when the run has no errors. Remove the comment (the fix-it does), or \#
                correct its code or its place; W901 itself can only be turned off in cardc.json.
                """#,
                wrong: #"""
                card Budget {
                  // cardc:ignore W101
                  text("No budgets yet.")
                }
                """#,
                corrected: #"""
                card Budget {
                  text("No budgets yet.")
                }
                """#)

        // MARK: W10xx accessibility
        case .w1001:
            CodeExplanation(
                summary: #"""
                A text is hard to read against the background it sits on (WCAG 2.2 SC 1.4.3, \#
                contrast minimum): the contrast ratio of the two colours' relative luminances, \#
                (L1 + 0.05) / (L2 + 0.05), is below 4.5:1 — or below 3:1 for large text, at least \#
                18 pt, or 14 pt bold, in the theme's resolved font. Every text a part draws (a \#
                `text`, a `title`, a `button`'s title, a `pill`, an `iconLabel`, both texts of \#
                each side of a `titleDescription`, a table's default rows, a `progressBar`'s \#
                labels, `attributedText`) in a state, a swipe overlay or the footer, and a sheet \#
                card's header, is compared with what is under it — the card's \#
                `cardBackgroundColor` in each theme the card is shown in (its stacks' themes, \#
                else `Mint`), every colour of a `gradient` (the worst one counts), a container's \#
                `background:`, a pill's fill, or for a `transparent` card the screen behind it \#
                (#F2F2F7) — in every state. Translucent colours are blended first. A pair is \#
                reported only when the deck chose one of its colours (a theme property it \#
                declares, a `color:` argument, a gradient); the built-in themes' own pairs are \#
                not. The message names both colours, the ratio, the theme and the states. The \#
                fix-it (`cardc fix`, or the editor's quick fix) changes one colour the deck \#
                writes to the nearest colour that passes against everything that colour is \#
                compared with, in every card and theme: the card's own (`color:`, the gradient's \#
                failing stops, `background:`) first, a property of its theme last, since that \#
                colours every card of the theme (and of the themes that take it from it: the \#
                colour passes in all of them). A colour a built-in theme or a parent theme gives \#
                is not changed there: the fix-it adds the property to the theme the card is \#
                shown in, on a line of its own as `cardc fmt` writes it. Where no colour passes \#
                everywhere, the help names the nearest colour to set by hand.
                """#,
                wrong: #"""
                theme Night: Turbo { cardBackgroundColor: #1C1C1E }
                card Balance {
                  title("Balance")
                  text("1,204.50", style: .header, color: .white)
                }
                stack Home: list {
                  theme: Night
                  Balance
                }
                """#,
                corrected: #"""
                theme Night: Turbo {
                  cardBackgroundColor: #1C1C1E
                  titleColor: #F2F2F7
                }
                card Balance {
                  title("Balance")
                  text("1,204.50", style: .header, color: .white)
                }
                stack Home: list {
                  theme: Night
                  Balance
                }
                """#)
        case .w1002:
            CodeExplanation(
                summary: #"""
                An `image` has neither an `accessibilityLabel:` nor `decorative: true`. VoiceOver \#
                can only say what an image shows through its label, so an image that carries \#
                meaning needs one (the generated Swift sets the view's `accessibilityLabel`); an \#
                image that only decorates says so with `decorative: true`, and the generated \#
                Swift hides it from VoiceOver. An `iconLabel` is one label whose text VoiceOver \#
                reads, so it is never reported; its `accessibilityLabel:` replaces that text when \#
                the icon says more.
                """#,
                wrong: #"""
                card Trip {
                  image("route-map")
                  image("divider-wave")
                  text("Lisbon to Porto")
                }
                """#,
                corrected: #"""
                card Trip {
                  image("route-map", accessibilityLabel: "Route from Lisbon to Porto along the coast")
                  image("divider-wave", decorative: true)
                  text("Lisbon to Porto")
                }
                """#)
        case .w1003:
            CodeExplanation(
                summary: #"""
                A tap target is smaller than 44 × 44 points, the least Apple's Human Interface \#
                Guidelines accept for something a finger must hit. The size is the part's frame \#
                as the layout engine lays the card out (docs/language.md §6) in each theme and \#
                width its stacks show it in: a `button` or a `radio` in a state or the footer, in \#
                any container or cell. A `button` is at least 44 points tall, so it is short of \#
                width only — in a crowded `hstack` or a small collection cell; a `radio` is 24 \#
                points tall. A `tap:` makes the whole card the target: it is checked in list \#
                stacks and for cards in no stack, where the card is as tall as its content \#
                (a card with `noTopBottomMargins` and one line of text is not 44 points tall); \#
                collapsible, swipe and sheet stacks give the card its frame. Make the target \#
                larger: a `height:` where the part has one, the theme's margins or a `spacer` \#
                beside it — in an `hstack`, whose `.fill` alignment stretches each part to the \#
                row's height — or fewer parts in its row. There is no fix-it.
                """#,
                wrong: #"""
                card Plan {
                  radio(action: pickMonthly)
                  text("Monthly")
                }
                """#,
                corrected: #"""
                card Plan {
                  hstack {
                    radio(action: pickMonthly)
                    spacer(height: 44)
                  }
                  text("Monthly")
                }
                """#)
        case .w1004:
            CodeExplanation(
                summary: #"""
                A graphic a user must see to understand a part is too close in colour to what \#
                is around it (WCAG 2.2 SC 1.4.11, non-text contrast): below 3:1. The graphics are \#
                the ones the catalog marks: a `bar`'s fill, each segment of a `progressBar`, a \#
                `slider`'s and a `multiSlider`'s filled track, a `histogram`'s bars and a \#
                `radio` button's ring (its frame). A `button` draws no frame — its title is what \#
                shows it, and W1001 checks that; separators, confetti and empty tracks decorate \#
                and are not compared. Each is compared with the card's background in each theme \#
                the card is shown in, every colour of its `gradient`, a container's \#
                `background:`, or the screen behind a `transparent` card, as W1001 does, and \#
                reported only when the deck chose one of the two colours. The fix-it changes the \#
                colour the deck writes (the part's `color:`, `colors:`, `tint:` or \#
                `outerColor:`, the background, or a property its theme sets) to the nearest \#
                colour that passes everywhere it is used.
                """#,
                wrong: #"""
                card Savings {
                  text("Saved this month")
                  bar(percent: 0.4, color: #B2EBF2)
                }
                """#,
                corrected: #"""
                card Savings {
                  text("Saved this month")
                  bar(percent: 0.4, color: #00838F)
                }
                """#)
        }
    }

    /// The text `cardc explain CODE` prints: the code and title, the summary, then the wrong and
    /// the corrected example, each indented by four spaces.
    public var explanationText: String {
        let explanation = self.explanation
        return "\(rawValue): \(title)\n\n\(explanation.summary)\n\nWrong:\n\n"
            + DiagnosticCode.indent(explanation.wrong)
            + "\n\nCorrected:\n\n"
            + DiagnosticCode.indent(explanation.corrected)
            + "\n"
    }

    /// Indents every non-empty line by four spaces.
    private static func indent(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
            lines.removeLast()
            if lines.isEmpty { break }
        }
        return lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    /// E204's example: a card nesting 255 `vstack`s, so the argument list of the innermost
    /// `separator()` is the 257th nesting level (the card's block is the first).
    private static let deepNestingExample: String = {
        let levels = 255
        let perLine = 15
        var lines = ["card Deep {"]
        var remaining = levels
        while remaining > 0 {
            let count = min(perLine, remaining)
            lines.append("  " + Array(repeating: "vstack {", count: count).joined(separator: " "))
            remaining -= count
        }
        lines.append("  separator()")
        remaining = levels
        while remaining > 0 {
            let count = min(perLine, remaining)
            lines.append("  " + Array(repeating: "}", count: count).joined(separator: " "))
            remaining -= count
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }()
}
