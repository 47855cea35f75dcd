// A swipe stack (`Adopt`, MGSwipeCards) of three Dog cards, each the app's subclass, filled from
// the app's data by index. MGSwipeCards' own calls are made here through its public protocols: the
// stack's data source makes the card at an index with the factory, and its delegate reports a
// swipe with its direction to the stack's overridden action.

import MGSwipeCards

final class AppDog: DogCardController {
    var onChoice: ((String) -> Void)?

    override func like() { onChoice?("like") }
    override func nope() { onChoice?("nope") }
}

final class AppAdopt: AdoptSwipeViewController {
    let names = ["Biscuit", "Pepper", "Olive"]
    private(set) var log: [String] = []

    override func makeDog(at index: Int) -> DogCardController {
        let dog = AppDog()
        dog.viewModel.name.accept(names[index])
        // The footer's buttons by the names their ids give them, stable whatever else the card holds.
        dog.likeButton.accessibilityIdentifier = "like-\(index)"
        dog.nopeButton.accessibilityIdentifier = "nope-\(index)"
        // The footer's Like and Nope buttons swipe the card, as a swipe would.
        dog.onChoice = { [weak self] choice in
            self?.cardStack.swipe(choice == "like" ? .right : .left)
        }
        return dog
    }

    override func dogSwiped(index: Int, direction: SwipeDirection) {
        log.append("\(names[index]) \(direction == .right ? "liked" : "noped")")
    }
}

/// The card at index 1 is the app's, named from the app's data; a swipe reaches the app with
/// its direction.
@MainActor func swipeStackUsesTheAppsCard() -> [String] {
    let adopt = AppAdopt()
    adopt.loadViewIfNeeded()
    let stack = adopt.cardStack
    _ = stack.dataSource?.cardStack(stack, cardForIndexAt: 1)
    guard let pepper = adopt.loadedCards[1] as? AppDog else { return ["not the app's card"] }
    pepper.like()
    stack.delegate?.cardStack(stack, didSwipeCardAt: 1, with: .right)
    return adopt.log
}
