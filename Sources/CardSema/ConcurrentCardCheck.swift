import CardDiagnostics
import CardSyntax

/// Checking a deck's cards on several threads, for back ends (`ModelUse.backEnds` with more than
/// one worker: `cardc build -j N`). `cardc check` never gets here: it checks on one thread.
///
/// The cards are cut into chunks that the workers — the calling thread and helpers — claim in
/// turn. Each worker has a `CardChecker` of its own, with its own `ModelStorage` and its own
/// `NameInterner`; they share only what nobody changes while they run: the syntax trees, the
/// declarations and card names collected before, and the stack membership. Every card is
/// checked by one checker from start to end, and a checker's interned names are compared only
/// with its own (within a card, and in its row-type cache), so no interned identity crosses
/// from one worker to another. Afterwards each worker's storage becomes a `ModelStore` of its
/// own, its cards read from it, and the chunks' cards and diagnostics are put back in source
/// order: the deck and its diagnostics are what one thread produces.
extension DeckChecker {
    /// Cards a worker claims at a time.
    static let cardsPerChunk = 128

    /// Checks every card (the model of each kept) with `workers` threads into `checkedCards`
    /// and `diagnostics`, as the serial loop of `check()` does; returns false, doing nothing,
    /// when the deck is too small for it to pay or the run audits the clean check.
    mutating func checkCardsConcurrently(membership: [CardMembership], into checkedCards: inout [CheckedCard]) -> Bool {
        guard workers > 1, audit == nil, cardDecls.count >= 2 * Self.cardsPerChunk else { return false }
        let inputs = ConcurrentCardCheck(trees: trees, cards: cards, cardDecls: cardDecls, membership: membership,
                                         nodeCounts: ModelStorage.nodeCounts(order.compactMap { trees[$0] }),
                                         files: SourceFiles(trees.values.map(\.file)))
        let claims = ChunkClaims(count: (cardDecls.count + Self.cardsPerChunk - 1) / Self.cardsPerChunk)
        var own: [ConcurrentCardCheck.Chunk] = []
        let helpers = Threads.run(helpers: workers - 1, { _ in inputs.work(claims) }, while: { own = inputs.work(claims) })
        var chunks = [ConcurrentCardCheck.Chunk?](repeating: nil, count: claims.count)
        for chunk in own + helpers.joined() { chunks[chunk.index] = chunk }
        for case let chunk? in chunks {
            checkedCards.append(contentsOf: chunk.cards)
            diagnostics += chunk.diagnostics
        }
        return true
    }
}

/// What the workers of `DeckChecker.checkCardsConcurrently` share — values no thread changes —
/// and the work each does.
struct ConcurrentCardCheck: Sendable {
    let trees: [FileID: SyntaxTree]
    let cards: [String: Int]
    let cardDecls: [(name: String, ref: DeclarationRef)]
    let membership: [CardMembership]
    /// The unit's nodes by kind (`ModelStorage.nodeCounts`).
    let nodeCounts: [Int]
    /// The unit's files, for the workers' stores.
    let files: SourceFiles

    /// One chunk's cards, checked, in order, each reading its model from the store of the worker
    /// that checked it, and their diagnostics.
    struct Chunk: Sendable {
        var index: Int
        var cards: [CheckedCard] = []
        /// Where the chunk's models start in its worker's storage.
        var firstStored: Int
        var diagnostics: [Diagnostic] = []
    }

    /// Checks chunks claimed from `claims` until none is left, with a checker of its own; then
    /// freezes its storage into a store and points its cards at it.
    func work(_ claims: ChunkClaims) -> [Chunk] {
        let names = NameInterner()  // this worker's alone
        var checker: CardChecker?
        var chunks: [Chunk] = []
        var current: (file: FileID, tree: SyntaxTree)?
        // Each worker reads the trees through objects of its own, sharing their arrays: the
        // checker retains and releases its tree all the time, and two threads doing that to one
        // object fight over the cache line holding its reference count.
        var ownTrees: [FileID: SyntaxTree] = [:]
        func tree(_ file: FileID) -> SyntaxTree? {
            if let own = ownTrees[file] { return own }
            guard let shared = trees[file] else { return nil }
            let own = SyntaxTree(file: shared.file, comments: shared.comments, nodes: shared.nodes,
                                 diagnostics: shared.diagnostics, tokenCount: shared.tokenCount)
            ownTrees[file] = own
            return own
        }
        while let index = claims.next() {
            let first = index * DeckChecker.cardsPerChunk
            var chunk = Chunk(index: index, firstStored: checker?.storage.cards.count ?? 0)
            for card in first..<min(first + DeckChecker.cardsPerChunk, cardDecls.count) {
                let (name, ref) = cardDecls[card]
                if current?.file != ref.file { current = tree(ref.file).map { (ref.file, $0) } }
                guard let tree = current?.tree else { continue }
                if checker == nil {
                    checker = CardChecker(values: ValueChecker(tree: tree, cards: cards, names: names))
                    // Room for every card's model, as the serial loop reserves: address space
                    // only, beyond the part this worker writes.
                    checker?.storage.reserve(nodeCounts: nodeCounts, hugePages: false)
                }
                if checker?.tree !== tree { checker?.values.tree = tree }
                if let checked = checker?.check(ref.node, named: name, membership: membership[card], keepingModel: true) {
                    chunk.cards.append(checked)
                }
                if checker?.values.diagnostics.isEmpty == false {
                    chunk.diagnostics += checker?.values.diagnostics ?? []
                    checker?.values.diagnostics.clear()
                }
            }
            chunks.append(chunk)
        }
        guard let storage = checker?.storage else { return chunks }
        checker = nil  // the store's the only copy of the storage from here
        let store = ModelStore(storage, files: files)
        for chunk in chunks.indices {
            for card in chunks[chunk].cards.indices {
                chunks[chunk].cards[card].content = .stored(store, chunks[chunk].firstStored + card)
            }
        }
        return chunks
    }
}

/// Hands out chunk numbers `0..<count`, each once, to whichever thread asks first.
final class ChunkClaims: Sendable {
    let count: Int
    private let claimed = LockedCounter()

    init(count: Int) { self.count = count }

    /// The next unclaimed chunk, or nil when every one is claimed.
    func next() -> Int? {
        let claimed = claimed.increment()
        return claimed < count ? claimed : nil
    }
}

/// A counter threads share: `increment()` returns the value before it, under a lock.
final class LockedCounter: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `lock.withLock`.
    private let lock = WorkLock()
    private var value = 0

    func increment() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}
