// A full-screen stack (`Intro`) whose one card is the app's subclass.

final class AppWelcome: WelcomeCardController {
    private(set) var started = false

    override func start() { started = true }
}

final class AppIntro: IntroFullScreenViewController {
    override func makeWelcome() -> WelcomeCardController { AppWelcome() }
}

/// The card the screen shows is the app's, and its action runs the app's code.
@MainActor func fullScreenStackUsesTheAppsCard() -> Bool {
    let intro = AppIntro()
    guard let welcome = intro.welcome as? AppWelcome else { return false }
    welcome.start()
    return welcome.started
}
