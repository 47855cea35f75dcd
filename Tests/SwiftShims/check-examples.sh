#!/usr/bin/env bash
# Verifies the shims against the reference examples:
#   1. builds the shim modules (build-shims.sh);
#   2. type-checks Examples/Reference.cardparts.swift in Swift 5 and 6 mode (typecheck.sh);
#   3. type-checks mutated copies of it, each of which must be rejected, so the shims are shown to
#      catch wrong spellings, missing requirements and API that does not exist;
#   4. compiles Examples/Reference.observation.swift with Examples/ObservationMain.swift (Foundation
#      and Observation only) in both modes, runs it and compares its output with
#      Examples/observation-expected.txt.
#
# Usage: check-examples.sh [OUTDIR]   (default: a temporary directory, removed afterwards)
# Needs swiftc and python3.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
swiftc="${SWIFTC:-swiftc}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="${1:-$work/modules}"

"$here/build-shims.sh" "$out"
"$here/typecheck.sh" "$out" "$here/Examples/Reference.cardparts.swift"

# Each mutation: (description, text to replace, replacement). The mutated file must not
# type-check in at least one language mode.
python3 - "$here/Examples/Reference.cardparts.swift" "$work" <<'PY'
import pathlib, sys
source = pathlib.Path(sys.argv[1]).read_text()
work = pathlib.Path(sys.argv[2])
mutations = [
    ("a trait requirement whose CardParts default is internal is left out",
     "extension BudgetCardController: @preconcurrency RoundedCardTrait {\n    func cornerRadius() -> CGFloat {\n        10\n    }\n}",
     "extension BudgetCardController: RoundedCardTrait {}"),
    ("minimumPressDuration (internal default in CardParts) is left out",
     "    var minimumPressDuration: CFTimeInterval {\n        0.8\n    }\n", ""),
    ("shadowOpacity() returns CGFloat as in the stale README",
     "func shadowOpacity() -> Float {", "func shadowOpacity() -> CGFloat {"),
    ("an optional requirement is misspelled",
     "func cardVisibility(cardVisibilityRatio: CGFloat, containerCoverageRatio: CGFloat) {\n        budgetVisibilityChanged(cardVisibilityRatio: cardVisibilityRatio,",
     "func cardVisibility(cardVisibilityRation cardVisibilityRatio: CGFloat, containerCoverageRatio: CGFloat) {\n        budgetVisibilityChanged(cardVisibilityRatio: cardVisibilityRatio,"),
    ("a trait conformance lacks @preconcurrency (Swift 6 mode)",
     "extension BudgetCardController: @preconcurrency CustomMarginCardTrait {",
     "extension BudgetCardController: CustomMarginCardTrait {"),
    ("RxSwift 5's Variable", "let spent = BehaviorRelay<Double>(value: 0.62)", "let spent = Variable<Double>(0.62)"),
    ("cardTapped without its action", "cardTapped(forState: .empty) { [weak self] in self?.createBudget() }",
     "cardTapped(forState: .empty)"),
    ("setupCardParts with a wrong label", "setupCardParts([loadingTitle, loadingText], forState: .loading)",
     "setupCardParts([loadingTitle, loadingText], for: .loading)"),
    ("a binder that does not exist", "hasDataBar.rx.percent", "hasDataBar.rx.progress"),
    ("a Float control property bound to a Double relay",
     "hasDataSlider.rx.value.changed.map { Double($0) }.bind(to: viewModel.limit)",
     "hasDataSlider.rx.value.changed.bind(to: viewModel.limit)"),
    ("a binding's disposable is dropped", "viewModel.state.bind(to: rx.state).disposed(by: bag)",
     "viewModel.state.bind(to: rx.state)"),
    ("CardPartPillLabel's internal init(frame:)", "let hasDataImage = CardPartImageView()",
     "let hasDataImage = CardPartPillLabel(frame: .zero)"),
    ("a table style CardPartTableView cannot take", "let hasDataTable = CardPartTableView()",
     "let hasDataTable = CardPartTableView(style: .grouped)"),
    ("Shuffle's SwipeCardStack instead of MGCardStackView", "let cardStack = MGCardStackView()",
     "let cardStack = SwipeCardStack()"),
    ("a swipe threshold set on the stack instead of the card", "cardStack.numberOfVisibleCards = 2",
     "cardStack.minimumSwipeSpeed = 1100"),
    ("cardBackgroundColor, which CardParts 4.0's theme does not have",
     "theme.buttonCornerRadius = 6", "theme.cardBackgroundColor = .white"),
    ("a theme class subclassed outside CardParts", "func makeEvergreenTheme() -> CardPartsTheme {",
     "final class EvergreenTheme: CardPartsMintTheme {}\nfunc makeEvergreenTheme() -> CardPartsTheme {"),
    ("CardsStack's configuration given Double values", "cardOffset: 40, collapsedHeight: 200,",
     "cardOffset: 40.0 as Double, collapsedHeight: 200,"),
    ("the progress bar's removed barValues argument", "barColors: [.red, .yellow, .green, .blue], markerLabelTitle:",
     "barValues: [0, 2, 4, 6], barColors: [.red, .yellow, .green, .blue], markerLabelTitle:"),
    ("CardPartMapView's height spelled correctly (CardParts spells it intrensicHeight)",
     "map.intrensicHeight = 180", "map.intrinsicHeight = 180"),
    ("CardPartHistogramView's internal init(frame:)", "let histogram = CardPartHistogramView()",
     "let histogram = CardPartHistogramView(frame: .zero)"),
    ("a histogram entry without its label fields", 'DataEntry(color: CardParts.theme.barColor, height: Float($0), textValue: "", title: "")',
     "DataEntry(height: Float($0))"),
    ("a main-actor object created in a default argument (Swift 5 mode)",
     "    init(budget: BudgetCardController) {", "    init(budget: BudgetCardController = BudgetCardController()) {"),
]
for index, (description, old, new) in enumerate(mutations):
    if source.count(old) < 1:
        sys.exit(f"mutation {index} ({description}): text not found in the reference")
    (work / f"mutation{index:02}.swift").write_text(source.replace(old, new, 1))
    (work / f"mutation{index:02}.txt").write_text(description)
PY

failed=0
for mutant in "$work"/mutation*.swift; do
    description="$(cat "${mutant%.swift}.txt")"
    rejected=no
    for version in 5 6; do
        if ! "$swiftc" -typecheck -I "$out" -swift-version "$version" -warnings-as-errors "$mutant" >/dev/null 2>&1; then
            rejected=yes
        fi
    done
    if [[ $rejected == yes ]]; then
        echo "rejected as expected: $description"
    else
        echo "NOT rejected: $description" >&2
        failed=1
    fi
done

mkdir -p "$work/observation"
cp "$here/Examples/ObservationMain.swift" "$work/observation/main.swift"
for version in 5 6; do
    "$swiftc" -swift-version "$version" -warnings-as-errors \
        "$here/Examples/Reference.observation.swift" "$work/observation/main.swift" \
        -o "$work/observation/reference$version"
    "$work/observation/reference$version" > "$work/observation/output$version.txt"
    if diff -u "$here/Examples/observation-expected.txt" "$work/observation/output$version.txt"; then
        echo "observation flavor: compiled and ran in Swift $version mode, output as expected"
    else
        echo "observation flavor: unexpected output in Swift $version mode" >&2
        failed=1
    fi
done

if [[ $failed -ne 0 ]]; then
    exit 1
fi
echo "all shim checks passed"
