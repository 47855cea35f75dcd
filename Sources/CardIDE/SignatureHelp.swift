import CardModel

/// The signatures of the call whose argument list holds the cursor.
public struct SignatureHelpInfo: Hashable, Sendable {
    public struct Parameter: Hashable, Sendable {
        /// Where the parameter lies in its signature's label (UTF-8 offsets).
        public var range: Range<Int>
        public var documentation: String
    }

    public struct Signature: Hashable, Sendable {
        /// `text(_ text: String, style: TextStyle = .normal, …)`.
        public var label: String
        public var documentation: String?
        public var parameters: [Parameter]
    }

    public var signatures: [Signature]
    public var activeSignature: Int
    /// The argument being written (nil when none applies: every label given).
    public var activeParameter: Int?
}

extension Snapshot {
    /// Signature help at `offset`: the parts', traits', stack kinds', actions' and
    /// constructors' parameters, with the one being written active.
    public func signatureHelp(at offset: Int) -> SignatureHelpInfo? {
        let context = CursorContext(snapshot: self, offset: offset)
        guard let call = context.call else { return nil }
        let builder = CompletionBuilder(snapshot: self, context: context, offset: offset)
        let overloads = builder.parameters(of: call)
        guard !overloads.isEmpty, !call.name.isEmpty else { return nil }
        let doc: String?
        switch call.role {
        case .part: doc = Catalog.part(named: call.name)?.doc
        case .trait: doc = Catalog.trait(named: call.name)?.doc
        case .stackKind: doc = Catalog.stackKind(named: call.name)?.doc
        case .value: doc = Catalog.builtInAction(named: call.name)?.doc ?? Catalog.valueConstructor(named: call.name)?.doc
        }
        var signatures: [SignatureHelpInfo.Signature] = []
        var active = 0
        var activeParameter: Int?
        for (index, parameters) in overloads.enumerated() {
            var label = call.name + "("
            var ranges: [SignatureHelpInfo.Parameter] = []
            for (k, parameter) in parameters.enumerated() {
                if k > 0 { label += ", " }
                let start = label.utf8.count
                label += parameter.signature
                ranges.append(SignatureHelpInfo.Parameter(range: start..<label.utf8.count, documentation: parameter.doc + Self.rangeNote(parameter)))
            }
            label += ")"
            signatures.append(SignatureHelpInfo.Signature(label: label, documentation: doc, parameters: ranges))
            if let parameter = Self.activeParameter(in: parameters, call: call), activeParameter == nil {
                active = index
                activeParameter = parameter
            }
        }
        return SignatureHelpInfo(signatures: signatures, activeSignature: active, activeParameter: activeParameter)
    }

    /// The parameter the cursor's argument is for: its label's, the positional one at its
    /// place, or else the first labelled one not yet written.
    static func activeParameter(in parameters: [CardModel.Parameter], call: CursorContext.Call) -> Int? {
        if let label = call.label { return parameters.firstIndex { $0.name == label } }
        let index = call.argumentIndex
        if parameters.takesUnlabelledValue(at: index) { return index }
        return parameters.firstIndex { !$0.positional && !call.givenLabels.contains($0.name) }
    }
}
