// The PawPal fixture's Observation Swift wired into an app, as a SwiftUI app would, without the
// views: the app implements the cards' actions protocols and the swipe stack's delegate, drives
// the swipe deck and the sheet's navigation, and reads a theme's values. Every line it prints is
// compared with expected.txt.

@MainActor
final class PawPalApp: TodayActions, DogActions, ProfileActions, VetRecordsActions, RabiesActions, WelcomeActions,
    AdoptSwipeDelegate {
    let today = TodayViewModel()
    let deck = AdoptSwipeDeck()
    let sheet = DogSheetNavigation()
    let names = ["Biscuit", "Pepper", "Olive"]

    init() { deck.delegate = self }

    // The list's card.
    func openToday() { print("list: open today, state \(today.state)") }
    func planWalk() { today.state = .hasData; print("list: plan a walk, state \(today.state)") }

    // The swipe deck's card: its footer's buttons swipe it, as the CardParts example does.
    func like() { print("swipe: Like tapped, swiped: \(deck.swipe(.right))") }
    func nope() { print("swipe: Nope tapped, swiped: \(deck.swipe(.left))") }
    func openProfile() { sheet.path = [] }

    // The swipe stack's actions, with the direction.
    func dogSwiped(index: Int, direction: AdoptSwipeDeck.Direction) {
        print("swipe: \(names[index]) swiped \(direction.rawValue)")
    }

    func noMoreDogs() { print("swipe: no more dogs") }

    // The sheet's cards.
    func bookVisit() { print("sheet: visit booked") }
    func shareRecords() { print("sheet: records shared from \(sheet.top)") }

    // The collapsible stack's and the full-screen stack's cards.
    func remindRabies() { print("collapsible: rabies reminder") }
    func start() { print("fullScreen: start") }
}

/// Drives every stack as a user would: planned walk, swipes (and an undo), the sheet's push and
/// pops, the collapsible and full-screen cards' buttons, the theme.
@MainActor func run() {
    let app = PawPalApp()
    app.planWalk()
    app.openToday()
    // A default-cell row's label the deck leaves out is nil, not "".
    let walks = WalksViewModel().walks
    print("list: \(walks[1].leftTitle ?? "nil") \(walks[1].rightTitle ?? "nil"), \(walks[0].rightTitle ?? "nil")")

    print("swipe: \(app.deck.cards.count) cards, \(app.deck.visibleCards) visible, top \(app.deck.topIndex)")
    print("swipe: up allowed: \(app.deck.swipe(.up))")
    app.like()
    app.nope()
    print("swipe: undo: \(app.deck.undo()), top \(app.deck.topIndex)")
    app.nope()
    app.like()
    print("swipe: after the last: \(app.deck.swipe(.right)), swipes \(app.deck.swipes.map(\.rawValue))")

    let profile = ProfileViewModel()
    print("sheet: \(app.sheet.top) \"\(profile.sheetTitle)\" / \"\(profile.sheetSubtitle)\", \(app.sheet.position)")
    app.bookVisit()
    app.sheet.push(.vetRecords)
    print("sheet: pushed \(app.sheet.top) \"\(VetRecordsViewModel().sheetTitle)\", \(app.sheet.position), path \(app.sheet.path.map { "\($0)" })")
    app.shareRecords()
    app.sheet.pop()
    app.sheet.pop()
    print("sheet: popped to \(app.sheet.top), path \(app.sheet.path.map { "\($0)" })")

    app.remindRabies()
    app.start()

    let theme = PawTheme()
    print("theme: title \(theme.titleColor), buttons \(theme.buttonCornerRadius), separators \(theme.separatorColor)")
}

// Top-level code is on the main actor in the Swift 6 mode only.
MainActor.assumeIsolated { run() }
