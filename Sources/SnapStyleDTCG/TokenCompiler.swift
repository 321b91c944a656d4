import SnapStyleEngine
import SnapStyleJSON

/// Compiles a theme's DTCG files into definitions (docs/dtcg.md): each token becomes a key of the attribute its
/// type imports into; a token whose value differs between modifier contexts becomes a `when` over the modifiers'
/// selections, tried from the last entry of the resolution order down, the sets' value as its `else`.
///
/// A compile is a pipeline of stages, each a function of what the one before gives:
/// 1. the front end (`TokenFrontEnd.plans`): which sources apply where, as the entries of a resolution order;
/// 2. the graph (`TokenReader`, `TokenGraph`): the sources read, flattened and merged per entry, `$extends` applied,
///    and every key's values in the order written;
/// 3. the analysis (`KeyAnalysis`): each key's type, attribute and alias chain, from the deepest alias up;
/// 4. the definitions (`TokenDefinitions`): each key's definition and catalog entry, into the theme's layer;
/// 5. the report (`TokenGraph+Errors.swift`): tokens in error left out with their readers, one message per cause.
///
/// Stages 3 and 4 run key by key, since a key's definition needs its targets' analysis first. The last compile's
/// memo is handed only to the stages that reuse: the front end (the parsed resolver), the reader (flattened files
/// and merges), the graph (patched where tokens changed) and the definitions (the results of untouched keys).
public enum TokenCompiler {
    public static func compile(_ input: DTCGInput, themeName: String) -> DTCGCompilation {
        var memo = TokenMemo()
        return compile(input, themeName: themeName, memo: &memo)
    }

    /// Compiles, taking over from `memo` what the changed files did not touch, and leaves the memo for the next.
    public static func compile(_ input: DTCGInput, themeName: String, memo: inout TokenMemo) -> DTCGCompilation {
        var reuse = ReuseState(memo: memo)
        memo = TokenMemo()  // the compile's copy is then the only one, and patched in place
        var reused = input
        if let result = run(&reused, themeName: themeName, reuse: &reuse, reusing: true) {
            memo = reuse.next
            return result
        }
        // Reusing would have recompiled most keys (a type or attribute many keys depend on changed): all of them.
        var fresh = ReuseState(memo: TokenMemo())
        var again = input
        let result = run(&again, themeName: themeName, reuse: &fresh, reusing: false)!
        memo = fresh.next
        return result
    }

    /// Compiles every key and leaves no memo: for a theme so large that its memo and its files' parsed JSON would
    /// outweigh its compiled form. `input` is taken over, and its documents are let go once flattened.
    public static func compileWhole(_ input: consuming DTCGInput, themeName: String) -> DTCGCompilation {
        var reuse = ReuseState(memo: TokenMemo())
        reuse.keepsMemo = false
        var input = input
        return run(&input, themeName: themeName, reuse: &reuse, reusing: false)!
    }

    /// The stages in order. Nil when reusing the last compile's results would recompile most keys.
    static func run(_ input: inout DTCGInput, themeName: String, reuse: inout ReuseState, reusing allowed: Bool)
        -> DTCGCompilation?
    {
        var d = Diagnostics()
        let signature = TokenMemo.Signature(input)
        let (plans, sourceFiles) = TokenFrontEnd.plans(input, reuse: &reuse, &d)
        let units: [TokenGraph.Unit]
        do {
            var reader = TokenReader(input)
            units = reader.units(plans, reuse: &reuse, &d)
        }
        if !reuse.keepsMemo { input.documents = [:] }
        let reusing = allowed && reuse.shapesKept && reuse.memo.signature.map { $0.matches(signature) } == true
        reuse.next.signature = signature

        let graph: TokenGraph
        var layer: ThemeLayer
        var results = KeyResults()
        if reusing {
            graph = .patching(&reuse.memo.graph, units: units, sourceFiles: sourceFiles, changed: reuse.dirty)
            // Taken over, not shared, so that patching them does not copy them.
            layer = reuse.memo.layer
            reuse.memo.layer = ThemeLayer(name: "")
            results = KeyResults(
                all: reuse.memo.keys, withIssues: reuse.memo.keysWithIssues, undefined: reuse.memo.keysUndefined,
                dirty: reuse.dirty)
            reuse.memo.keys = [:]
        } else {
            graph = .linking(units, sourceFiles: sourceFiles, &d)
            layer = ThemeLayer(name: themeName)
            layer.tokens.modifiers = graph.units.compactMap(\.selector)
        }

        // Consumed, so that the analysis holds the only reference to the results it patches.
        var definitions = TokenDefinitions(KeyAnalysis(graph: graph, remBase: input.remBase, results: consume results))
        if reusing {
            guard definitions.recompile(into: &layer) else { return nil }
        } else {
            definitions.compileAll(into: &layer, keepingEveryResult: reuse.keepsMemo)
        }
        d.append(definitions.d)
        return report(layer, graph: graph, analysis: definitions.analysis, diagnostics: d, reuse: &reuse)
    }

    /// The compilation: the layer without the tokens in error and their readers, every issue once per cause; and
    /// the memo for the next compile.
    static func report(
        _ layer: ThemeLayer, graph: TokenGraph, analysis: KeyAnalysis, diagnostics d: Diagnostics,
        reuse: inout ReuseState
    ) -> DTCGCompilation {
        let results = analysis.results
        var all = d
        if !results.withIssues.isEmpty {
            for key in graph.keyOrder where results.withIssues.contains(key) { all.append(results.all[key]!.issues) }
        }
        let recompiled = results.dirty.map { Set($0.map(graph.name)) }
        reuse.next.graph = graph
        reuse.next.layer = layer
        reuse.next.keys = results.all
        reuse.next.keysWithIssues = results.withIssues
        reuse.next.keysUndefined = results.undefined
        reuse.next.reusedKeys = results.dirty.map { graph.keyOrder.count - $0.count } ?? 0
        let (served, leftOutErrors, leftOut) = graph.leavingOutReaders(of: layer, results: results, analysis: analysis)
        reuse.next.leftOut = leftOut
        all.append(leftOutErrors)
        // A key left out now and not last time, or the other way round, changed too.
        let changedLeftOut = leftOut.symmetricDifference(reuse.memo.leftOut).map(graph.name)
        let errors = all.errors.filter { !$0.isConsequence } + all.errors.filter(\.isConsequence)
        return DTCGCompilation(
            layer: served, errors: graph.oncePerCause(errors), themeErrors: graph.oncePerCause(d.errors),
            warnings: graph.oncePerCause(all.warnings), tokenCount: graph.keyOrder.count,
            recompiled: recompiled.map { $0.union(changedLeftOut) }
        )
    }
}
