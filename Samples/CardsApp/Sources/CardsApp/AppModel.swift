import Foundation
import Observation

/// The sample app's model: it owns the generated view models and implements the generated
/// actions protocol, the way a SwiftUI app would.
@MainActor
public final class AppModel: BudgetActions {
    public let budget = BudgetViewModel()
    public let visa = VisaViewModel()
    /// What the actions did, newest last.
    public private(set) var log: [String] = []

    public init() {}

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
}
