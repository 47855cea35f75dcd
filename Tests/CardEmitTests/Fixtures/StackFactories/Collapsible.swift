// A collapsible stack (`Vaccines`, CardsStack) whose first card is the app's subclass.

final class AppRabies: RabiesCardController {
    private(set) var reminded = 0

    override func remindRabies() { reminded += 1 }
}

final class AppVaccines: VaccinesStackViewController {
    override func makeRabies() -> RabiesCardController { AppRabies() }
}

/// The cards the stack shows come from its factories, the overridden one included.
@MainActor func collapsibleStackUsesTheAppsCard() -> Int {
    let vaccines = AppVaccines()
    guard let rabies = vaccines.cards.first as? AppRabies else { return -1 }
    rabies.remindRabies()
    return rabies.reminded
}
