import CardLayout
import CardModel

/// The gallery's stylesheet: one fixed part (page, grid, and the look of every part kind) and
/// one line per theme drawn, which sets that theme's colours and fonts as CSS variables on the
/// class `T<n>`; cards and stack screens carry the class of the theme they are drawn in.
enum GalleryStyle {
    /// The font stacks: the iOS system font where there is one, else Helvetica and its
    /// metric-compatible stand-ins (Arial, Liberation Sans), which is what the layout model's
    /// estimate is calibrated against (docs/gallery.md).
    static let systemStack = "-apple-system,BlinkMacSystemFont,\"Helvetica Neue\",Helvetica,Arial,\"Liberation Sans\",sans-serif"
    static let helveticaStack = "\"Helvetica Neue\",Helvetica,Arial,\"Liberation Sans\",sans-serif"

    /// The fixed rules. Class names are short because every part carries some: `c` card, `b`
    /// content box, `f` footer, `p` part, `x` a wrapping text box (its height is the layout's
    /// estimate), `l` a one-line label cut with `…`, `e` a visible escape.
    static let fixed = """
    :root{--sys:\(systemStack);--hel:\(helveticaStack)}
    *{box-sizing:border-box}
    body{margin:0;font:13px/1.4 var(--sys);background:#E9ECEF;color:#1C1C1E}
    header.top{padding:16px 24px 12px;background:#FFF;border-bottom:1px solid #D0D5DA}
    h1{font-size:20px;margin:0 0 4px}
    h2{font-size:17px;margin:0 0 2px}
    p{margin:4px 0}
    .meta{color:#5F6B76;font-size:12px}
    nav{font-size:12px;margin-top:8px;line-height:1.8}
    nav a{color:#0B5CAD;margin-right:10px;text-decoration:none}
    section{padding:18px 24px 8px;border-bottom:1px solid #D6DBE0}
    .doc{color:#46515C;max-width:60em;white-space:pre-wrap}
    .idx{font-size:12px;color:#46515C;max-width:120em}
    table.g{border-collapse:separate;border-spacing:20px 10px;margin-left:-20px}
    .g th{font-size:12px;font-weight:600;color:#46515C;text-align:left;vertical-align:bottom;white-space:nowrap}
    .g th small{display:block;font-weight:400;color:#7A8590}
    .g th.s{text-align:right;vertical-align:top;padding-top:4px;max-width:14em;white-space:normal}
    .g thead th{position:sticky;top:0;z-index:3;background:#E9ECEF;padding:6px 0 4px;box-shadow:0 0 0 10px #E9ECEF}
    .g tbody th.s{position:sticky;left:0;z-index:2;background:#E9ECEF;box-shadow:0 0 0 10px #E9ECEF}
    .g thead th:first-child{left:0;z-index:4}
    .g td{vertical-align:top;padding:0 0 14px}
    .positions{display:flex;flex-wrap:wrap;gap:28px;align-items:flex-start;padding:8px 0 14px}
    figure{margin:0}
    figcaption{font-size:12px;font-weight:600;color:#46515C;margin-bottom:6px}
    figcaption small{font-weight:400;color:#7A8590}
    .scr{position:relative;overflow:hidden;background:\(ThemePalette.screenBackground.hex);outline:1px solid #C5CBD1}
    .scr.map{background:#D6E8CE}
    .c{position:relative;overflow:hidden;background:var(--bg)}
    .scr>.c,.scr>.wrap{position:absolute}
    .c.tr{background:\(ThemePalette.screenBackground.hex);outline:1px dashed #AEB6BD;outline-offset:-1px}
    .c.hid{opacity:.45}
    .b,.f,.hd{position:absolute}
    .f{border-top:1px solid var(--sep)}
    .f.tr{border-top:0}
    .dim{opacity:.22}
    .c.bh{filter:brightness(.93)}
    .ov{position:absolute;inset:0;background:rgba(255,255,255,.35)}
    .ed{position:absolute;top:1px;right:2px;font:11px/1 var(--sys);color:var(--btn);z-index:1}
    .grab{position:absolute;top:5px;left:50%;width:36px;height:5px;margin-left:-18px;border-radius:3px;background:#C5CBD1}
    .p{position:absolute}
    .x{position:absolute;white-space:pre-wrap;overflow-wrap:anywhere}
    .lc{display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden}
    .l{display:block;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    .e{color:#C0392B;background:#FDECEA;font:11px/1 ui-monospace,"DejaVu Sans Mono",monospace}
    .ts{font:var(--fs);color:var(--cs)}
    .tn{font:var(--fn);color:var(--cn)}
    .tt{font:var(--ft);color:var(--ct)}
    .th{font:var(--fh);color:var(--ch)}
    .td{font:var(--fd);color:var(--cd)}
    .ti{font:var(--fi);color:var(--ci)}
    .tb{font:var(--fb);color:var(--cb)}
    .mn{position:absolute;right:0;top:0;width:24px;height:24px;border-radius:12px;background:#EEF0F2;color:#5F6B76;font:bold 14px/22px var(--sys);text-align:center}
    .im{border:1px dashed #A9B3BC;border-radius:4px;background:#EDF0F3;color:#56616B;display:flex;align-items:center;justify-content:center;overflow:hidden}
    .im .l{font:11px/1.2 var(--sys);padding:0 4px}
    .bt{display:flex;align-items:center;padding:0 8px;border-radius:var(--br);background:var(--bt1);overflow:hidden}
    .bt.ac{justify-content:center}.bt.ar{justify-content:flex-end}
    .bt.af{justify-content:center;background:var(--bt2)}
    .pl{overflow:hidden}
    .pl>span{display:inline-flex;align-items:center;max-width:100%;height:100%;border-radius:999px;background:var(--sep);color:var(--ct);font:var(--fn)}
    .pl>span>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    .ic{position:absolute;top:0;border-radius:4px;background:color-mix(in srgb,var(--btn) 35%,#FFF)}
    .sp,.vs{background:var(--sep)}
    .tb2>.r{position:absolute;left:0;right:0;display:flex;justify-content:space-between;gap:8px;padding:8px 0}
    .tb2>.r+.r{border-top:1px solid var(--sep)}
    .tb2.gr{background:#F2F2F7;border-radius:8px}
    .tb2.gr>.r{padding:8px 10px}
    .r>div{min-width:0}
    .r>.rt{text-align:right;flex:none;max-width:50%}
    .ce+.ce{border-top:1px solid var(--sep)}
    .co,.pg,.hi{overflow:hidden}
    .more{position:absolute;right:0;top:50%;margin-top:-11px;width:22px;height:22px;border-radius:11px;background:rgba(0,0,0,.45);color:#FFF;font:bold 15px/21px var(--sys);text-align:center}
    .dots{position:absolute;left:0;right:0;bottom:2px;text-align:center;font:8px/1 var(--sys);color:#8E8E93;letter-spacing:3px}
    .dots b{color:#3A3A3C}
    .br{border-radius:8px;background:color-mix(in srgb,var(--sep) 70%,#FFF);overflow:hidden}
    .br>i{position:absolute;left:0;top:0;bottom:0;border-radius:8px}
    .sl>i,.ms>i{position:absolute;background:#D1D1D6;border-radius:2px}
    .sl>b,.ms>b{position:absolute;width:22px;height:22px;margin:-11px 0 0 -11px;border-radius:11px;background:#FFF;box-shadow:0 1px 3px rgba(0,0,0,.35)}
    .sl>.l{position:absolute;right:0;top:0;font:11px/31px var(--sys);color:#6B7780}
    .tf{border:1px solid var(--sep);border-radius:6px;background:#FFF;display:flex;align-items:center;padding:0 8px}
    .tf .ph{color:var(--cd)}
    .cf{overflow:hidden}
    .cf>i{position:absolute;font:12px/1 var(--sys);font-style:normal}
    .pb>.bar{position:absolute;left:0;right:0;display:flex;overflow:hidden}
    .pb>.bar>i{flex:1}
    .pb>.mk{position:absolute;font:var(--fs);color:var(--cn);white-space:nowrap}
    .pb>.vals{position:absolute;left:0;right:0;display:flex;font:var(--fs);color:var(--cs)}
    .pb>.vals>span{flex:1;overflow:hidden;white-space:nowrap}
    .mp{background-color:#D6E8CE;background-image:repeating-linear-gradient(35deg,transparent 0 38px,rgba(255,255,255,.8) 38px 41px),repeating-linear-gradient(-55deg,transparent 0 55px,rgba(255,255,255,.6) 55px 57px);overflow:hidden;display:flex;align-items:center;justify-content:center}
    .pin{display:inline-block;width:8px;height:8px;margin-right:4px;border-radius:50%;background:#E0443E;box-shadow:0 0 0 2px rgba(224,68,62,.3)}
    .mp.sat{background-color:#4B5E3C}.mp.hyb{background-color:#7B8E62}
    .mp>.l{background:rgba(255,255,255,.9);color:#3A5E3E;border-radius:10px;padding:2px 8px;font:11px/1.4 var(--sys);max-width:90%}
    .rd{border-radius:50%;border-style:solid}
    .rd>i{position:absolute;inset:25%;border-radius:50%}
    .hi>i{position:absolute;bottom:0;border-radius:2px 2px 0 0}
    .hi>.gl{position:absolute;left:0;right:0;height:0;border-top:1px dashed var(--sep)}
    .hi>.gl.base{border-top-style:solid}
    #outline:checked~main .p{outline:1px solid rgba(255,59,48,.45);outline-offset:-1px}
    [data-contrast]{outline:2px dashed #E00034 !important;outline-offset:1px !important}
    #outline:checked~main .x{background:rgba(0,122,255,.08)}
    label.tog{position:fixed;top:10px;right:16px;background:#FFF;border:1px solid #C5CBD1;border-radius:6px;padding:4px 8px;font-size:12px;z-index:10;cursor:pointer}
    label.tog::before{content:"\\2610  "}
    #outline{position:fixed;top:0;right:0;opacity:0;pointer-events:none}
    #outline:checked+label.tog{background:#FFF4E5;border-color:#F0A350}
    #outline:checked+label.tog::before{content:"\\2611  "}
    #outline:focus-visible+label.tog{outline:2px solid #0B5CAD}
    """

