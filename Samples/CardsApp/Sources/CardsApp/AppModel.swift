import Foundation
import Observation

/// The sample app's model: it owns the generated view models, swipe deck and sheet navigation,
/// and implements the generated actions protocols and the swipe stack's delegate, the way a
/// SwiftUI app would.
@MainActor
public final class AppModel: BudgetActions, DogActions, AdoptSwipeDelegate {
    public let budget = BudgetViewModel()
    public let visa = VisaViewModel()
    /// The dogs of the swipe deck, one per card.
    public let dogs: [DogViewModel]
    public let deck = AdoptSwipeDeck()
    public let sheet = DogSheetNavigation()
    /// The theme the stacks use.
    public let theme = SampleTheme()
    /// What the actions did, newest last.
    public private(set) var log: [String] = []

    public init() {
        dogs = ["Biscuit", "Pepper", "Olive"].map { name in
            let dog = DogViewModel()
            dog.name = name
            return dog
        }
        deck.delegate = self
    }

    /// The budget finished loading.
    public func budgetLoaded() {
        budget.state = .hasData
    }

    public func budgetMenuSelected(option: String, index: Int) {
        log.append("menu \(index): \(option)")
    }

    public func openBudget() {
        log.append("open budget")
    }

    public func openCategory(_ row: BudgetViewModel.CategoriesRow) {
        log.append("open \(row.name)")
    }

    // The dog card's footer buttons swipe the top card, as a swipe would.

    public func like() {
        deck.swipe(.right)
    }

    public func nope() {
        deck.swipe(.left)
    }

    // The swipe stack's actions.

    public func dogSwiped(index: Int, direction: AdoptSwipeDeck.Direction) {
        log.append("\(direction == .right ? "liked" : "passed on") \(dogs[index].name)")
    }

    public func noMoreDogs() {
        log.append("no more dogs")
    }
}
