// A sheet stack (`DogSheet`, TGCardViewController) whose root card and pushed card are the
// app's subclasses: the root comes from the stack's factory, and so does the card it pushes.

final class AppProfile: ProfileCardController {
    private(set) var visits = 0

    override func bookVisit() { visits += 1 }
}

final class AppVetRecords: VetRecordsCardController {
    private(set) var shared = false

    override func shareRecords() { shared = true }
}

final class AppDogSheet: DogSheetSheetViewController {
    private(set) var profile: AppProfile?
    private(set) var records: AppVetRecords?

    override func makeProfile() -> ProfileCardController {
        let card = AppProfile()
        profile = card
        return card
    }

    override func makeVetRecords() -> VetRecordsCardController {
        let card = AppVetRecords()
        records = card
        return card
    }
}

/// The root card is the app's; pushing the vet records makes them with the stack's overridden
/// factory, and their action reaches the app.
@MainActor func sheetStackUsesTheAppsCards() -> Bool {
    let sheet = AppDogSheet()
    sheet.loadViewIfNeeded()
    guard let profile = sheet.profile else { return false }
    profile.bookVisit()
    profile.pushVetRecords()
    guard let records = sheet.records else { return false }
    records.shareRecords()
    return profile.visits == 1 && records.shared
}
