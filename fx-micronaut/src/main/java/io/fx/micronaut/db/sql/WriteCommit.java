package io.fx.micronaut.db.sql;

/**
 * How a write that joins no transaction commits: the least the write needs, so a write pays only for what it
 * uses. {@link RecordWriter#commit} chooses it from the write's listeners, scopes and relations.
 */
enum WriteCommit {

    /** One statement alone, auto-committed: no {@code BEGIN} or {@code COMMIT} round trip. */
    STATEMENT,

    /**
     * Several of the framework's own statements (a relation check, referential actions, a scope check) in a
     * transaction on a plain connection: no other code runs inside it, so nothing needs Micronaut Data's
     * transaction status to join it.
     */
    LOCAL,

    /**
     * A Micronaut Data transaction, which record listeners and after-commit callbacks running inside it can join
     * (through {@code TransactionOperations}, a repository or {@code @Transactional} code).
     */
    MANAGED
}
