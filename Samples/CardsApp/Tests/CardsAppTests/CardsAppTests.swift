import CardsApp
import Foundation
import Observation
import Testing

/// The generated view models start at the `.cards` files' defaults, are observable, and the
/// app implements the generated actions.
@MainActor
@Suite struct CardsAppTests {
    @Test func budgetDefaults() {
        let budget = BudgetViewModel()
        #expect(budget.title == "May budget")
        #expect(budget.spent == 0.62)
        #expect(budget.note == "")
        #expect(budget.categories == [BudgetViewModel.CategoriesRow(name: "Groceries", amount: "$320"),
                                      BudgetViewModel.CategoriesRow(name: "Restaurants", amount: "$186")])
        #expect(budget.state == .loading)
    }

    @Test func walletDefaults() {
        let visa = VisaViewModel()
        #expect(visa.balance == "$1,024.18")
        #expect(visa.limit == 5000)
    }

    @Test func viewModelsAreObservable() {
        let model = AppModel()
        let changed = Flag()
        withObservationTracking {
            _ = model.budget.state
        } onChange: {
            changed.set()
        }
        model.budgetLoaded()
        #expect(changed.isSet)
        #expect(model.budget.state == .hasData)
    }

    @Test func actions() {
        let model = AppModel()
        let actions: any BudgetActions = model
        actions.budgetMenuSelected(option: "Hide", index: 1)
        actions.openCategory(model.budget.categories[0])
        actions.openBudget()
        #expect(model.log == ["menu 1: Hide", "open Groceries", "open budget"])
    }
}

/// The stacks that move — the swipe deck and the sheet — and the theme, as the app drives them.
@MainActor
@Suite struct CardsAppStackTests {
    /// A swipe reaches the app with its direction; a direction the card may not be swiped in is
    /// refused; the footer's buttons swipe too; undo brings the card back.
    @Test func swipeDirections() {
        let model = AppModel()
        #expect(model.deck.cards == [.dog, .dog, .dog])
        #expect(!model.deck.swipe(.up), "Dog may be swiped left and right only")
        #expect(model.deck.swipe(.right))
        model.nope()
        #expect(model.deck.topIndex == 2)
        #expect(model.deck.undo())
        #expect(model.deck.topIndex == 1)
        model.like()
        model.like()
        #expect(!model.deck.swipe(.left), "no card is left")
        #expect(model.deck.swipes == [.right, .right, .right])
        #expect(model.log == ["liked Biscuit", "passed on Pepper", "liked Pepper", "liked Olive", "no more dogs"])
    }

    /// The sheet pushes and pops, moving to a pushed card's `position:`; the cards' `title:` and
    /// `subtitle:` are their view models'.
    @Test func sheetNavigation() {
        let sheet = AppModel().sheet
        #expect(sheet.top == .profile && sheet.position == .peaking)
        #expect(ProfileViewModel().sheetTitle == "Biscuit")
        #expect(ProfileViewModel().sheetSubtitle == "Beagle · Tierheim Berlin")
        sheet.push(.vetRecords)
        #expect(sheet.top == .vetRecords && sheet.path == [.vetRecords] && sheet.position == .extended)
        #expect(VetRecordsViewModel().sheetTitle == "Vet records")
        sheet.pop()
        sheet.pop()
        #expect(sheet.top == .profile && sheet.path.isEmpty)
    }

    /// The theme's values, its own and those it inherits from Mint.
    @Test func themeValues() {
        let theme = AppModel().theme
        #expect(theme.titleColor == "#0B3D2E")
        #expect(theme.separatorColor == "#DDDDDD")
        #expect(theme.buttonCornerRadius == 0)
    }
}

/// Records that an observation fired (`onChange` may run on any thread).
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