    /// The CSS `font` value of a theme font: weight, size, the 1.2 line height of the layout
    /// model, and the family — the system stack, the Helvetica stack for `Helvetica…` names, or
    /// the named family (escaped as a CSS string) before the system stack. `size`, when given,
    /// replaces the font's own (a font scaled to a text size, `ThemeMetrics`).
    static func writeFont(_ font: FontValue?, size: Double? = nil, fallbackSize: Double, to out: inout HTMLWriter) {
        out.integer(weight(font?.weight ?? .regular))
        out.byte(0x20)
        out.px(size ?? font.map { Finite.clamp($0.size, 0.01, 10_000) } ?? fallbackSize)
        out.raw("/1.2 ")
        switch font?.family {
        case .named(let family)?:
            if family.hasPrefix("Helvetica") {
                out.raw("var(--hel)")
            } else {
                out.cssString(family)
                out.raw(",var(--sys)")
            }
        default:
            out.raw("var(--sys)")
        }
    }

    /// The CSS weight of a font weight.
    static func weight(_ weight: FontWeight) -> Int {
        switch weight {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    /// The line of theme `number` (`.T<number>{…}`): colours and fonts as variables, the fonts
    /// at `textSize`.
    static func writeTheme(_ theme: ResolvedTheme?, number: Int, textSize: ContentSizeCategory = .default,
                           to out: inout HTMLWriter) {
        let palette = ThemePalette(theme: theme)
        let metrics = ThemeMetrics(theme, textSize: textSize)
        out.raw(".T")
        out.integer(number)
        out.raw("{")
        func variable(_ name: String, _ color: ColorValue?) {
            out.raw("--" + name + ":")
            if let color { out.color(color) } else { out.raw("transparent") }
            out.raw(";")
        }
        variable("bg", palette.cardBackground)
        variable("sep", palette.separator)
        variable("btn", palette.buttonTitle)
        variable("acc", palette.accent)
        // A button's tint, 10% (20% filled) of its title colour, as a colour every reader parses
        // (axe-core does not read `color-mix`).
        for (name, opacity) in [("bt1", 0.1), ("bt2", 0.2)] {
            out.raw("--" + name + ":")
            if let color = palette.buttonTitle { out.color(color, opacity: opacity) } else { out.raw("transparent") }
            out.raw(";")
        }
        for style in fontStyles {
            variable("c" + style.key, palette[keyPath: style.color])
            writeFontVariable(style, of: theme, metrics, to: &out)
        }
        out.raw("--br:")
        var radius = 0.0
        if let value = theme?.value("buttonCornerRadius")?.number { radius = Finite.dimension(value) }
        out.px(radius)
        out.raw("}\n")
    }

    /// The line of theme `number` in a Dynamic Type column (`.T<number>.Z<column>{…}`): its
    /// fonts at `textSize`, which replace the theme line's in the cards of that column.
    static func writeThemeFonts(_ theme: ResolvedTheme?, number: Int, column: Int, textSize: ContentSizeCategory,
                                to out: inout HTMLWriter) {
        let metrics = ThemeMetrics(theme, textSize: textSize)
        out.raw(".T")
        out.integer(number)
        out.raw(".Z")
        out.integer(column)
        out.raw("{")
        for style in fontStyles { writeFontVariable(style, of: theme, metrics, to: &out) }
        out.raw("}\n")
    }

    /// The theme fonts the gallery writes as variables — `--f<key>` the font, `--c<key>` its
    /// colour — with the catalog property, its size in `ThemeMetrics` and its colour in
    /// `ThemePalette`: one list for a theme's line and its Dynamic Type lines.
    static var fontStyles: [FontStyle] {
        [FontStyle(key: "s", property: "smallTextFont", size: \.smallTextSize, color: \.smallText),
         FontStyle(key: "n", property: "normalTextFont", size: \.normalTextSize, color: \.normalText),
         FontStyle(key: "t", property: "titleTextFont", size: \.titleTextSize, color: \.titleText),
         FontStyle(key: "h", property: "headerTextFont", size: \.headerTextSize, color: \.headerText),
         FontStyle(key: "d", property: "detailTextFont", size: \.detailTextSize, color: \.detailText),
         FontStyle(key: "i", property: "titleFont", size: \.titleSize, color: \.title),
         FontStyle(key: "b", property: "buttonTitleFont", size: \.buttonTitleSize, color: \.buttonTitle)]
    }

    struct FontStyle {
        var key: String
        var property: String
        var size: KeyPath<ThemeMetrics, Double>
        var color: KeyPath<ThemePalette, ColorValue?>
    }

    /// `--f<key>:<font>;` for one of `fontStyles`: the theme's font (else Mint's) at the
    /// metrics' size.
    private static func writeFontVariable(_ style: FontStyle, of theme: ResolvedTheme?, _ metrics: ThemeMetrics, to out: inout HTMLWriter) {
        var font: FontValue?
        if case .font(let value)? = theme?.value(style.property) {
            font = value
        } else if case .font(let value)? = Catalog.themeProperty(named: style.property)?.mintValue {
            font = value
        }
        let size = metrics[keyPath: style.size]
        out.raw("--f" + style.key + ":")
        writeFont(font, size: size, fallbackSize: size, to: &out)
        out.raw(";")
    }

    /// The class of the `text(style:)` case called `style` (nil or any other name: the default
    /// style's): `t` and the key of the style's font in `fontStyles`.
    static func textClass(_ style: String?) -> String { textClasses[Catalog.textStyleIndex(named: style)] }
    /// By position in `Catalog.textStyles`, found once.
    static let textClasses: [String] = Catalog.textStyles.map { style in
        "t" + (fontStyles.first { $0.property == style.fontProperty }?.key ?? "n")
    }

    /// Whether a colour is dark (relative luminance below one half): a theme whose card
    /// background is dark is a dark theme.
    static func isDark(_ color: ColorValue) -> Bool {
        let (r, g, b, _) = color.fractions
        return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5
    }
}
