import Foundation

/// Headless Chromium driven by Selenium, for the tests that look at a page (`Tests/Browser/*.py`).
public enum Browser {
    /// `SNAPSTYLE_BROWSER_PYTHON`, else the virtual environment `make test` prepares, else `python3`.
    public static let python: String = {
        if let python = ProcessInfo.processInfo.environment["SNAPSTYLE_BROWSER_PYTHON"] { return python }
        let venv = Checkout.root + "/.build/browser-venv/bin/python3"
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/env"
    }()

    /// What goes before a script's path in `python`'s arguments.
    public static var pythonArguments: [String] { python == "/usr/bin/env" ? ["python3"] : [] }

    /// Chromium, its driver and Selenium are there.
    public static let isAvailable: Bool = {
        let files = ["/usr/bin/chromium", "/usr/bin/chromedriver"]
        guard files.allSatisfy(FileManager.default.isExecutableFile(atPath:)) else { return false }
        return (try? Program.run(python, pythonArguments + ["-c", "import selenium"]).status) == 0
    }()

    /// `make test` installs them and sets `SNAPSTYLE_REQUIRE_BROWSER=1`, under which their absence fails a test
    /// instead of skipping it.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["SNAPSTYLE_REQUIRE_BROWSER"] == "1" }
}
