import CardIDE
import Foundation
import CardModel
import CardSema
import Testing

@Suite struct CompletionTests {
    @Test func topLevelOffersDeclarations() {
        let labels = completionLabels("card A { text(\"x\") }\n‸")
        #expect(labels == ["card", "stack", "theme", "import"])
    }

    @Test func cardBodyOffersPartsPropertiesAndState() {
        let labels = completionLabels("card A {\n  te‸\n}")
        #expect(labels.contains("text"))
        #expect(labels.contains("hstack"))
        #expect(labels.contains("model"))
        #expect(labels.contains("tap:"))
        #expect(labels.contains("state"))
        #expect(!labels.contains("cell"))
    }

    @Test func partSnippetHasRequiredArguments() {
        let marked = Marked("card A {\n  ‸\n}")
        let items = snapshot(marked.text).completions(at: marked.offset)
        let text = items.first { $0.label == "text" }
        #expect(text?.snippet == "text(\"${1:text}\")")
        #expect(text?.insertText == "text")
        #expect(text?.documentation?.isEmpty == false)
        #expect(items.first { $0.label == "hstack" }?.snippet == "hstack {\n\t$0\n}")
    }

    @Test func traitsAfterColonAndComma() {
        #expect(completionLabels("card A: ‸").contains("rounded"))
        #expect(completionLabels("card A: rounded(radius: 4), sh‸ {\n}").contains("shadow"))
        #expect(completionLabels("card A: rounded(radius: 4),\n        ‸").contains("shadow"))
    }

    @Test func stackKindsAndThemes() {
        #expect(completionLabels("stack S: ‸").contains("collapsible"))
        let labels = completionLabels("theme T: Mint {}\ntheme U: ‸")
        #expect(labels.contains("Mint") && labels.contains("Turbo") && labels.contains("T"))
    }

    @Test func argumentLabelsOfEnclosingPart() {
        let labels = completionLabels("card A {\n  text(\"x\", style: .title, ‸)\n}")
        #expect(labels.contains("color:"))
        #expect(labels.contains("alignment:"))
        #expect(!labels.contains("style:"))
        #expect(!labels.contains("text:"))
    }

    @Test func argumentLabelsOfEnclosingTrait() {
        let labels = completionLabels("card A: shadow(‸) {\n  text(\"x\")\n}")
        #expect(labels.contains("radius:"))
        #expect(labels.contains("opacity:"))
    }

    @Test func enumCasesForTheParameter() {
        let labels = completionLabels("card A {\n  text(\"x\", style: .‸)\n}")
        #expect(labels.contains(".title"))
        #expect(labels.contains(".detail"))
        #expect(!labels.contains(".red"))
        #expect(completionLabels("card A {\n  text(\"x\", style: .ti‸)\n}").contains(".title"))
    }

    @Test func namedColorsForColorParameters() {
        let labels = completionLabels("card A {\n  text(\"x\", color: ‸)\n}")
        #expect(labels.contains(".red"))
        #expect(labels.contains(".lightGray"))
        let list = completionLabels("card A: gradient(colors: [#FFFFFF, ‸]) {\n  text(\"x\")\n}")
        #expect(list.contains(".red"))
    }

    @Test func cardNamesInStacksAndPush() {
        let deck = "card A { title: \"A\"\n text(\"a\") }\ncard B { title: \"B\"\n button(\"go\", action: push(‸)) }\n"
        let labels = completionLabels(deck)
        #expect(labels.contains("A") && labels.contains("B"))
        let stack = completionLabels("card A { text(\"a\") }\ncard B { text(\"b\") }\nstack S: list {\n  A\n  ‸\n}")
        #expect(stack.contains("B"))
        #expect(stack.contains("theme:"))
    }

    @Test func bindingsOfTheCard() {
        let source = "card A {\n  model {\n    spent: 0.5\n    name: \"x\"\n  }\n  bar(percent: $spent)\n  text($name)\n  text(‸)\n}"
        let labels = completionLabels(source)
        #expect(labels.first == "$name")
        #expect(labels.contains("$spent"))
        let dollar = completionLabels(source.replacingOccurrences(of: "text(‸)", with: "text($‸)"))
        #expect(Set(dollar) == ["$name", "$spent"])
    }

    @Test func rowFieldsInsideACell() {
        let source = """
        card A {
          model { rows: [(merchant: "M", amount: "1")] }
          table(rows: $rows) {
            cell { text($item.‸) }
          }
        }
        """
        #expect(Set(completionLabels(source)) == ["$item.merchant", "$item.amount"])
    }

    @Test func themeNamesInStackThemeProperty() {
        let labels = completionLabels("theme T: Mint {}\ncard A { text(\"a\") }\nstack S: list {\n  theme: ‸\n  A\n}")
        #expect(labels.contains("T") && labels.contains("Mint"))
    }

    @Test func statesForTheModelStateField() {
        let labels = completionLabels("card A {\n  model { state: .‸ }\n  state loading { text(\"l\") }\n  state hasData { text(\"d\") }\n}")
        #expect(labels == [".loading", ".hasData"])
    }

    @Test func nothingInCommentsAndStrings() {
        #expect(completionLabels("card A {\n  // te‸\n}").isEmpty)
        #expect(completionLabels("card A {\n  text(\"te‸\")\n}").isEmpty)
    }

    @Test func replacesTheNameBeingTyped() {
        let marked = Marked("card A {\n  text(\"x\", style: .ti‸)\n}")
        let item = snapshot(marked.text).completions(at: marked.offset).first { $0.label == ".title" }
        #expect(item?.replacing == marked.offset - 3..<marked.offset)
    }

    @Test func builtInStatesAfterStateKeyword() {
        let labels = completionLabels("card A {\n  state loading { text(\"l\") }\n  state ‸\n}")
        #expect(labels == ["empty", "hasData"])
    }
}
