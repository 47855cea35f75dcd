import Testing
import CardModel
import CardSources
@testable import CardSema
import CardDiagnostics

/// The byte-keyed lookups the checker uses instead of `String` dictionaries must answer exactly
/// as those dictionaries did.
@Suite struct NameTableTests {
    func index(_ table: NameTable, _ text: String) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { table.index(of: $0) }
    }

    @Test func findsEveryNameAndNothingElse() {
        let names = ["text", "a", "", "hstack", "verticalSeparator", "minimumSwipeMargin", "exactlySixteen16",
                     "seventeen_chars_x", "a_name_much_longer_than_twenty_four_bytes"]
        let table = NameTable(names)
        for (i, name) in names.enumerated() {
            #expect(index(table, name) == i, "\(name)")
            #expect(table.index(of: name) == i)
        }
        for miss in ["tex", "texts", "Text", "hstacK", "verticalSeparatoR", "seventeen_chars_y", "b", " "] {
            #expect(index(table, miss) == nil, "\(miss)")
        }
    }

    @Test func firstOfDuplicatesWins() {
        let table = NameTable(["x", "y", "x"])
        #expect(index(table, "x") == 0)
    }

    /// Byte equality stands in for `String` equality only because no catalog name holds one of
    /// the ASCII characters another character is canonically equivalent to (K ← U+212A KELVIN
    /// SIGN, `;` ← U+037E, a backtick ← U+1FEF) or a non-ASCII byte.
    @Test func catalogNamesAreSafeForByteComparison() {
        var names = Catalog.nodes.map(\.name) + Catalog.traits.map(\.name) + Catalog.cardProperties.map(\.name)
            + Catalog.namedColors.map(\.name) + Catalog.builtInStates.map(\.name) + Catalog.stackKinds.map(\.name)
        for spec in Catalog.nodes { names += spec.parameters.map(\.name) }
        for spec in Catalog.traits { names += spec.parameters.map(\.name) }
        for spec in Catalog.stackKinds { names += spec.arguments.map(\.name) }
        for spec in Catalog.nodes {
            for parameter in spec.parameters { names += parameter.type.enumType?.caseNames ?? [] }
        }
        for name in names {
            #expect(name.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "K") && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "`") },
                    "\(name)")
        }
    }

    @Test func internerIdentityFollowsStringEquality() {
        let names = NameInterner()
        func intern(_ text: String) -> InternedName { names.intern(text) }
        let plain = intern("balance")
        #expect(intern("balance").identity == plain.identity)
        #expect(intern("balanc").identity != plain.identity)
        // Precomposed and decomposed é: equal Strings, one identity, each keeps its own bytes.
        let precomposed = intern("caf\u{E9}")
        let decomposed = intern("cafe\u{301}")
        #expect(precomposed.identity == decomposed.identity)
        #expect(precomposed.spelling != decomposed.spelling)
        #expect(Array(names.text(decomposed).utf8) == Array("cafe\u{301}".utf8))
        // An ASCII name seen after the first non-ASCII one still finds its canonical twin.
        let kelvin = intern("\u{212A}ey")
        #expect(intern("Key").identity == kelvin.identity)
        #expect(intern("balance").identity == plain.identity)
    }

    @Test func internerResolvesBindingTargets() {
        let names = NameInterner()
        guard case .row(let field) = names.bindingTarget(names.intern("item.amount")) else { Issue.record("not a row field"); return }
        #expect(names.text(field) == "amount")
        let balance = names.intern("balance")
        guard case .card(let name) = names.bindingTarget(balance) else { Issue.record("not a card field"); return }
        #expect(name == balance)
        // Dots dropped around the name: the field is the name without them.
        guard case .card(let dotted) = names.bindingTarget(names.intern(".balance.")) else { Issue.record("not a card field"); return }
        #expect(dotted.identity == balance.identity)
        guard case .invalid = names.bindingTarget(names.intern("a.b.c")) else { Issue.record("not invalid"); return }
    }

    @Test func internerGrowsPastItsFirstTable() {
        let names = NameInterner()
        let spellings = (0..<3000).map { "name\($0)" }
        let ids = spellings.map { names.intern($0) }
        for (spelling, id) in zip(spellings, ids) {
            #expect(names.intern(spelling) == id)
            #expect(names.text(id) == spelling)
        }
    }

    /// 160 sixteen-byte names that share one hash under the unseeded hash `NameKey` once had,
    /// `(word0 ^ word1 &* 0xff51_afd7_ed55_8ccd ^ count) &* 0x9e37_79b9_7f4a_7c15` (found by brute
    /// force: any number more is easy to find). Interned, they sat in one run of slots, each
    /// lookup walking it: 12,720 probes beyond the first in all. Seeded, they spread like any
    /// names (about one probe in five beyond the first at the interner's load).
    static let collidingNames: [String] = [
            "xhtaLrE3PKnm0All", "ppoWOBr5xskRgDpb", "zCND1NpkZ4gRuEp9", "fLEejxreFWygYxaq", "USQ2n9771EtFbMSv", "fNo7HxAMFMw6cJu4", "ybcxv0DAUYRXP5O_", "USHKaIb61EG99nuC",
            "eYpXBngFAvSy4tQd", "gC1ZOpaIKtbAV3ud", "xpjpzqEnPsPltPTF", "f0pDr4CBF393REAA", "fUD1QkCCFz4PkEJ1", "UbEdJlc71ZOAOdEA", "gpWt6rDRK3dvNvbO", "zOOMG0SyZHlJkZPl",
            "czbikYF57QnqRmKP", "bCMS1REX24LfD73F", "yWYkOjZyU05PO8FW", "cDq1kAxw7oMygJP9", "bHUTwka62k4gaI9P", "xYFkKhr9P6uv9wQY", "c69JOD4u7U6sfnC3", "bBEibMqr29d91ACE",
            "edhbqPErAOjU85_H", "yVcgmwwYU5S8WbHh", "VCv0fPyB65VJoykp", "xr0aXSUrPiBNIY1r", "bVBjkdCO2uiGcb02", "UazXY4t71_lR9akz", "eZ6X1yeFAq5UmCoa", "UbGF8QcD1ZEkkA94",
            "zJzJ1gKxZakgnOQi", "fJIMXqsrFa5zDVYY", "zNrjidnQZMC2QoD_", "c6JypAPg7U7SGjyS", "VNlJyg8A6NxFC45Y", "bWRfRLNc2pyfWJtZ", "ycjukUCfUT52cfUE", "ymN1kQwrUrAfGJ34",
            "yd05GFYSUOgNjYhN", "cyCjmfE77VSfdWuQ", "ybZCyHStUYeFHnrh", "c13arFNB7nDVuDgx", "yeV9uANNUJidfXNI", "xuxVg7jhPZjH_jg8", "zW1jXWHrZpRxnwtq", "e_Ry3rZhAXiuvBTW",
            "emrZ2AmhArHrPlNP", "fNIj_MrAFM5htNAJ", "edQ8xtDYAO7DTysq", "ppd3lmddxsHF4op6", "zIY4usrRZfZwUEuq", "cECDYlkN7jSUsYl7", "eR3RImvdAINMJs23", "ymKteb40UrZWzBYG",
            "ySm9uXnKUD1jH2FW", "fOwjEBoDFH_Brqzj", "Ue4ZrNoO1KzHG7Yz", "xZMSWNtrP1lYEd1P", "xvJuI6c_PUptW1Kc", "pmv3a9Jqx2NblrnX", "xwfTZ__zPPTscANu", "eQszUrnqANNy0gZr",
            "xZ5RIoB3P14_9NKt", "U_VdAvmX1YQmmo5i", "UodsGDdI1ijYsWUS", "VOhx4FgL6ILG4z6J", "xsVh5aadPdDUHRbV", "eWPPZzRwA0sHo1ks", "UdmuNRGP1PWA8eCu", "bV6nNblH2uE4QdJv",
            "ycqGBd7HUTlLpWfr", "gCNQVdT3KtwIbAAV", "VIKeh9Gr6ggVrDPC", "fCt9tddxF4dnyUIq", "zLcIwJf5ZWxMFb90", "pr3irq2WxigKGbQy", "xjAgi8z4PAWYrghW", "xuuCtXgcPZ3GFL4u",
            "pr4V8RuGxiXNvCGt", "eWWsm0edA0ZmkbzZ", "yY8rFQm1UvPGJpEU", "f98j13MeFVa_yXAW", "VH6DZ_4C6lVagEne", "fVcyGJwGFucR5Kyn", "gDLh4DYrKoAa_nFK", "xhhJMaZFPKZDamGG",
            "bV6rUxJN2uEpteqa", "f9Ho376NFVqEG3Qz", "yY86MyKFUvPsnsjU", "fOnGsRq1FH2a1MIF", "czeh8pB57Qi6nnAX", "bMjUv4nj2R1gBk7h", "eeuG0wY5AJCwKjN4", "elhg2I5UAwjfRpoP",
            "ecehUC9UATsXMECP", "b0eS68bt23EQJJw5", "enzKgo5OAm0xxLsq", "pv0EshMixUlZgZFU", "VHGng7K16lk2ilC2", "ppl8htL0xspi26az", "fMM6rH4sFRaaJeC5", "ppnjj6G9xsfcpMYo",
            "c3nBxifE7dCyZQNt", "xvGP3QhHPU9mPhP1", "fUD48trkFz4AnazJ", "fVIe7hGJFu5GARxU", "VNa78ido6Ni5OCTC", "c4pMh1Py7_IY17kK", "eli7QXFqAwo6TKCk", "yf_V9V0OUEV2NmyG",
            "zLTz7SKVZWYMR9b9", "zB6Ki__ZZ9o9Bixk", "fIIJj_oKFfuBA8Jx", "yQTMM3skUNtq1jsm", "bWAiYaEt2p8SV69e", "b0f2rQ132366oamY", "ynXDfsxeUmoBVbHX", "VOh5JWqO6ILFK01O",
            "g0faT0xpKspDlBcC", "y_iR6_SPUXEFlQoH", "piXEuiX2xF4jcqqq", "UVDH2P8g16KDgsCh", "zIoKKGkyZfLGOCdU", "UgbU8H4t1At1FY5a", "g31umcvDKdcRjCMJ", "ydBly6QsUOmjD0gd",
            "eRE6m8noAITXPBzp", "bBx7ggDo29KWi1nj", "VDyA7i4l60apOHli", "cEMkeJ2c7jqvffKm", "fBf6QkS7F9JfvhsZ", "USRq3o4n1Ee72aUo", "eVNJsUdHA5mOEIvC", "yRZJU60gUIfokVKi",
            "plevJsdjx7Mx6KNf", "ef69KHOoAE45QBar", "V03GYXGX64pxF8mU", "c6HVsGdQ7UAFaRBt", "b0Xs5DRm23lrZZ8E", "fWhO4rXYFpP3CIM3", "c7_SMF9I7P8pr8t4", "zMnNKTSwZRGc__lW",
            "U_feNsQe1YagJrz5", "UR36CRUz1JJXsGYc", "plSNOQagx7GqnwnS", "xY6_eIe2P6eSPwnq", "c7X9WjRo7PQn_arU", "pZ1T7Wexx1rVmZYL", "zW8w9GJCZpuGXJtY", "Umwuhsov1s5FtdKV",
            "xph2DSTkPsZ6JFq7", "yl5SO1sHUwX67kp_", "eYpUZAozAvS8lyuX", "UcQLn4hm1UsdbFPX", "pwJHsCfixPZuhl1L", "cFguMVH57e_Zo2dS", "gyifhdh_KVz4ptz4", "xwRLsdptPPXL1WkV"
    ]

    @Test func craftedNamesDoNotShareAHash() {
        let names = NameInterner()
        for name in Self.collidingNames { _ = names.intern(name) }
        #expect(Set(Self.collidingNames).count == 160)
        #expect(names.probeDistance < 1_500, "\(names.probeDistance) probes beyond the first")
        let ordinary = NameInterner()
        for k in 0..<160 { _ = ordinary.intern("field\(k)") }
        #expect(ordinary.probeDistance < 1_500)
    }
}
