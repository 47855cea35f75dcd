import Testing
import CardModel
@testable import CardSema

/// The table of generated Swift names that E312 and the Swift back end share.
@Suite struct SwiftNamesTests {
    /// No generated type suffix ends another, so `Name + suffix` is never `Other + suffix2` for
    /// two declarations: generated top-level types cannot collide with each other.
    @Test func noTypeSuffixEndsAnother() {
        let suffixes = SwiftNames.allTypeSuffixes
        #expect(suffixes.count >= 8)
        for a in suffixes {
            for b in suffixes where a != b {
                #expect(!a.hasSuffix(b), "`\(a)` ends with `\(b)`: a card or stack could generate another's type")
            }
        }
        #expect(!SwiftNames.themeFunction("X").hasSuffix(SwiftNames.viewModelSuffix))
    }

    @Test func derivedNames() {
        #expect(SwiftNames.rowType("transactions") == "TransactionsRow")
        #expect(SwiftNames.rowType("_x") == "_xRow")
        #expect(SwiftNames.pushMethod("sight") == "pushSight")
        #expect(SwiftNames.themeFunction("Evergreen") == "makeEvergreenTheme")
        #expect(SwiftNames.capitalized("éa") == "éa")
    }

    /// The framework names come from the catalog too: every part class, trait protocol and enum type.
    @Test func frameworkNamesIncludeTheCatalogs() {
        for part in Catalog.parts { #expect(SwiftNames.frameworkNames.contains(part.cardPartsClass ?? "")) }
        for trait in Catalog.traits { #expect(SwiftNames.frameworkNames.contains(trait.cardPartsProtocol)) }
        #expect(SwiftNames.frameworkNames.contains("CardPartTextType"))
        #expect(SwiftNames.frameworkNames.contains("UIStackView"))
        #expect(SwiftNames.cardControllerReserved["viewDidLoad"] != nil)
        #expect(SwiftNames.cardControllerReserved["cornerRadius"] != nil)
        #expect(SwiftNames.cardControllerReserved["minimumPressDuration"] != nil)
        // Inherited properties are legal method names beside them.
        #expect(SwiftNames.cardControllerReserved["title"] == nil)
    }

    @Test func clashesAreReportedPerFlavor() {
        // `Card` + `State` is CardParts' `CardState`, but only the Observation flavor declares
        // `…State`, and it does not import CardParts.
        #expect(GeneratedNameRule.card("Card") == nil)
        let fullScreen = Catalog.stackKind(named: "fullScreen")
        #expect(GeneratedNameRule.stack("CardParts", kind: fullScreen!) != nil)
        #expect(GeneratedNameRule.stack("CardPartsScreen", kind: fullScreen!) == nil)
    }
}
