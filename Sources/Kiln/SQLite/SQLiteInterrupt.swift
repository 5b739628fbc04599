import KilnSQLiteShim

/// The process-wide interrupt (Ctrl-C, `SIGTERM`): after ``request()``, every statement of every connection,
/// running or started later, fails with `SQLITE_INTERRUPT` within a few dozen steps, and the transaction it
/// belonged to is rolled back by the code that opened it, as for any other error. Once ``enable()`` has run,
/// each connection watches for it through a progress handler installed when it opens (the check is one atomic
/// load in C); apps that link kiln never enable it, and their connections carry no handler.
package enum SQLiteInterrupt {
    /// Makes every connection opened from now on honour ``request()``. Call it before opening any.
    package static func enable() { kiln_enable_interrupts() }

    /// Interrupts all SQLite work of the process, now and for good. Safe from any thread.
    package static func request() { kiln_request_interrupt() }

    /// Whether ``request()`` was called: work outside SQLite checks it between steps.
    package static var isRequested: Bool { kiln_interrupt_requested() != 0 }

    /// Throws `SQLITE_INTERRUPT` after ``request()``, so a long loop outside SQLite stops too.
    ///
    /// - Throws: ``SQLiteError`` with ``SQLiteResultCode/interrupt``.
    package static func check() throws {
        if isRequested { throw SQLiteError(code: .interrupt, message: "interrupted") }
    }
}

extension Sequence {
    /// The elements until ``SQLiteInterrupt/request()``: how an analysis loop (a check's findings, migration by
    /// migration) stops on Ctrl-C. Only for work whose result is thrown away after a signal: the command line
    /// then reports the signal, never the findings. Work whose partial result would be kept (a sum written, a
    /// script run) throws through ``SQLiteInterrupt/check()`` instead.
    package var untilInterrupted: LazyPrefixWhileSequence<LazySequence<Self>.Elements> {
        lazy.prefix { _ in !SQLiteInterrupt.isRequested }
    }
}
