extension SnapStyleHints {
    /// The literal with the hints applied.
    public func apply(to literal: Literal) -> Literal {
        switch literal {
        case .font(var font):
            if let textStyle { font.textStyle = textStyle }
            if let width { font.width = width }
            if let design { font.design = design }
            if let scaled { font.scaled = scaled }
            let standIn = FontDetails.standIn(for: font.design ?? .default)
            if implicit.contains("fontFamily"), font.details.families == standIn.families {
                font.details.families = nil
            }
            if implicit.contains("lineHeight"), font.details.lineHeight == standIn.lineHeight {
                font.details.lineHeight = nil
            }
            if implicit.contains("letterSpacing"), font.details.letterSpacing == standIn.letterSpacing {
                font.details.letterSpacing = nil
            }
            if let weight, font.details.weightValue == weight.value {
                font.weight = weight
                font.details.weightValue = nil
            }
            return .font(font)
        case .number(.dimension(var dimension)) where dimension.unit == "rem" && remBase != nil:
            dimension.points = dimension.value * remBase!
            return .number(.dimension(dimension))
        case .number(.dimension(let dimension)) where scaled != nil:
            return .number(scaled! ? .constant(dimension.points) : .calc(.number(dimension.points), scaled: false))
        case .surface(.linearGradient(let colors, let start, let end, let locations)):
            return .surface(
                .linearGradient(
                    colors: colors, start: startPoint ?? start, end: endPoint ?? end,
                    locations: implicit.contains("position") && locations == SurfaceLiteral.evenLocations(colors.count)
                        ? nil : locations))
        default:
            return literal
        }
    }
}
