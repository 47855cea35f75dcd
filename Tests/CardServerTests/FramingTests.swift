import CardJSON
import CardServer
import Testing

@Suite struct MessageReaderTests {
    func events(_ chunks: [String], maximumLength: Int = MessageReader.defaultMaximumLength) -> [MessageReader.Event] {
        var reader = MessageReader(maximumLength: maximumLength)
        var events: [MessageReader.Event] = []
        for chunk in chunks {
            reader.append(Array(chunk.utf8))
            while let event = reader.next() { events.append(event) }
        }
        return events
    }

    @Test func splitsMessagesArrivingInPieces() {
        let stream = "Content-Length: 2\r\n\r\n{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 4\r\n\r\nnull"
        var chunks: [String] = []
        var rest = Substring(stream)
        while !rest.isEmpty { chunks.append(String(rest.prefix(3))); rest = rest.dropFirst(3) }
        #expect(events(chunks) == [.message(Array("{}".utf8)), .message(Array("null".utf8))])
    }

    @Test func badHeadersAreSkippedToTheNextMessage() {
        let result = events(["Content-Length: abc\r\n\r\nContent-Length: 2\r\n\r\n{}"])
        #expect(result.count == 2)
        #expect(result.last == .message(Array("{}".utf8)))
        if case .malformed = result.first {} else { Issue.record("expected a malformed event first") }
        // A header line without a colon, and a missing length.
        #expect(events(["garbage\r\n\r\nContent-Length: 2\r\n\r\n[]"]).last == .message(Array("[]".utf8)))
        #expect(events(["Content-Type: x\r\n\r\nContent-Length: 1\r\n\r\n1"]).last == .message(Array("1".utf8)))
        // Two lengths, a negative one, one too long to be a number.
        #expect(events(["Content-Length: 2\r\nContent-Length: 3\r\n\r\n"]).count == 1)
        #expect(events(["Content-Length: -2\r\n\r\n"]).count == 1)
        #expect(events(["Content-Length: 99999999999999999999999\r\n\r\n"]).count == 1)
    }

    @Test func hugeLengthIsRefused() {
        let result = events(["Content-Length: 1000\r\n\r\nContent-Length: 2\r\n\r\n{}"], maximumLength: 100)
        #expect(result.count == 2)
        #expect(result.last == .message(Array("{}".utf8)))
    }

    @Test func headerThatNeverEndsIsDropped() {
        let result = events([String(repeating: "x", count: 20_000)])
        #expect(result.count == 1)
    }

    @Test func partialBodyCanBeAbandoned() {
        var reader = MessageReader()
        reader.append(Array("Content-Length: 50\r\n\r\n{\"a\":1}".utf8))
        #expect(reader.next() == nil)
        #expect(reader.abandonPartialMessage() != nil)
        reader.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        #expect(reader.next() == .message(Array("{}".utf8)))
    }
}
