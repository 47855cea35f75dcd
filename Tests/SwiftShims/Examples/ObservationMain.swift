// A tiny program for the Observation-flavor reference: prints every view model's defaults, then
// changes two Budget fields inside `withObservationTracking` to show the view model is observed.
// check-examples.sh compiles it with Reference.observation.swift, runs it and compares the output
// with observation-expected.txt.

import Foundation
import Observation

@MainActor
final class PrintingBudgetActions: BudgetActions {
    private(set) var log: [String] = []

    func editBudget() { log.append("editBudget") }
    func showBudgetOptions() { log.append("showBudgetOptions") }
    func budgetVisibilityChanged() { log.append("budgetVisibilityChanged") }
    func budgetMenuSelected(option: String, index: Int) { log.append("budgetMenuSelected(\(option), \(index))") }
    func createBudget() { log.append("createBudget") }
    func openBudget() { log.append("openBudget") }
    func openTransaction(_ row: BudgetViewModel.TransactionsRow) { log.append("openTransaction(\(row.leftTitle ?? "-"))") }
    func finishReview() { log.append("finishReview") }
}

let budget = BudgetViewModel()
print("Budget.title = \(budget.title)")
print("Budget.summary = \(budget.summary)")
print("Budget.spent = \(budget.spent)")
print("Budget.limit = \(budget.limit)")
print("Budget.note = \"\(budget.note)\"")
print("Budget.noteLines = \(budget.noteLines)")
print("Budget.isHidden = \(budget.isHidden)")
for row in budget.transactions {
    print("Budget.transactions[] = \(row.leftTitle ?? "-") | \(row.leftDescription ?? "-") | \(row.rightTitle ?? "-") | \(row.rightDescription ?? "-")")
}
for row in budget.categories {
    print("Budget.categories[] = \(row.name) | \(row.amount)")
}
print("Budget.state = \(budget.state)")
let gallery = GalleryViewModel()
print("Gallery.city = \(gallery.city)")
print("Gallery.progress = \(gallery.progress)")
print("Gallery.ratings = \(gallery.ratings)")
print("Gallery.thumbs = \(gallery.thumbs)")
print("Gallery.picked = \(gallery.picked)")
print("Gallery.latitude = \(gallery.latitude)")
print("Gallery.photos = \(gallery.photos.map(\.caption))")
print("Gallery.state = \(gallery.state)")
print("Tip.state = \(TipViewModel().state)")
print("Visa.balance = \(VisaViewModel().balance)")
print("Amex.state = \(AmexViewModel().state)")
print("Tartine.state = \(TartineViewModel().state)")
print("TripOverview.state = \(TripOverviewViewModel().state)")
print("Sight.state = \(SightViewModel().state)")

nonisolated(unsafe) var changes = 0
withObservationTracking {
    _ = budget.spent
    _ = budget.state
} onChange: {
    changes += 1
}
budget.spent = 0.75
print("after spent = 0.75: \(changes) change(s) observed")

// Top-level code is main-actor isolated only in the Swift 6 language mode.
MainActor.assumeIsolated {
    let actions = PrintingBudgetActions()
    actions.budgetMenuSelected(option: "Hide this card", index: 1)
    actions.openTransaction(budget.transactions[0])
    print("actions: \(actions.log.joined(separator: ", "))")
}
