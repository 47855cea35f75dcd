// A list stack (`Home`, CardsViewController) whose Today card is the app's subclass: the stack
// makes it with the overridden factory, and the card's actions reach the app.

final class AppToday: TodayCardController {
    private(set) var log: [String] = []

    override func openToday() { log.append("open today") }
    override func planWalk() { log.append("plan a walk") }
}

final class AppHome: HomeCardsViewController {
    override func makeToday() -> TodayCardController { AppToday() }
}

/// The card the list shows is the app's, and its actions run the app's code.
@MainActor func listStackUsesTheAppsCard() -> [String] {
    let home = AppHome()
    guard let today = home.today as? AppToday else { return ["not the app's card"] }
    today.openToday()
    today.planWalk()
    return today.log
}
