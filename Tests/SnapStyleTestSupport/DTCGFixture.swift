/// A design system written the way the public DTCG corpus writes its files (a resolver with sets and two
/// modifiers, a set named nowhere in the order, `$root`, group `$extends`, JSON Pointers, hex strings, `em` letter
/// spacing, line heights as dimensions, a `$type` outside the format, alias chains across sets and contexts),
/// with values computed by hand in the theme tests; the DTCG fuzz targets load it too.
public enum DTCGFixture {

    public static let resolver = ##"""
        {
          "$schema": "https://www.designtokens.org/schemas/2025.10/resolver.json",
          "name": "Brand", "version": "2025.10",
          "sets": {
            "base": {"sources": [{"$ref": "./brand/base.tokens.json"}, {"$ref": "./brand/type/typography.tokens.json"}]},
            "fonts": {"sources": [{"$ref": "./brand/type/fonts.tokens.json"}]}
          },
          "modifiers": {
            "theme": {"contexts": {
              "light": [{"$ref": "./brand/theme/light.tokens.json"}],
              "dark": [{"$ref": "./brand/theme/dark.tokens.json"}],
              "dark-hc": [{"$ref": "./brand/theme/dark.tokens.json"}, {"$ref": "./brand/theme/dark-hc.tokens.json"}]
            }, "default": "light"},
            "size": {"contexts": {
              "compact": [{"$ref": "./brand/size/compact.tokens.json"}],
              "regular": []
            }}
          },
          "resolutionOrder": [
            {"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/size"},
            {"type": "set", "name": "last", "sources": [{"space": {"$type": "dimension",
              "inline": {"$value": {"value": 3, "unit": "px"}}}}]}
          ]
        }
        """##

    public static let base = ##"""
        {
          "color": {
            "$type": "color",
            "blue": {"500": {"$value": {"colorSpace": "srgb", "components": [0, 0.4, 0.8], "alpha": 1, "hex": "#0066cc"},
                             "$description": "Brand blue"}},
            "red": {"$value": "#FF0000"},
            "gray-p3": {"$value": {"colorSpace": "display-p3", "components": [0.6, 0.6, 0.6]}},
            "green-hsl": {"$value": {"colorSpace": "hsl", "components": [120, 100, 25]}},
            "white-oklab": {"$value": {"colorSpace": "oklab", "components": [1, 0, 0]}},
            "achromatic": {"$value": {"colorSpace": "hsl", "components": ["none", 0, 50]}},
            "accent": {"$root": {"$value": "{color.blue.500}"}, "soft": {"$value": "{color.accent.$root}"}},
            "brand": {"$value": "{color.blue.500}", "alpha": 0.5},
            "pointer": {"$value": {"$ref": "#/color/blue/500"}},
            "old": {"$value": "{color.red}", "$deprecated": "use color.brand"},
            "fade": {"$type": "gradient", "$value": [
              {"color": "{color.blue.500}", "position": 0}, {"color": "#FFFFFF", "position": 1.5}]}
          },
          "space": {
            "$type": "dimension",
            "small": {"$value": {"value": 4, "unit": "px"}},
            "medium": {"$value": {"value": 1.5, "unit": "rem"}},
            "em": {"$value": {"value": 0.5, "unit": "em"}},
            "chain": {"$value": "{space.medium}"},
            "gutter": {"$value": {"value": 24, "unit": "px"}}
          },
          "button": {
            "$type": "dimension",
            "height": {"$value": {"value": 44, "unit": "px"}},
            "radius": {"$value": {"value": 8, "unit": "px"}}
          },
          "button-large": {"$extends": "{button}", "height": {"$value": {"value": 56, "unit": "px"}}},
          "ratio": {"$type": "number", "$value": 1.5},
          "motion": {"fast": {"$type": "duration", "$value": {"value": 100, "unit": "ms"}}},
          "elevation": {"card": {"$type": "shadow", "$value": {"color": "{color.brand}",
            "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"},
            "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}},
          "label": {"$type": "string", "$value": "uppercase"}
        }
        """##

    public static let typography = ##"""
        {
          "text": {
            "$type": "typography",
            "body": {"$value": {"fontFamily": "{font.family.base}", "fontSize": {"value": 16, "unit": "px"},
              "fontWeight": 600, "lineHeight": {"value": 24, "unit": "px"}, "letterSpacing": {"value": 0.01, "unit": "em"}}},
            "caption": {"$value": {"fontFamily": "'Segoe UI', Arial, sans-serif", "fontSize": {"value": 12, "unit": "px"},
              "fontWeight": "bold", "lineHeight": 1.25, "letterSpacing": "0.32px", "WebkitFontSmoothing": "antialiased"}},
            "tiny": {"$value": {"fontFamily": ["Inter"], "fontSize": {"value": 0.75, "unit": "em"},
              "fontWeight": 400, "lineHeight": 1, "letterSpacing": 0}}
          }
        }
        """##

    public static let fonts = ##"""
        {"font": {"family": {"base": {"$type": "fontFamily", "$value": ["Inter", "Helvetica", "sans-serif"]}}}}
        """##

    public static let light = ##"""
        {
          "surface": {
            "bg": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1], "alpha": 1}},
            "fg": {"$type": "color", "$value": "{color.blue.500}"}
          }
        }
        """##

    public static let dark = ##"""
        {
          "surface": {
            "$type": "color",
            "bg": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 1}},
            "fg": {"$value": "{surface.bg}"}
          }
        }
        """##

    public static let darkHC = ##"""
        {"surface": {"fg": {"$type": "color", "$value": "{color.red}"}}}
        """##

    public static let compact = ##"""
        {"space": {"gutter": {"$type": "dimension", "$value": {"value": 12, "unit": "px"}}}}
        """##

    public static let manifest = ##"""
        {"theme": {"extends": "snap", "remBase": 10, "modifiers": {"theme": {
          "dark-hc": {"colorScheme": "dark", "contrast": "high"}, "dark": {"colorScheme": "dark"},
          "light": {"colorScheme": "light"}}}},
         "surface": {"brandCard": {"ref": "color.blue.500", "adjust": [{"opacity": 0.5}]}}}
        """##

    /// The theme `brand` (a resolver beside its directory) as files relative to a root.
    public static let files: [(path: String, text: String)] = [
        ("brand.resolver.json", resolver),
        ("brand/base.tokens.json", base),
        ("brand/type/typography.tokens.json", typography),
        ("brand/type/fonts.tokens.json", fonts),
        ("brand/theme/light.tokens.json", light),
        ("brand/theme/dark.tokens.json", dark),
        ("brand/theme/dark-hc.tokens.json", darkHC),
        ("brand/size/compact.tokens.json", compact),
        ("brand/manifest.json", manifest),
        // Beside the sources, as GitHub Primer ships fallbacks: not a theme file of `brand`.
        ("brand/fallback/fallbacks.json", ##"{"--brand": "var(--x)"}"##),
        ("brand/unused.tokens.json", ##"{"nothing": {"$type": "number", "$value": 1}}"##),
    ]
}
