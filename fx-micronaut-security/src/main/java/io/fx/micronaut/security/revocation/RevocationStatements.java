package io.fx.micronaut.security.revocation;

import java.util.Collections;
import java.util.List;

/**
 * The SQL of the SQL store, built once from the table prefix, in what H2 and PostgreSQL both run: the tables
 * and indexes ({@code IF NOT EXISTS}, so the migration can run again), one statement per lookup (a batch of
 * checks included), and the two-step upserts (an {@code UPDATE} keeping the greater values, else an {@code INSERT}).
 */
final class RevocationStatements {

    private static final String TIMESTAMP = "TIMESTAMP(3) WITH TIME ZONE NOT NULL";

    final List<String> migration;
    final String tokenRevoked;
    final String userCutoff;
    final String check;
    final String updateToken;
    final String insertToken;
    final String updateUser;
    final String insertUser;
    final String sweepTokens;
    final String sweepUsers;
    private final String tokens;
    private final String users;

    RevocationStatements(String prefix) {
        this.tokens = SqlTables.name(prefix, "revoked_token");
        this.users = SqlTables.name(prefix, "revoked_user");
        this.migration = List.of(
            "CREATE TABLE IF NOT EXISTS " + tokens + " (jti VARCHAR(255) PRIMARY KEY, expires_at " + TIMESTAMP + ")",
            "CREATE INDEX IF NOT EXISTS " + tokens + "_expires_at ON " + tokens + " (expires_at)",
            "CREATE TABLE IF NOT EXISTS " + users + " (user_id VARCHAR(255) PRIMARY KEY, cutoff " + TIMESTAMP
                + ", retain_until " + TIMESTAMP + ")",
            "CREATE INDEX IF NOT EXISTS " + users + "_retain_until ON " + users + " (retain_until)");
        String revoked = "SELECT COUNT(*) FROM " + tokens + " WHERE jti = ? AND expires_at > ?";
        String cutoff = "SELECT cutoff FROM " + users + " WHERE user_id = ? AND retain_until > ?";
        this.tokenRevoked = "SELECT (" + revoked + ") AS revoked";
        this.userCutoff = cutoff;
        this.check = "SELECT (" + revoked + ") AS revoked, (" + cutoff + ") AS cutoff";
        this.updateToken = "UPDATE " + tokens + " SET expires_at = GREATEST(expires_at, ?) WHERE jti = ?";
        this.insertToken = "INSERT INTO " + tokens + " (jti, expires_at) VALUES (?, ?)";
        this.updateUser = "UPDATE " + users + " SET cutoff = GREATEST(cutoff, ?), retain_until = GREATEST(retain_until, ?)"
            + " WHERE user_id = ?";
        this.insertUser = "INSERT INTO " + users + " (user_id, cutoff, retain_until) VALUES (?, ?, ?)";
        this.sweepTokens = "DELETE FROM " + tokens + " WHERE expires_at <= ?";
        this.sweepUsers = "DELETE FROM " + users + " WHERE retain_until <= ?";
    }

    /**
     * The batched check: the revoked ones among {@code width} token ids, then the retained cutoffs among
     * {@code width} users, a row each ({@code kind} {@code T} or {@code U}, {@code id}, {@code cutoff}).
     * Parameters: the token ids, the deadline, the user ids, the deadline.
     *
     * @param width how many ids of each kind the statement takes
     * @return the statement
     */
    String batchCheck(int width) {
        String marks = String.join(", ", Collections.nCopies(width, "?"));
        return "SELECT 'T' AS kind, jti AS id, CAST(NULL AS TIMESTAMP(3) WITH TIME ZONE) AS cutoff FROM " + tokens
            + " WHERE jti IN (" + marks + ") AND expires_at > ?"
            + " UNION ALL SELECT 'U' AS kind, user_id AS id, cutoff FROM " + users
            + " WHERE user_id IN (" + marks + ") AND retain_until > ?";
    }
}
