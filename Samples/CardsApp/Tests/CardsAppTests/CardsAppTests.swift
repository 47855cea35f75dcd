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

/// Records that an observation fired (`onChange` may run on any thread).
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
